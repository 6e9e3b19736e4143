import type { KeptStep } from '../checks/kept-exchange.js';
import { isPlainObject, jsonBody, resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import { answered, shown } from '../flows/records.js';
import { type Command, commandName, type Handle } from './commands.js';
import type { RecordSet } from './record-set.js';
import { idText, type ListRead } from './run-sequence.js';
import { otherwise } from './state.js';

/** A record of the run as one order of the raced commands leaves it. */
export interface Held {
  readonly handle: Handle;
  readonly marker: string;
  id?: { readonly value: unknown; readonly text: string };
  values: Record<string, unknown>;
  exists: boolean;
}

/** The run's records, by handle, as an order leaves them. */
export type HeldRecords = Map<Handle, Held>;

/** A command of a race as it was sent, with its answer: one exchange, or a list's pages. */
export type Sent =
  | { readonly command: Command & { readonly kind: 'list' }; readonly list: ListRead }
  | {
      readonly command: Exclude<Command, { readonly kind: 'list' }>;
      readonly exchange: Exchange;
      readonly kept: KeptStep;
      /** What a create or an edit sets: record field → value. */
      readonly sets: Readonly<Record<string, unknown>>;
    };

/** Whether a write was done (an answered result) or refused (an error result): what the model reads of its answer. */
export type Outcome = 'success' | 'refused';

export const outcomeOf = (exchange: Exchange): Outcome => (answered(exchange) ? 'success' : 'refused');

const outcomeText = (outcome: Outcome) => (outcome === 'success' ? 'with success' : 'an error result');

/** Where an order stops explaining the answers: why, and the answer that shows it. */
export interface Unexplained {
  readonly why: string;
  readonly at: KeptStep;
  readonly instancePath: string;
}

const copy = (state: HeldRecords): HeldRecords => new Map([...state].map(([handle, record]) => [handle, { ...record, values: { ...record.values } }]));

/**
 * What 2.1 asks of every answer, read without the schema: a JSON object with `data` and `error`
 * objects and `status`, `code` and `message` strings (`data` alone where the operation carries only
 * it). Undefined where the answer is one; else what it is instead.
 */
export function notAnEnvelope(exchange: Exchange): string | undefined {
  const body = jsonBody(exchange);
  if (!isPlainObject(body))
    return `HTTP ${exchange.response?.status ?? 'no answer'} with ${body === undefined ? 'a body that is not JSON' : 'JSON that is no object'}`;
  const objects = exchange.operation.envelope === 'data-only' ? ['data'] : ['data', 'error'];
  const strings = exchange.operation.envelope === 'data-only' ? [] : ['status', 'code', 'message'];
  const wrong = [...objects.filter((field) => !isPlainObject(body[field])), ...strings.filter((field) => typeof body[field] !== 'string')];
  return wrong.length > 0 ? `an envelope with ${wrong.map((field) => `${field} ${shown(body[field])}`).join(', ')}` : undefined;
}

/** What the list shows that this state does not: a record missing (on a list read whole), shown otherwise, shown though deleted, or two under one id. */
function unexplainedList(set: RecordSet, state: HeldRecords, read: ListRead): Unexplained | undefined {
  const { idField, match } = set;
  const ids = new Map<string, Handle>();
  for (const record of state.values()) {
    const entry = read.records.find(({ record: shown }) => (record.id ? idText(shown[idField]) === record.id.text : shown[match] === record.marker));
    const name = `record ${record.handle} (${record.id ? `${idField} ${record.id.text}` : `${match} ${shown(record.marker)}`})`;
    if (!record.exists) {
      if (entry) return { why: `the list shows ${name}, deleted by then`, at: entry.page, instancePath: `/data/list/${entry.index}` };
      continue;
    }
    if (!entry) {
      if (read.complete) return { why: `the list shows no ${name}`, at: read.last, instancePath: '/data/list' };
      continue;
    }
    const differing = otherwise(record, entry.record);
    if (differing.length > 0) return { why: `the list shows ${name} with ${differing.join(', ')}`, at: entry.page, instancePath: `/data/list/${entry.index}` };
    const id = idText(entry.record[idField]);
    const other = id === undefined ? undefined : ids.get(id);
    if (id !== undefined && other !== undefined)
      return {
        why: `the list shows records ${other} and ${record.handle} under one ${idField} ${id}`,
        at: entry.page,
        instancePath: `/data/list/${entry.index}/${idField}`,
      };
    if (id !== undefined) ids.set(id, record.handle);
  }
  return undefined;
}

/**
 * Plays one answer on a state: a write answered with success is done, one refused is not (the
 * server's choice); a delete of a record already gone must answer as a delete of a deleted record
 * does on this server (`gone`, learnt from one sent alone); a read must show the state. Undefined
 * where the answer fits, the state changed as the command changes it.
 */
export function unexplained(set: RecordSet, state: HeldRecords, sent: Sent, gone: Outcome | undefined): Unexplained | undefined {
  if (sent.command.kind === 'list') return 'list' in sent ? unexplainedList(set, state, sent.list) : undefined;
  if (!('exchange' in sent)) return undefined;
  const { command, exchange, kept } = sent;
  const record = state.get(command.handle);
  if (!record) return undefined;
  const outcome = outcomeOf(exchange);
  const name = commandName(command);
  switch (command.kind) {
    case 'create':
      if (outcome === 'success') record.exists = true;
      return undefined;
    case 'edit':
      if (record.exists && outcome === 'success') record.values = { ...record.values, ...sent.sets };
      return undefined;
    case 'delete':
      if (record.exists) {
        if (outcome === 'success') record.exists = false;
        return undefined;
      }
      return gone === undefined || outcome === gone
        ? undefined
        : {
            why: `${name} answered ${outcomeText(outcome)} where the record was gone; a delete of a deleted record answers ${outcomeText(gone)}`,
            at: kept,
            instancePath: '',
          };
    case 'read': {
      const data = resultData(exchange);
      const answersOne = data !== undefined && Object.keys(data).length > 0;
      if (!record.exists) return answersOne ? { why: `${name} answered the record, deleted by then`, at: kept, instancePath: '/data' } : undefined;
      if (!data || !answersOne) return { why: `${name} answered no record`, at: kept, instancePath: '/data' };
      const shownId = idText(data[set.idField]);
      const differing = [
        ...(shownId !== undefined && record.id && shownId !== record.id.text ? [`${set.idField} ${shown(data[set.idField])}`] : []),
        ...otherwise(record, data),
      ];
      return differing.length > 0 ? { why: `${name} answered ${differing.join(', ')}`, at: kept, instancePath: '/data' } : undefined;
    }
  }
}

/** Every order of n commands, as lists of their indexes, the order they were written in first: n! of them (n is at most 4). */
export function orders(n: number): number[][] {
  const from = (left: readonly number[]): number[][] =>
    left.length === 0 ? [[]] : left.flatMap((first) => from(left.filter((index) => index !== first)).map((rest) => [first, ...rest]));
  return from(Array.from({ length: n }, (_, index) => index));
}

/** The verdict on one race: the state an order that explains every answer leaves, or each order tried with where it stopped. */
export type RaceVerdict = { readonly explained: HeldRecords } | { readonly furthest: Unexplained; readonly tried: readonly string[] };

/**
 * Linearizability over a few commands (Jepsen's Knossos, QuickCheck's parallel state machines): the
 * answers to the raced commands and to the calls after them are explained when some order of the
 * raced commands, played on the state before them, predicts every one. Otherwise each order is
 * listed with the first answer it cannot explain, and the answer that the order explaining the most
 * stops at is the evidence.
 */
export function judgeRace(set: RecordSet, before: HeldRecords, raced: readonly Sent[], after: readonly Sent[], gone: Outcome | undefined): RaceVerdict {
  /** The orders tried, by the first answer each cannot explain: the same reason once, with its orders. */
  const tried = new Map<string, string[]>();
  let furthest: { readonly unexplained: Unexplained; readonly reached: number } | undefined;
  for (const order of orders(raced.length)) {
    const state = copy(before);
    const played = [...order.flatMap((index) => raced[index] ?? []), ...after];
    let reached = 0;
    let stopped: Unexplained | undefined;
    for (const sent of played) {
      stopped = unexplained(set, state, sent, gone);
      if (stopped) break;
      reached++;
    }
    if (!stopped) return { explained: state };
    tried.set(stopped.why, [...(tried.get(stopped.why) ?? []), order.map((index) => index + 1).join(' ')]);
    if (!furthest || reached > furthest.reached) furthest = { unexplained: stopped, reached };
  }
  // orders() gives at least one order, and one that stops sets furthest.
  const triedText = [...tried].map(([why, stoppedThere]) => `${stoppedThere.length === 1 ? 'order' : 'orders'} ${stoppedThere.join(', ')}: ${why}`);
  return furthest ? { furthest: furthest.unexplained, tried: triedText } : { explained: before };
}
