import { wholeList } from '../../checks/asked/whole-list.js';
import { recordKey, recordOf } from '../../checks/call-record.js';
import { keepStep, type KeptStep } from '../../checks/kept-exchange.js';
import { resultData } from '../../checks/preconditions.js';
import type { CallRecord, Exchange } from '../../checks/types.js';
import { extend } from '../../objects.js';
import type { FlowContext, FlowFinding, WalkedList } from '../flow.js';
import { answered, listed, unanswered } from '../records.js';

/** How many records a list holds, as its first page and its last count them. */
export interface ListCount {
  readonly records: number;
  readonly totalPage: number;
  readonly steps: readonly Exchange[];
  /** The last page read (the last of `steps`): what shows a record left out. */
  readonly last: Exchange;
}

/** Records on no page that the lookup is asked for, at most: one found is the finding. */
const LOOKED_UP = 8;

/** Pages past the walk's the list is read again at most, to confirm a count: the creates between add a few. */
const PAGES_BEYOND_THE_WALK = 5;

/** What a list is read by: its operation, and the body its pages are asked with at a page size. */
export type CountedList = Pick<WalkedList, 'operation' | 'body' | 'pageSize'>;

const pageOf = (context: FlowContext, list: CountedList, pageNo: number) =>
  context.call(list.operation, extend(list.body, { pageSize: list.pageSize, pageNo }));

/**
 * The records the list holds, from two calls at the walk's page size: page 1, whose totalPage
 * ("total number of pages", 2.2) says which is the last, and the last, which holds the rest. Undefined
 * where either is not answered as a page.
 */
export async function countList(context: FlowContext, list: CountedList): Promise<ListCount | undefined> {
  const first = await pageOf(context, list, 1);
  const totalPage = resultData(first)?.totalPage;
  if (!answered(first) || typeof totalPage !== 'number' || !Number.isSafeInteger(totalPage) || totalPage < 0) return undefined;
  const lastNo = Math.max(1, totalPage);
  const last = lastNo === 1 ? first : await pageOf(context, list, lastNo);
  if (!answered(last) || resultData(last)?.totalPage !== totalPage) return undefined;
  return { records: (lastNo - 1) * list.pageSize + listed(last).length, totalPage: lastNo, steps: lastNo === 1 ? [first] : [first, last], last };
}

/**
 * The list read again, page after page to the last, as the walk reads it (wholeList: the same
 * totalPage on each, every page before the last full, no record twice). Undefined where it cannot
 * be read whole: a page not answered, or a list that moved while it was read.
 */
async function readWhole(context: FlowContext, list: WalkedList, totalPage: number): Promise<ReadonlySet<string> | undefined> {
  return (await readPages(context, list, totalPage))?.keys;
}

/** The list's pages 1 to `totalPage`, read as readWhole reads them, with the last page's exchange. */
async function readPages(context: FlowContext, list: WalkedList, totalPage: number): Promise<{ keys: ReadonlySet<string>; last: Exchange } | undefined> {
  const pages: CallRecord[] = [];
  let last: Exchange | undefined;
  for (let pageNo = 1; pageNo <= totalPage; pageNo++) {
    const exchange = await pageOf(context, list, pageNo);
    if (unanswered(exchange)) return undefined;
    last = exchange;
    // Read as the walk's pages of the list without its filters are, the records of each kept by key.
    pages.push(recordOf(extend(exchange, { path: `page-unfiltered:${list.pageSize}:${pageNo}` }), pageNo));
  }
  const keys = wholeList(pages)?.keys;
  return keys && last && { keys, last };
}

/**
 * The record the list's lookup answers for the body the run gives it (the map's sample, which names
 * one of the member's records) must be on a page of the list: a list operation lists the member's
 * records ("list the user's orders", 1; 2.2: "list | array of records"), not a part that a filter
 * nobody asked for selects. One call where the walk listed it; only where the walk, which read the
 * list whole before any call of the run changed state, did not, the list is counted and read whole
 * again, so that a record created since is not taken for one left out.
 */
export async function sampleLeftOff(context: FlowContext, list: WalkedList): Promise<FlowFinding | undefined> {
  const lookup = list.sample;
  if (!lookup) return undefined;
  const exchange = await context.call(lookup.operation, lookup.payload);
  const record = resultData(exchange);
  const key = record && Object.keys(record).length > 0 ? recordKey(record) : undefined;
  if (!answered(exchange) || key === undefined || !key.startsWith('id:') || list.keys.has(key)) return undefined;
  const count = await countList(context, list);
  if (!count || count.totalPage > list.pages + PAGES_BEYOND_THE_WALK) return undefined;
  const now = await readPages(context, list, count.totalPage);
  if (!now || now.keys.has(key)) return undefined;
  const id = key.slice('id:'.length);
  return {
    instancePath: '/data/list',
    expected: `id ${id}, the record ${lookup.operation} answers for ${JSON.stringify(lookup.payload)}, on a page of ${list.operation}: the list shows the member's records`,
    actual: `on no page of ${list.operation} read whole at ${list.pageSize} a page (${now.keys.size} records), before the run changed state and again now`,
    exchange: keepStep(now.last),
    steps: [exchange, ...count.steps, now.last].map(keepStep),
  };
}

/**
 * After the flow's creates, whether the list counts what it counted before them and what they
 * added: "a list shows the records that exist" (1: demands are "Publish, list, delete, detail"; 2.2:
 * "list | array of records"). Where it does not, the count is confirmed before anything is said:
 * the list is read whole again, and records the walk read whole before any call of the run changed
 * state that are now on no page are asked for by the list's lookup. Records another client deleted
 * are refused there; one it still answers exists and is on no page of its list. Two calls on a list
 * that counts right.
 */
export async function recordsLeftOff(context: FlowContext, list: WalkedList, before: ListCount, creates: number): Promise<FlowFinding | undefined> {
  const after = await countList(context, list);
  if (!after || after.records === before.records + creates || after.totalPage > list.pages + PAGES_BEYOND_THE_WALK) return undefined;
  const now = await readWhole(context, list, after.totalPage);
  if (!now || now.size !== after.records) return undefined;
  const onNoPage = [...list.keys].filter((key) => key.startsWith('id:') && !now.has(key)).slice(0, LOOKED_UP);
  for (const key of onNoPage) {
    const lookup = list.lookUp?.(key);
    if (!lookup) return undefined;
    const exchange = await context.call(lookup.operation, lookup.payload);
    const record = resultData(exchange);
    if (!answered(exchange) || record === undefined || recordKey(record) !== key) continue;
    const id = key.slice('id:'.length);
    const steps: KeptStep[] = [...before.steps, ...after.steps, exchange].map(keepStep);
    // The list's last page is the evidence: the list is what leaves the record out.
    return {
      instancePath: '/data/list',
      expected: `${before.records + creates} records on the pages of ${list.operation} at ${list.pageSize} a page: the ${before.records} it counted before ${creates} ${creates === 1 ? 'create' : 'creates'} it accepted, and those; among them id ${id}, which the walk listed`,
      actual: `${after.records} records on ${after.totalPage} ${after.totalPage === 1 ? 'page' : 'pages'}: id ${id} is on none, yet ${lookup.operation} answers it`,
      exchange: keepStep(after.last),
      steps,
    };
  }
  return undefined;
}
