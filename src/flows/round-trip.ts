import { fillTemplate } from '../catalogue/operation-map.js';
import { isPlainObject, jsonBody, resultData } from '../checks/preconditions.js';
import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import type { Exchange } from '../checks/types.js';
import { textFamilies } from '../generators/coverage/round-trip.js';
import { type Listed, type ListStep, type Search, searchLists, type TaggedPage } from './_internals/list-search.js';
import { countList, recordsLeftOff } from './_internals/list-count.js';
import { pagesCountTheCreates } from './_internals/page-count.js';
import { countedList, refusedDeleteTakesARecord } from './_internals/refused-delete.js';
import { plannedCreates, textValues, withValues } from './_internals/round-trip-plan.js';
import type { FlowContext, FlowFinding, FlowOutcome } from './flow.js';
import { answered, differences, sameValue, shown as shownValue, unanswered } from './records.js';

/** A step of a round trip: its operation, and its body with `${UNIQUE}` and `${id}` left for the flow to fill. */
export interface RoundTripStep {
  readonly operation: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * What a round trip calls and compares: create records carrying the coverage pass's text and
 * numbers, find them in the lists (and by id in the detail), edit one, delete them, and look again.
 */
export interface RoundTripSpec {
  readonly create: RoundTripStep;
  /** Where the created records are looked for, in turn (a custom demand list per status). */
  readonly lists: readonly ListStep[];
  readonly detail?: RoundTripStep;
  readonly edit?: RoundTripStep;
  /** Absent where no delete is documented: what the flow creates stays. */
  readonly delete?: RoundTripStep;
  /** The record field that shows the marker the create put where `${UNIQUE}` stands. */
  readonly match: string;
  /** The record field whose value `${id}` takes. */
  readonly idField: string;
  /** Fields of the create (and edit) body that take the text families. */
  readonly text: readonly string[];
  /** Fields of the create body that take the numbers. */
  readonly numbers: readonly string[];
  /** Where the record names a field of the body otherwise: body field → record field. */
  readonly fields: Readonly<Record<string, string>>;
}

/** A record the flow sent and found again: what it sent, by which call, and where the list showed it. */
interface Shown {
  readonly marker: string;
  readonly label: string;
  readonly family?: number;
  readonly body: Record<string, unknown>;
  readonly sentBy: KeptStep;
  readonly record: Record<string, unknown>;
  readonly listedIn: KeptStep;
  readonly index: number;
}

const fill = (step: RoundTripStep, values: Record<string, unknown>): Record<string, unknown> =>
  fillTemplate(step.body, values, step.operation) as Record<string, unknown>;

const incomplete = (reason: string, findings: readonly FlowFinding[]): FlowOutcome => ({ completed: false, reason, findings });

/**
 * The marker a listed record shows: in the field meant to carry it, else in whichever field does. A
 * create that writes the body's values into other columns lists the record all the same, and what
 * it lists otherwise is then compared, rather than the record taken for one never listed.
 */
function markerOf(spec: RoundTripSpec, markers: ReadonlySet<string>): (record: Record<string, unknown>) => string | undefined {
  return (record) => {
    const own = record[spec.match];
    if (typeof own === 'string' && markers.has(own)) return own;
    return Object.values(record).find((value): value is string => typeof value === 'string' && markers.has(value));
  };
}

/**
 * The fields of a record that do not show what a body sent: each scalar field of the body that the
 * record names (under the name `fields` gives, which the record must then have), the id aside (the
 * server gives it). Null is "not given" in the samples (4 rule 4): not compared.
 */
function recordDifferences(spec: RoundTripSpec, record: Record<string, unknown>, body: Record<string, unknown>): string[] {
  const sent = Object.entries(body).flatMap(([field, value]) => {
    const named = spec.fields[field] ?? field;
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    const inRecord = named in record || field in spec.fields;
    return scalar && inRecord && field !== spec.idField && named !== spec.idField ? [[named, value] as const] : [];
  });
  return differences(record, Object.fromEntries(sent));
}

/** A record listed with other values than were sent. */
function listedOtherwise(spec: RoundTripSpec, shown: Shown, by: string): FlowFinding[] {
  const otherwise = recordDifferences(spec, shown.record, shown.body);
  if (otherwise.length === 0) return [];
  return [
    {
      instancePath: `/data/list/${shown.index}`,
      expected: `what ${by} accepted, as sent (${shown.label})`,
      actual: `listed with ${otherwise.join(', ')}`,
      exchange: shown.listedIn,
      steps: [shown.sentBy, shown.listedIn],
    },
  ];
}

/**
 * Each record asked for by id: the detail must show what was sent, and answer a record for every
 * id the list showed. Returns why the flow stops, if it must.
 */
async function compareDetails(
  spec: RoundTripSpec,
  context: FlowContext,
  shown: readonly Shown[],
  by: string,
  findings: FlowFinding[],
): Promise<string | undefined> {
  if (!spec.detail) return undefined;
  for (const entry of shown) {
    const id = entry.record[spec.idField];
    const detail = await context.call(spec.detail.operation, fill(spec.detail, { id }));
    if (unanswered(detail)) return `${spec.detail.operation} gave no answer for ${spec.idField} ${String(id)}`;
    const data = resultData(detail);
    if (data === undefined) {
      findings.push({
        instancePath: '/data',
        expected: `the record the list shows as ${spec.idField} ${String(id)}`,
        actual: 'no record: an error result',
        exchange: detail,
        steps: [entry.sentBy, entry.listedIn, keepStep(detail)],
      });
      continue;
    }
    const otherwise = recordDifferences(spec, data, entry.body);
    if (otherwise.length > 0) {
      findings.push({
        instancePath: '/data',
        expected: `what ${by} accepted, as sent (${entry.label})`,
        actual: `answered with ${otherwise.join(', ')}`,
        exchange: detail,
        steps: [entry.sentBy, keepStep(detail)],
      });
    }
  }
  return undefined;
}

/**
 * The fields of another record that hold what an edit sent where its own create sent something
 * else: each scalar field both bodies name, the id aside, compared as recordDifferences compares.
 */
function takenFromEdit(spec: RoundTripSpec, record: Record<string, unknown>, own: Record<string, unknown>, edit: Record<string, unknown>): string[] {
  return Object.entries(edit).flatMap(([field, value]) => {
    const named = spec.fields[field] ?? field;
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    if (!scalar || field === spec.idField || named === spec.idField || !(field in own) || sameValue(own[field], value)) return [];
    return sameValue(record[named], value) && !sameValue(record[named], own[field])
      ? [`${named} ${shownValue(record[named])} (its own ${shownValue(own[field])})`]
      : [];
  });
}

/**
 * Another record listed with the values an edit sent for the one it named: "edit consignee address"
 * (4.1) edits one address, not the member's others (an UPDATE whose WHERE left the edited row out
 * rather than keeping only it).
 */
function otherRewritten(
  spec: RoundTripSpec,
  other: Shown,
  where: Listed | undefined,
  edited: { id: unknown; body: Record<string, unknown>; sentBy: KeptStep; by: string },
): FlowFinding[] {
  const taken = where ? takenFromEdit(spec, where.record, other.body, edited.body) : [];
  if (!where || taken.length === 0) return [];
  const otherId = String(other.record[spec.idField]);
  return [
    {
      instancePath: `/data/list/${where.index}`,
      expected: `${spec.idField} ${otherId} as its create sent it: ${edited.by} of ${spec.idField} ${String(edited.id)} changes only that record`,
      actual: `listed with what that edit sent: ${taken.join(', ')}`,
      exchange: where.exchange,
      steps: [other.sentBy, edited.sentBy, where.exchange],
    },
  ];
}

/**
 * Edits one record with the text of the next family, then finds it by id in the lists and the
 * detail: both must show the edit. Another record the flow created is looked for beside it, and
 * must not show what the edit sent (otherRewritten). An edit the server refuses is not compared.
 * Returns why the flow stops, if it must.
 */
async function editOne(
  spec: RoundTripSpec,
  edit: RoundTripStep,
  context: FlowContext,
  entry: Shown,
  others: readonly Shown[],
  findings: FlowFinding[],
): Promise<string | undefined> {
  const id = entry.record[spec.idField];
  const family = ((entry.family ?? -1) + 1) % textFamilies.length;
  const body = withValues(fill(edit, { id, UNIQUE: entry.marker }), spec.text.length === 0 ? {} : textValues(family, spec.text));
  const sentBy = await context.call(edit.operation, body);
  if (unanswered(sentBy)) return `${edit.operation} gave no answer for ${spec.idField} ${String(id)}`;
  if (!answered(sentBy)) return undefined;
  // The last created, whose values differ most from the edit's (the edit takes the family after the first's).
  const other = others.at(-1);
  const otherId = other && String(other.record[spec.idField]);
  const wanted = new Set([String(id), ...(otherId === undefined || otherId === String(id) ? [] : [otherId])]);
  const search = await searchLists(context, spec.lists, (record) => String(record[spec.idField]), wanted);
  if (search.unanswered) return `${search.unanswered.operation.id} answered no page after ${edit.operation}`;
  if (other && otherId !== undefined && wanted.size === 2)
    findings.push(...otherRewritten(spec, other, search.found.get(otherId), { id, body, sentBy: keepStep(sentBy), by: edit.operation }));
  const where = search.found.get(String(id));
  // Not seen in lists not read to their end: it may be on a page they do not show.
  if (!where && search.partial) return undefined;
  if (!where) {
    // The last page the lists answered: every round trip reads at least one list.
    const lastPage = search.calls.at(-1);
    if (lastPage)
      findings.push({
        instancePath: '/data/list',
        expected: `the record ${edit.operation} changed (${spec.idField} ${String(id)})`,
        actual: 'no longer listed',
        exchange: lastPage,
        steps: [keepStep(sentBy), ...search.calls],
      });
    return undefined;
  }
  const edited: Shown = {
    ...entry,
    label: `${textFamilies[family]?.title}, by ${edit.operation}`,
    body,
    sentBy: keepStep(sentBy),
    record: where.record,
    listedIn: where.exchange,
    index: where.index,
  };
  findings.push(...listedOtherwise(spec, edited, edit.operation));
  return compareDetails(spec, context, [edited], edit.operation, findings);
}

/**
 * Runs a round trip. Creates one record per planned set of values, each with its own marker
 * (`markerBase-1`, `-2`, …): a create the server refuses is not compared (refusing a value is the
 * server's choice); one with no answer ends the flow without a verdict. Then: the lists and the
 * detail show each accepted record as sent, and the list the walk read whole counts the records it
 * counted before the creates and those they added (recordsLeftOff); one record is edited and shown
 * as edited; each is deleted and gone from the lists and the detail.
 */
export async function runRoundTrip(spec: RoundTripSpec, context: FlowContext, markerBase: string): Promise<FlowOutcome> {
  const findings: FlowFinding[] = [];
  const created: Array<{ marker: string; label: string; family?: number; body: Record<string, unknown>; sentBy: KeptStep }> = [];
  // The list as the walk read it whole, counted just before the creates: what it must count after them.
  const walked = spec.lists[0] && (await context.walked?.(spec.lists[0].operation));
  const counted = walked && (await countList(context, walked));
  const plan = plannedCreates(spec.text, spec.numbers);
  for (const [index, planned] of plan.entries()) {
    const marker = `${markerBase}-${index + 1}`;
    const body = withValues(fill(spec.create, { UNIQUE: marker }), planned.values);
    const sentBy = await context.call(spec.create.operation, body);
    if (unanswered(sentBy)) return incomplete(`${spec.create.operation} gave no answer (${planned.label})`, findings);
    if (answered(sentBy))
      created.push({ marker, label: planned.label, ...(planned.family === undefined ? {} : { family: planned.family }), body, sentBy: keepStep(sentBy) });
  }
  if (created.length === 0) return incomplete(`${spec.create.operation} refused each of its ${plan.length} creates`, findings);

  const markers = new Set(created.map((entry) => entry.marker));
  const before = await searchLists(context, spec.lists, markerOf(spec, markers), markers);
  if (before.unanswered) return incomplete(`${before.unanswered.operation.id} answered no page after the creates`, findings);
  const missing = created.filter((entry) => !before.found.has(entry.marker));
  // A list not read to its end (more records than its pages show, no pageNo to ask for the rest) says nothing of what it did not show.
  const unseen = before.partial ? missing : [];
  const lastPage = before.calls.at(-1);
  if (missing.length > 0 && !before.partial && lastPage) {
    findings.push({
      instancePath: '/data/list',
      expected: `each record ${spec.create.operation} accepted, by its ${spec.match} (${markerBase}-{${missing.map((entry) => entry.marker.slice(markerBase.length + 1)).join(',')}})`,
      actual: `${missing.length} of ${created.length} not listed: ${missing.map((entry) => entry.label).join('; ')}`,
      exchange: lastPage,
      steps: [...missing.map((entry) => entry.sentBy), ...before.calls],
    });
  }
  const shown: Shown[] = created.flatMap((entry) => {
    const where = before.found.get(entry.marker);
    return where ? [{ ...entry, record: where.record, listedIn: where.exchange, index: where.index }] : [];
  });
  for (const entry of shown) findings.push(...listedOtherwise(spec, entry, spec.create.operation));
  const firstListed = shown[0] && before.found.get(shown[0].marker);
  const listedIn = firstListed ? spec.lists[firstListed.step] : undefined;
  const uncounted =
    listedIn && typeof listedIn.body.pageSize === 'number' ? await pagesCountTheCreates(context, listedIn, spec.idField, created.length) : undefined;
  if (uncounted) findings.push(uncounted);
  const leftOff = walked && counted ? await recordsLeftOff(context, walked, counted, created.length) : undefined;
  if (leftOff) findings.push(leftOff);
  const stop =
    (await compareDetails(spec, context, shown, spec.create.operation, findings)) ??
    (spec.edit && shown[0] ? await editOne(spec, spec.edit, context, shown[0], shown.slice(1), findings) : undefined);
  if (stop) return incomplete(stop, findings);
  const verdict = (): FlowOutcome =>
    unseen.length > 0
      ? incomplete(
          `${unseen.length} of ${created.length} records ${spec.create.operation} accepted were not in the pages the lists show, which do not hold them all`,
          findings,
        )
      : { completed: true, findings };
  if (!spec.delete || shown.length === 0) return verdict();

  const remove = spec.delete;
  const withoutToken = await deleteWithoutToken(spec, remove, context, shown, before, findings);
  if (withoutToken.stop) return incomplete(withoutToken.stop, findings);
  // A delete refused (an error result) is looked for as any other: the record it named still listed is what a client sees.
  const deleted = new Map<string, { readonly id: unknown; readonly exchange: Exchange }>();
  for (const entry of withoutToken.left) {
    const id = entry.record[spec.idField];
    const exchange = await context.call(remove.operation, fill(remove, { id }));
    if (unanswered(exchange)) return incomplete(`${remove.operation} gave no answer for ${spec.idField} ${String(id)}`, findings);
    deleted.set(String(id), { id, exchange });
  }
  // The pages that showed the records, and the first page of every list: where a deleted record would still be.
  const pages = spec.lists.map((_, step) => before.pages[step] ?? 1);
  const after = await searchLists(context, spec.lists, (record) => String(record[spec.idField]), new Set(deleted.keys()), pages);
  if (after.unanswered) return incomplete(`${after.unanswered.operation.id} answered no page after the deletes`, findings);
  const retagged = sameTagOtherContent(before.tagged, after.tagged);
  if (retagged) findings.push(retagged);
  const gone = (key: string) => `${spec.idField} ${key} gone after ${remove.operation}`;
  const refusedNote = (removal: Exchange) => (answered(removal) ? '' : `; ${remove.operation} answered an error result for it`);
  for (const [key, where] of after.found) {
    // Only the deleted records are looked for.
    const removal = deleted.get(key)?.exchange;
    if (removal)
      findings.push({
        instancePath: `/data/list/${where.index}`,
        expected: gone(key),
        actual: `still listed${refusedNote(removal)}`,
        exchange: where.exchange,
        steps: [keepStep(removal), where.exchange],
      });
  }
  const stillAnswered = new Set<string>();
  if (spec.detail) {
    for (const [key, { id, exchange }] of deleted) {
      const detail = await context.call(spec.detail.operation, fill(spec.detail, { id }));
      if (unanswered(detail)) return incomplete(`${spec.detail.operation} gave no answer after the deletes`, findings);
      // An error result (not found) is what a deleted record should get.
      if (!answered(detail)) continue;
      stillAnswered.add(key);
      findings.push({
        instancePath: '/data',
        expected: gone(key),
        actual: `still answered${refusedNote(exchange)}`,
        exchange: detail,
        steps: [keepStep(exchange), keepStep(detail)],
      });
    }
  }
  // Gone where the lists (read to their end, or the detail) no longer show it: a delete that said it failed then did its work.
  const knownGone = (key: string) => !after.found.has(key) && !stillAnswered.has(key) && (spec.detail !== undefined || !after.partial);
  for (const [key, { exchange }] of deleted) {
    if (answered(exchange) || !knownGone(key)) continue;
    findings.push({
      instancePath: '/code',
      expected: `${remove.operation} answered as it did: a success where the record is gone, or an error result where it is not (7 rule 1)`,
      actual: `answered an error result (code ${JSON.stringify(resultCode(exchange))}), yet ${spec.idField} ${key} is gone from the lists${spec.detail ? ' and the detail' : ''}`,
      exchange,
      steps: [keepStep(exchange), ...after.calls],
    });
  }
  // The delete of a record known gone, sent again: refused, it must leave every other record where it was.
  const goneForSure = [...deleted].find(([key, { exchange }]) => answered(exchange) && knownGone(key));
  const countedBy = countedList(spec.lists[0]);
  const taken =
    goneForSure &&
    countedBy &&
    (await refusedDeleteTakesARecord(context, countedBy, { operation: remove.operation, body: fill(remove, { id: goneForSure[1].id }) }));
  if (taken) findings.push(taken);
  return verdict();
}

/** The envelope's code of an answer, where it has one. */
function resultCode(exchange: Exchange): unknown {
  const body = jsonBody(exchange);
  return isPlainObject(body) ? body.code : undefined;
}

/**
 * The same page asked twice, before and after the deletes, answered with the same strong entity tag
 * and different content: "A strong validator … changes value whenever a change occurs to the
 * representation data" (RFC 9110 §8.8.1), so a cache or a client's If-None-Match keeps the page as it was.
 */
function sameTagOtherContent(before: readonly TaggedPage[], after: readonly TaggedPage[]): FlowFinding | undefined {
  for (const later of after) {
    const earlier = before.find((page) => page.request === later.request && page.etag === later.etag && page.content !== later.content);
    if (earlier)
      return {
        instancePath: '',
        expected: 'a strong entity tag that changes with the page it tags (RFC 9110 §8.8.1)',
        actual: `ETag ${later.etag} on ${later.request} before and after the deletes, with other content`,
        exchange: later.exchange,
        steps: [earlier.exchange, later.exchange],
      };
  }
  return undefined;
}

/**
 * The delete of the first record, sent without the authorization header, then the record looked
 * for in the pages that listed it (and by the detail, where the lists are not read to their end). A refusal of the call that deleted the record all
 * the same is reported: the server checked the token after doing the work (OWASP API2). A record
 * deleted by such a call is not deleted again. Returns the records left to delete.
 */
async function deleteWithoutToken(
  spec: RoundTripSpec,
  remove: RoundTripStep,
  context: FlowContext,
  shown: readonly Shown[],
  before: Search,
  findings: FlowFinding[],
): Promise<{ readonly left: readonly Shown[]; readonly stop?: string }> {
  const [first, ...rest] = shown;
  if (!first) return { left: shown };
  const id = first.record[spec.idField];
  const refusal = await context.call(remove.operation, fill(remove, { id }), 'without-token');
  if (unanswered(refusal)) return { left: shown, stop: `${remove.operation} gave no answer without a token` };
  // Looked for where it was listed, as it was found before.
  const pages = spec.lists.map((_, step) => before.pages[step] ?? 1);
  const search = await searchLists(context, spec.lists, (record) => String(record[spec.idField]), new Set([String(id)]), pages);
  if (search.unanswered) return { left: shown, stop: `${search.unanswered.operation.id} answered no page after a delete without a token` };
  let present = search.found.size > 0;
  let look = search.calls.at(-1);
  // Not found in lists not read to their end says nothing; the detail, which answered the records the lists showed, then tells.
  if (!present && search.partial) {
    if (!spec.detail) return { left: shown };
    const detail = await context.call(spec.detail.operation, fill(spec.detail, { id }));
    if (unanswered(detail)) return { left: shown, stop: `${spec.detail.operation} gave no answer after a delete without a token` };
    present = answered(detail);
    look = keepStep(detail);
  }
  if (present) return { left: shown };
  // Carried out and said so: the auth probes report a call let in without a token.
  if (!answered(refusal))
    findings.push({
      instancePath: '',
      expected: `${spec.idField} ${String(id)} still there after ${remove.operation} without an authorization header was refused`,
      actual: `refused (HTTP ${refusal.response?.status}, code ${JSON.stringify(resultCode(refusal))}), yet gone: the call did its work before its token was checked`,
      exchange: refusal,
      steps: [first.sentBy, keepStep(refusal), ...(look ? [look] : [])],
    });
  return { left: rest };
}
