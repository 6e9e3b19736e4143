import { fillTemplate } from '../catalogue/operation-map.js';
import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { isPlainObject, jsonBody, resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import type { FlowContext } from '../flows/flow.js';
import { answered, listed, shown, unanswered } from '../flows/records.js';
import { type Command, commandName, type Handle, type Values } from './commands.js';
import type { RecordSet, SetStep } from './record-set.js';
import { editAccepted, idsDistinct, type ModelRule } from './rules.js';
import { confirm, created, type ModelState, otherwise, type OwnRecord, ruleFor, written } from './state.js';

/** A call's answer that disagrees with the model. */
export interface Disagreement {
  readonly by: ModelRule;
  /** The record it is about; undefined where it is about two (their ids). */
  readonly handle?: Handle;
  readonly instancePath: string;
  readonly expected: string;
  readonly actual: string;
  /** The call that showed it. */
  readonly exchange: KeptStep;
}

/** What one sequence did: the disagreements of the first command that had any, and every call up to it. */
export interface SequenceRun {
  /** The command whose answer disagreed (its index), and how. */
  readonly failed?: { readonly at: number; readonly disagreements: readonly Disagreement[] };
  /** Each call of the sequence up to the failed command, in order, with the command it belongs to. */
  readonly steps: readonly KeptStep[];
  /** Why the sequence ended with no verdict: a call not answered, a list refused, the budget spent. */
  readonly stop?: string;
  /** Every call it made, the clean-up's included. */
  readonly calls: number;
  /** The commands, by index, that made a call: the others had no record to act on. */
  readonly sent: readonly number[];
  /** The id of a record of the run's that a delete answered with success took away: a delete of it again must find nothing. */
  readonly gone?: unknown;
  /** The records it made that stay, where the set has no delete: each by its id where a list showed one; absent: none. */
  readonly kept?: readonly { readonly id?: string }[];
}

/** A list is read at most this many pages for the run's records. */
export const LIST_PAGES = 6;

export const fill = (step: SetStep, values: Record<string, unknown>) => fillTemplate(step.body, values, step.operation) as Record<string, unknown>;

/** The values laid over a body, each number written as the template writes that field (a string of digits where it has text). */
export function laid(body: Record<string, unknown>, values: Values): Record<string, unknown> {
  return {
    ...body,
    ...Object.fromEntries(
      Object.entries(values).map(([field, value]) => [field, typeof value === 'number' && typeof body[field] === 'string' ? String(value) : value]),
    ),
  };
}

/** The predicted record fields a body sets: body field → record field, for the fields the set predicts. */
export function predictedOf(set: RecordSet, body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(set.predicted).flatMap(([field, named]) => (field in body ? [[named, body[field]]] : [])));
}

export interface ListRead {
  readonly records: readonly { readonly record: Record<string, unknown>; readonly page: KeptStep; readonly pageNo: number; readonly index: number }[];
  /** How many pages were read. */
  readonly pages: number;
  /** Every page of the list was read. */
  readonly complete: boolean;
  readonly last: KeptStep;
}

/** What a refusal said: its HTTP status and the envelope's status, code and message, where it has them. */
function refusal(exchange: Exchange): string {
  const body = jsonBody(exchange);
  const said = isPlainObject(body)
    ? ['status', 'code', 'message'].flatMap((field) => (body[field] === undefined ? [] : [`${field} ${shown(body[field])}`]))
    : [];
  return [`HTTP ${exchange.response?.status ?? 'none'}`, ...said].join(', ');
}

export const idText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** Runs commands against the server, checking each answer against the model as it comes. */
export class SequenceRunner {
  readonly state: ModelState = new Map();
  readonly steps: KeptStep[] = [];
  calls = 0;
  /** The server accepted an edit of the set in this sequence: a later one like it is predicted to be accepted too. */
  private editAccepted = false;

  constructor(
    private readonly set: RecordSet,
    private readonly context: FlowContext,
    private readonly markerBase: string,
  ) {}

  /** A call of the sequence: the exchange, and the step evidence keeps of it (labelled with its command). */
  async call(step: SetStep, body: Record<string, unknown>, label: string): Promise<{ readonly exchange: Exchange; readonly kept: KeptStep }> {
    this.calls++;
    const exchange = await this.context.call(step.operation, body);
    const kept = { ...keepStep(exchange), path: `model:${label}` };
    this.steps.push(kept);
    return { exchange, kept };
  }

  /** The run's records still to check: made, and told apart from other clients'. */
  private tracked(): OwnRecord[] {
    return [...this.state.values()].filter((record) => !record.untracked);
  }

  private disagree(about: OwnRecord | undefined, by: ModelRule, at: KeptStep, path: string, expected: string, actual: string): Disagreement {
    return { by, ...(about ? { handle: about.handle } : {}), instancePath: path, expected, actual, exchange: at };
  }

  /**
   * Reads the list's pages (up to `maxPages`: LIST_PAGES unless told) until every record the run
   * holds is found and every deleted one it has not yet seen gone has been looked for on every
   * page; or says why it cannot where a page is not answered as one.
   */
  async readList(label: string, maxPages = LIST_PAGES): Promise<ListRead | string> {
    const wanted = this.tracked().filter((record) => record.exists);
    // A deleted record not yet seen gone is looked for up to the page that last showed it.
    const goneBy = Math.max(0, ...this.tracked().flatMap((record) => (!record.exists && !record.confirmed.has('list') ? [record.page ?? LIST_PAGES] : [])));
    // A record not yet listed is found by its marker: as many times as the run's creates sent it.
    const seen = (records: readonly ListRead['records'][number][]) =>
      wanted.every((record) =>
        record.id === undefined
          ? records.filter(({ record: shown }) => shown[this.set.match] === record.marker).length >=
            wanted.filter((other) => other.id === undefined && other.marker === record.marker).length
          : records.some(({ record: shown }) => idText(shown[this.set.idField]) === record.id?.text),
      );
    const body = fill(this.set.list, {});
    const paged = typeof body.pageNo === 'number';
    const records: { record: Record<string, unknown>; page: KeptStep; pageNo: number; index: number }[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const { exchange, kept: page } = await this.call(this.set.list, paged ? { ...body, pageNo } : body, label);
      if (unanswered(exchange)) return `${this.set.list.operation} gave no answer`;
      if (!answered(exchange)) return `${this.set.list.operation} answered an error result`;
      const list = listed(exchange);
      list.forEach((record, index) => records.push({ record, page, pageNo, index }));
      const totalPage = resultData(exchange)?.totalPage;
      const full = typeof body.pageSize === 'number' && list.length >= body.pageSize;
      const ended = list.length === 0 || (typeof totalPage === 'number' ? pageNo >= totalPage : !full);
      if (!ended && !paged && !seen(records) && typeof totalPage === 'number')
        return this.readWhole(body, totalPage, { records, pages: 1, complete: false, last: page }, label);
      if (ended || !paged || pageNo >= maxPages || (pageNo >= goneBy && seen(records))) return { records, pages: pageNo, complete: ended, last: page };
    }
  }

  /**
   * A list that takes no page number, whose first page does not show every record the run holds
   * while totalPage says there are more: read once more at a page size that holds the records six
   * pages would (the walk's bound), so that what it holds can be judged whole. A refusal of that
   * size, or a page not holding them all, leaves the first read as it was.
   */
  private async readWhole(body: Record<string, unknown>, totalPage: number, first: ListRead, label: string): Promise<ListRead | string> {
    if (typeof body.pageSize !== 'number' || totalPage <= 1) return first;
    const { exchange, kept: page } = await this.call(this.set.list, { ...body, pageSize: Math.min(totalPage, LIST_PAGES) * body.pageSize }, label);
    if (unanswered(exchange)) return `${this.set.list.operation} gave no answer`;
    const whole = resultData(exchange)?.totalPage;
    if (!answered(exchange) || (typeof whole === 'number' && whole > 1)) return first;
    return { records: listed(exchange).map((record, index) => ({ record, page, pageNo: 1, index })), pages: 1, complete: true, last: page };
  }

  async list(label: string): Promise<Disagreement[] | string> {
    const read = await this.readList(label);
    if (typeof read === 'string') return read;
    const { idField, match } = this.set;
    const reused = this.learnIds(read);
    const pageSize = fill(this.set.list, {}).pageSize;
    const found: Disagreement[] = [];
    for (const record of this.tracked()) {
      // A deleted record is still listed where its id shows with its marker: a new record under its id is model-ids-distinct's.
      const byId = (entry: ListRead['records'][number]) =>
        record.id !== undefined && idText(entry.record[idField]) === record.id.text && (record.exists || entry.record[match] === record.marker);
      const entry = read.records.find(byId);
      const named = `${idField} ${record.id?.text ?? `unknown, ${match} ${JSON.stringify(record.marker)}`}`;
      if (!record.exists) {
        if (entry) found.push(this.disagree(record, ruleFor(record, 'list'), entry.page, `/data/list/${entry.index}`, `${named} gone`, 'still listed'));
        else if (read.complete || read.pages >= (record.page ?? LIST_PAGES)) confirm(record, 'list');
        continue;
      }
      if (!entry) {
        if (read.complete && !this.listedUnderAnother(record, read)) found.push(this.notListed(record, named, read));
        continue;
      }
      record.page = entry.pageNo;
      if (typeof pageSize === 'number') record.position = (entry.pageNo - 1) * pageSize + entry.index;
      const differing = otherwise(record, entry.record);
      if (differing.length > 0)
        found.push(
          this.disagree(
            record,
            ruleFor(record, 'list'),
            entry.page,
            `/data/list/${entry.index}`,
            `${named} (record ${record.handle}) as the model holds it`,
            `listed with ${differing.join(', ')}`,
          ),
        );
      else confirm(record, 'list');
    }
    return [...found, ...reused, ...this.sharedIds(read)];
  }

  /** The record's marker listed under the id of a record the run made with another marker: model-ids-distinct's finding, not a record gone. */
  private listedUnderAnother(record: OwnRecord, read: ListRead): boolean {
    const others = new Set(this.tracked().flatMap((other) => (other.marker !== record.marker && other.id ? [other.id.text] : [])));
    return read.records.some((entry) => entry.record[this.set.match] === record.marker && others.has(idText(entry.record[this.set.idField]) ?? ''));
  }

  /** A record the run holds on no page of a list read whole; where its create was sent twice, how many records its marker is on. */
  private notListed(record: OwnRecord, named: string, read: ListRead): Disagreement {
    const sent = this.tracked().filter((other) => other.marker === record.marker).length;
    const listedOn = read.records.filter((entry) => entry.record[this.set.match] === record.marker).length;
    const actual =
      sent > 1 ? `its ${this.set.match} listed on ${listedOn} of the ${sent} records its ${sent} creates answered with success made` : 'on no page of the list';
    return this.disagree(record, ruleFor(record, 'list'), read.last, '/data/list', `${named} (record ${record.handle}) listed`, actual);
  }

  /**
   * Gives each record listed for the first time its id: the records of one create sent n times take
   * the ids its marker is listed under, one each. A marker under more ids than that was sent by
   * another client too (a retry, a second tab): those records cannot be told apart, and are left.
   * An id the run saw deleted, given to a record made after, is reported (model-ids-distinct).
   */
  private learnIds(read: ListRead): Disagreement[] {
    const { idField, match } = this.set;
    const reused: Disagreement[] = [];
    const unknown = this.tracked().filter((record) => record.id === undefined);
    for (const marker of new Set(unknown.map((record) => record.marker))) {
      const records = unknown.filter((record) => record.marker === marker);
      const taken = new Set(this.tracked().flatMap((record) => (record.marker === marker && record.id ? [record.id.text] : [])));
      const entries = new Map<string, ListRead['records'][number]>();
      for (const entry of read.records) {
        const id = idText(entry.record[idField]);
        if (entry.record[match] === marker && id !== undefined && !taken.has(id) && !entries.has(id)) entries.set(id, entry);
      }
      if (entries.size > records.length) {
        for (const record of records) record.untracked = true;
        continue;
      }
      for (const [[id, entry], record] of [...entries].map((pair, index) => [pair, records[index]] as const)) {
        if (!record) continue;
        record.id = { value: entry.record[idField], text: id };
        const deleted = [...this.state.values()].find((other) => !other.exists && other.id?.text === id);
        if (deleted)
          reused.push(
            this.disagree(
              record,
              idsDistinct,
              entry.page,
              `/data/list/${entry.index}/${idField}`,
              `an id of its own for record ${record.handle} (${match} ${shown(marker)}), made after record ${deleted.handle} was deleted`,
              `listed with ${idField} ${shown(entry.record[idField])}, the id of record ${deleted.handle}, deleted before`,
            ),
          );
      }
    }
    return reused;
  }

  /**
   * The record's page at one record a page, where the last list showed it (its place there plus
   * one): a page after the first even where the list's own pages hold every record of the run on
   * page 1, so that a later page kept from before a write shows. The record as the model holds it,
   * or, once deleted, no record of its id and marker. Not found there, it says nothing (another
   * client's write moves it); a page size the list refuses says nothing either.
   */
  async page(handle: Handle, label: string): Promise<Disagreement[] | string | undefined> {
    const record = this.state.get(handle);
    const body = fill(this.set.list, {});
    const held = record?.id;
    if (!record || !held || record.untracked || record.position === undefined || typeof body.pageNo !== 'number') return undefined;
    const pageNo = record.position + 1;
    const { exchange, kept } = await this.call(this.set.list, { ...body, pageSize: 1, pageNo }, label);
    if (unanswered(exchange)) return `${this.set.list.operation} gave no answer`;
    if (!answered(exchange)) return undefined;
    const { idField, match } = this.set;
    const list = listed(exchange);
    const index = list.findIndex((shownRecord) => idText(shownRecord[idField]) === held.text && (record.exists || shownRecord[match] === record.marker));
    const entry = list[index];
    const named = `${idField} ${held.text}`;
    const where = `on its page at one record a page (pageNo ${pageNo})`;
    if (!record.exists) {
      if (!entry) confirm(record, 'page');
      return entry ? [this.disagree(record, ruleFor(record, 'page'), kept, `/data/list/${index}`, `${named} gone`, `still listed ${where}`)] : [];
    }
    if (!entry) return [];
    const differing = otherwise(record, entry);
    if (differing.length === 0) {
      confirm(record, 'page');
      return [];
    }
    return [
      this.disagree(
        record,
        ruleFor(record, 'page'),
        kept,
        `/data/list/${index}`,
        `${named} (record ${record.handle}) as the model holds it`,
        `listed ${where} with ${differing.join(', ')}`,
      ),
    ];
  }

  /**
   * A record of the run's listed under an id (or another field that names one record: an order's
   * soNo) that a record of another marker is listed under too: the run's two records, or its and
   * another client's. A record listed twice with its own marker (moved a page by another client's
   * create) is one record.
   */
  private sharedIds(read: ListRead): Disagreement[] {
    const markers = new Set(this.tracked().map((record) => record.marker));
    const ours = (marker: unknown): boolean => typeof marker === 'string' && markers.has(marker);
    for (const field of [this.set.idField, ...(this.set.alsoIds ?? [])]) {
      /** Each id with the marker of the first record listed under it. */
      const firstUnder = new Map<string, unknown>();
      for (const { record, page, index } of read.records) {
        const id = idText(record[field]);
        const marker = record[this.set.match];
        if (id === undefined) continue;
        if (!firstUnder.has(id)) {
          firstUnder.set(id, marker);
          continue;
        }
        const other = firstUnder.get(id);
        if (other === marker || !(ours(marker) || ours(other))) continue;
        const whose = ours(marker) && ours(other) ? "the run's records" : "the run's record and another";
        return [
          this.disagree(
            undefined,
            idsDistinct,
            page,
            `/data/list/${index}/${field}`,
            `two ${field}s for ${whose}, ${shown(other)} and ${shown(marker)}`,
            `both listed with ${field} ${id}`,
          ),
        ];
      }
    }
    return [];
  }

  async read(handle: Handle, label: string): Promise<Disagreement[] | string | undefined> {
    const record = this.state.get(handle);
    const detail = this.set.detail;
    if (!detail || !record?.id || record.untracked) return undefined;
    const { exchange, kept: at } = await this.call(detail, fill(detail, { id: record.id.value }), label);
    if (unanswered(exchange)) return `${detail.operation} gave no answer`;
    const data = resultData(exchange);
    const answersOne = data !== undefined && Object.keys(data).length > 0;
    const named = `${this.set.idField} ${record.id.text}`;
    if (!record.exists) {
      if (!answersOne) confirm(record, 'read');
      return answersOne ? [this.disagree(record, ruleFor(record, 'read'), at, '/data', `no record: ${named} was deleted`, 'still answered')] : [];
    }
    if (!data || !answersOne)
      return [this.disagree(record, ruleFor(record, 'read'), at, '/data', `${named} (record ${record.handle})`, 'no record: an error result')];
    // Another record's marker under the id asked: the id names two records, whichever the run made (model-ids-distinct).
    const marker = data[this.set.match];
    if (typeof marker === 'string' && marker !== record.marker)
      return [
        this.disagree(
          record,
          idsDistinct,
          at,
          `/data/${this.set.match}`,
          `${named} (record ${record.handle}), the one record of that ${this.set.idField}`,
          `answered another record: ${this.set.match} ${shown(marker)}`,
        ),
      ];
    const shownId = idText(data[this.set.idField]);
    const differing = [
      ...(shownId !== undefined && shownId !== record.id.text ? [`${this.set.idField} ${shown(data[this.set.idField])}`] : []),
      ...otherwise(record, data),
    ];
    if (differing.length > 0)
      return [
        this.disagree(
          record,
          ruleFor(record, 'read'),
          at,
          '/data',
          `${named} (record ${record.handle}) as the model holds it`,
          `answered with ${differing.join(', ')}`,
        ),
      ];
    confirm(record, 'read');
    return [];
  }

  /** A create; `as` names the record whose create this sends again, marker and all. */
  async create(handle: Handle, values: Values, label: string, as?: Handle): Promise<string | undefined> {
    const marker = `${this.markerBase}${as ?? handle}`;
    const body = laid(fill(this.set.create, { UNIQUE: marker }), values);
    const { exchange } = await this.call(this.set.create, body, label);
    if (unanswered(exchange)) return `${this.set.create.operation} gave no answer`;
    // A create refused is the server's choice: the model holds no record for it.
    if (answered(exchange))
      created(this.state, { handle, marker, values: predictedOf(this.set, body), exists: true, lastWrite: 'create', confirmed: new Map(), untracked: false });
    return undefined;
  }

  async change(kind: 'edit' | 'delete', handle: Handle, values: Values, label: string): Promise<Disagreement[] | string | undefined> {
    const record = this.state.get(handle);
    const step = kind === 'edit' ? this.set.edit : this.set.delete;
    if (!step || !record?.id || !record.exists || record.untracked) return undefined;
    const body = laid(fill(step, { id: record.id.value, UNIQUE: record.marker }), values);
    const { exchange, kept } = await this.call(step, body, label);
    if (unanswered(exchange)) return `${step.operation} gave no answer`;
    if (!answered(exchange)) {
      // A refusal is the server's choice, but for an edit like one it accepted; a rate limit refuses nothing.
      if (kind !== 'edit' || !this.editAccepted || exchange.response?.status === 429) return undefined;
      return [
        this.disagree(
          record,
          editAccepted,
          kept,
          '',
          `the edit of ${this.set.idField} ${record.id.text} (record ${record.handle}) answered with success, as an edit of this set was`,
          `refused: ${refusal(exchange)}`,
        ),
      ];
    }
    if (kind === 'edit') {
      this.editAccepted = true;
      record.values = { ...record.values, ...predictedOf(this.set, body) };
    }
    written(this.state, record, kind);
    return undefined;
  }

  async run(command: Command, label: string): Promise<Disagreement[] | string | undefined> {
    switch (command.kind) {
      case 'create':
        return this.create(command.handle, command.values, label, command.as);
      case 'list':
        return command.pageOf ? this.page(command.pageOf, label) : this.list(label);
      case 'read':
        return this.read(command.handle, label);
      case 'edit':
        return this.change('edit', command.handle, command.values, label);
      case 'delete':
        return this.change('delete', command.handle, {}, label);
    }
  }

  /** Deletes what the run made and still holds, where a delete is known; not evidence. */
  async cleanUp(): Promise<void> {
    const remove = this.set.delete;
    if (!remove) return;
    for (const record of this.tracked()) {
      if (!record.exists || !record.id) continue;
      this.calls++;
      await this.context.call(remove.operation, fill(remove, { id: record.id.value }));
    }
  }
}

/**
 * Runs a sequence: each command's answer checked against what the model predicts, up to the first
 * that disagrees under a rule it `judged`; then the records it made are deleted. `markerBase` makes
 * its markers, unique to this run of it; `budget` bounds its calls.
 */
export async function runSequence(
  set: RecordSet,
  commands: readonly Command[],
  context: FlowContext,
  markerBase: string,
  budget: number,
  judged: (rule: ModelRule) => boolean = () => true,
): Promise<SequenceRun> {
  const runner = new SequenceRunner(set, context, markerBase);
  let failed: SequenceRun['failed'];
  let stop: string | undefined;
  const sent: number[] = [];
  for (const [at, command] of commands.entries()) {
    if (runner.calls >= budget) {
      stop = `the model's budget of ${budget} calls was spent`;
      break;
    }
    const before = runner.calls;
    const outcome = await runner.run(command, `${at + 1}:${commandName(command)}`);
    if (runner.calls > before) sent.push(at);
    if (typeof outcome === 'string') {
      stop = outcome;
      break;
    }
    // A rule --checks or --exclude-checks leaves out says nothing; the model goes on.
    const judgedHere = outcome?.filter((disagreement) => judged(disagreement.by)) ?? [];
    if (judgedHere.length > 0) {
      failed = { at, disagreements: judgedHere };
      break;
    }
  }
  const steps = [...runner.steps];
  await runner.cleanUp();
  const records = [...runner.state.values()];
  const gone = records.find((record) => !record.exists && record.id !== undefined && !record.untracked)?.id?.value;
  const kept = set.delete ? [] : records.map((record) => (record.id ? { id: record.id.text } : {}));
  return {
    ...(failed ? { failed } : {}),
    steps,
    ...(stop === undefined ? {} : { stop }),
    calls: runner.calls,
    sent,
    ...(gone === undefined ? {} : { gone }),
    ...(kept.length > 0 ? { kept } : {}),
  };
}
