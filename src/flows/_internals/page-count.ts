import { keepStep } from '../../checks/kept-exchange.js';
import { resultData } from '../../checks/preconditions.js';
import type { FlowContext, FlowFinding } from '../flow.js';
import { answered, listed } from '../records.js';
import type { ListStep } from './list-search.js';

/**
 * After records were created and listed, whether the list's pages count them: at one record a
 * page, `totalPage` ("total number of pages", 2.2) is the number of records, so the page after it
 * holds none that the pages up to it do not. Four calls: page 1, the last, the one past it, and
 * page 1 again: a total that changed meanwhile (another client creating) is not judged, nor a page
 * past the last that repeats the last or the first (page-past-end's finding).
 */
export async function pagesCountTheCreates(context: FlowContext, list: ListStep, idField: string, creates: number): Promise<FlowFinding | undefined> {
  const body = { ...list.body, pageSize: 1 };
  const page = (pageNo: number) => context.call(list.operation, { ...body, pageNo });
  const first = await page(1);
  const total = resultData(first)?.totalPage;
  if (!answered(first) || typeof total !== 'number' || !Number.isSafeInteger(total) || total < 1) return undefined;
  const last = await page(total);
  const past = await page(total + 1);
  const again = await page(1);
  if (![last, past, again].every(answered) || resultData(again)?.totalPage !== total) return undefined;
  const keyOf = (record: Record<string, unknown>) => (record[idField] === undefined ? JSON.stringify(record) : String(record[idField]));
  const held = new Set([...listed(first), ...listed(last)].map(keyOf));
  const beyond = listed(past).filter((record) => !held.has(keyOf(record)));
  if (beyond.length === 0) return undefined;
  return {
    instancePath: '/data/totalPage',
    expected: `at pageSize 1, totalPage ${total} pages and no record past them`,
    actual: `page ${total + 1} holds ${idField} ${beyond.map(keyOf).join(', ')}, on no page up to ${total}, after ${creates} ${creates === 1 ? 'create' : 'creates'}: a total that does not count them`,
    exchange: keepStep(past),
    steps: [first, last, past, again].map(keepStep),
  };
}
