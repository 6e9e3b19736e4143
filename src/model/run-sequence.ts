import { fillTemplate } from '../catalogue/operation-map.js';
import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import type { FlowContext } from '../flows/flow.js';
import { answered, listed, shown, unanswered } from '../flows/records.js';
import { type Command, commandName, type Handle, type Values } from './commands.js';
import type { RecordSet, SetStep } from './record-set.js';
import { idsDistinct, type ModelRule } from './rules.js';
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

export const idText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** Runs commands against the server, checking each answer against the model as it comes. */
export class SequenceRunner {
  readonly state: ModelState = new Map();
  readonly steps: KeptStep[] = [];
  calls = 0;

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
   * Reads the list's pages (up to LIST_PAGES) until every record the run holds is found and every
   * deleted one it has not yet seen gone has been looked for on every page; or says why it cannot
   * where a page is not answered as one; `maxPages` bounds the pages read.
   */
  async readList(label: string, maxPages = LIST_PAGES): Promise<ListRead | string> {
    const wanted = this.tracked().filter((record) => record.exists);
    // A deleted record not yet seen gone is looked for up to the page that last showed it.
    const goneBy = Math.max(0, ...this.tracked().flatMap((record) => (!record.exists && !record.confirmed.has('list') ? [record.page ?? LIST_PAGES] : [])));
    const seen = (records: readonly ListRead['records'][number][]) =>
      wanted.every((record) =>
        records.some(({ record: shown }) =>
          record.id === undefined ? shown[this.set.match] === record.marker : idText(shown[this.set.idField]) === record.id.text,
        ),
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
      if (ended || !paged || pageNo >= Math.min(LIST_PAGES, maxPages) || (pageNo >= goneBy && seen(records)))
        return { records, pages: pageNo, complete: ended, last: page };
    }
  }

  async list(label: string): Promise<Disagreement[] | string> {
    const read = await this.readList(label);
    if (typeof read === 'string') return read;
    const { idField, match } = this.set;
    const found: Disagreement[] = [];
    for (const record of this.tracked()) {
      const byId = (entry: ListRead['records'][number]) => record.id !== undefined && idText(entry.record[idField]) === record.id.text;
      const byMarker = (entry: ListRead['records'][number]) => entry.record[match] === record.marker;
      const where = record.id === undefined ? read.records.filter(byMarker) : read.records.filter(byId);
      if (record.id === undefined && new Set(where.map((entry) => idText(entry.record[idField]))).size > 1) {
        record.untracked = true;
        continue;
      }
      const [entry] = where;
      const named = `${idField} ${record.id?.text ?? `unknown, ${match} ${JSON.stringify(record.marker)}`}`;
      if (!record.exists) {
        if (entry) found.push(this.disagree(record, ruleFor(record, 'list'), entry.page, `/data/list/${entry.index}`, `${named} gone`, 'still listed'));
        else if (read.complete || read.pages >= (record.page ?? LIST_PAGES)) confirm(record, 'list');
        continue;
      }
      if (!entry) {
        if (read.complete)
          found.push(
            this.disagree(record, ruleFor(record, 'list'), read.last, '/data/list', `${named} (record ${record.handle}) listed`, 'on no page of the list'),
          );
        continue;
      }
      record.page = entry.pageNo;
      const id = idText(entry.record[idField]);
      if (record.id === undefined && id !== undefined) record.id = { value: entry.record[idField], text: id };
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
    return [...found, ...this.sharedIds(read)];
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

  async create(handle: Handle, values: Values, label: string): Promise<string | undefined> {
    const marker = `${this.markerBase}${handle}`;
    const body = laid(fill(this.set.create, { UNIQUE: marker }), values);
    const { exchange } = await this.call(this.set.create, body, label);
    if (unanswered(exchange)) return `${this.set.create.operation} gave no answer`;
    // A create refused is the server's choice: the model holds no record for it.
    if (answered(exchange))
      created(this.state, { handle, marker, values: predictedOf(this.set, body), exists: true, lastWrite: 'create', confirmed: new Map(), untracked: false });
    return undefined;
  }

  async change(kind: 'edit' | 'delete', handle: Handle, values: Values, label: string): Promise<string | undefined> {
    const record = this.state.get(handle);
    const step = kind === 'edit' ? this.set.edit : this.set.delete;
    if (!step || !record?.id || !record.exists || record.untracked) return undefined;
    const body = laid(fill(step, { id: record.id.value, UNIQUE: record.marker }), values);
    const { exchange } = await this.call(step, body, label);
    if (unanswered(exchange)) return `${step.operation} gave no answer`;
    if (!answered(exchange)) return undefined;
    if (kind === 'edit') record.values = { ...record.values, ...predictedOf(this.set, body) };
    written(this.state, record, kind);
    return undefined;
  }

  async run(command: Command, label: string): Promise<Disagreement[] | string | undefined> {
    switch (command.kind) {
      case 'create':
        return this.create(command.handle, command.values, label);
      case 'list':
        return this.list(label);
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
