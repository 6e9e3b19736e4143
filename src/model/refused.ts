import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import type { FlowContext, FlowFinding } from '../flows/flow.js';
import { answered, unanswered } from '../flows/records.js';
import type { RecordSet, SetStep } from './record-set.js';
import { refusedChangesNothing } from './rules.js';
import { fill, idText } from './run-sequence.js';

/** Calls the refused writes make at most: a count, the write, a count, and once more where the count moved. */
export const REFUSED_CALLS = 5;

/** The fields of a page that count its records: at pageSize 1, totalPage is the number of records (2.2). */
const COUNTS = ['totalPage', 'total'] as const;

type Counts = Partial<Record<(typeof COUNTS)[number], number>>;

/** What the refused writes did: a finding, or why there was no verdict, and an order placed where it should have been refused. */
export interface RefusedRun {
  readonly finding?: FlowFinding;
  readonly stop?: string;
  /** The id of a record the refused create made after all: it stays. */
  readonly placed?: string;
  readonly calls: number;
}

const countsOf = (exchange: Exchange): Counts | undefined => {
  const data = resultData(exchange);
  const counts = Object.fromEntries(COUNTS.flatMap((field) => (typeof data?.[field] === 'number' ? [[field, data[field]]] : [])));
  return answered(exchange) && Object.keys(counts).length > 0 ? counts : undefined;
};

/** The counts that moved, each with how far: `totalPage -1`; empty where none did. */
const moved = (before: Counts, after: Counts): { readonly field: string; readonly by: string }[] =>
  COUNTS.flatMap((field) => {
    const from = before[field];
    const to = after[field];
    return from !== undefined && to !== undefined && to !== from ? [{ field, by: `${field} ${to > from ? '+' : ''}${to - from}` }] : [];
  });

const movedText = (drift: readonly { readonly by: string }[]): string => drift.map((count) => count.by).join(', ');

/**
 * The write to refuse, on the run's own records only: the delete of a record the sequence deleted,
 * or, where the set has no delete, its create the server must refuse, with a marker of the run's.
 */
function refusedWrite(set: RecordSet, gone: unknown, marker: string): { readonly step: SetStep; readonly body: Record<string, unknown> } | undefined {
  if (set.delete && gone !== undefined) return { step: set.delete, body: fill(set.delete, { id: gone }) };
  if (set.refusedCreate) return { step: set.refusedCreate, body: fill(set.refusedCreate, { UNIQUE: marker }) };
  return undefined;
}

/**
 * Sends a write the server should refuse and reads the list's counts before and after it (page 1 at
 * pageSize 1). A count moved by a refusal is sent again: only where the second refusal moves it by as
 * much is it the refusal's doing, not another client's write in between (model-refused-changes-nothing).
 * A write answered with success is the server's choice (a delete of a deleted record may succeed):
 * nothing is predicted of it.
 */
export async function runRefused(set: RecordSet, context: FlowContext, gone: unknown, marker: string): Promise<RefusedRun> {
  const write = refusedWrite(set, gone, marker);
  if (!write) return { calls: 0 };
  const listBody = fill(set.list, {});
  const countBody = { ...listBody, pageSize: 1, ...(typeof listBody.pageNo === 'number' ? { pageNo: 1 } : {}) };
  const steps: KeptStep[] = [];
  let calls = 0;
  const call = async (step: SetStep, body: Record<string, unknown>, label: string) => {
    calls++;
    const exchange = await context.call(step.operation, body);
    steps.push({ ...keepStep(exchange), path: `model:${label}` });
    return exchange;
  };
  // A create refused answers no record (an order: no soNo); a delete refused, an error result.
  const refused = (exchange: Exchange) =>
    !unanswered(exchange) && (!answered(exchange) || (write.step === set.refusedCreate && idText(resultData(exchange)?.[set.idField]) === undefined));
  const count = async (label: string) => {
    const exchange = await call(set.list, countBody, label);
    return countsOf(exchange);
  };
  const before = await count('count');
  if (!before) return { calls };
  const sent = await call(write.step, write.body, 'refused');
  if (!refused(sent)) {
    const placed = idText(resultData(sent)?.[set.idField]);
    return { calls, ...(placed === undefined ? {} : { placed }) };
  }
  const after = await count('count');
  const drift = after ? moved(before, after) : [];
  const [first] = drift;
  if (!after || !first) return { calls };
  const second = await call(write.step, write.body, 'refused again');
  const again = refused(second) ? await count('count') : undefined;
  if (!again || movedText(moved(after, again)) !== movedText(drift)) return { calls };
  const shownCounts = (counts: Counts) => COUNTS.flatMap((field) => (counts[field] === undefined ? [] : [`${field} ${counts[field]}`])).join(', ');
  const last = steps.at(-1);
  if (!last) return { calls };
  return {
    calls,
    finding: {
      by: refusedChangesNothing,
      instancePath: `/data/${first.field}`,
      expected: `${shownCounts(before)} after ${write.step.operation} was refused, as before it`,
      actual: `${shownCounts(after)}, then ${shownCounts(again)}: ${movedText(drift)} with each refusal of ${write.step.operation}`,
      exchange: last,
      steps,
    },
  };
}
