import type { CallRecord, Finding, OperationCheck } from '../types.js';
import { heldWithin, inPlanOrder, pagesText, repeatsIn, type Walk, type WalkPage, walksOf } from './walks.js';
import { clause } from '../clauses.js';

/** A valid call whose page says another pageNo than it asked for: page-number-echo's finding, on the pages up to the last. */
const echoesOtherPage = (call: CallRecord): boolean => {
  const asked = call.asked.pageNo;
  const said = call.envelope?.page?.pageNo;
  return call.intent === 'conforming' && call.envelope?.hasData === true && Number.isInteger(asked) && Number.isInteger(said) && said !== asked;
};

/** What the pages past the last of one walk show, as one finding. */
function pastTheLast(walk: Walk, judgesPageNo: boolean): Finding | undefined {
  const held = heldWithin(walk);
  const shown: { page: WalkPage; from?: WalkPage; what: string }[] = [];
  for (const page of walk.beyond) {
    if (!page.listIsArray) continue;
    const what: string[] = [];
    // Records no page up to the last held mean the list goes on: page-total's finding.
    const repeats = page.records > 0 && page.keys.every((key) => held.has(key));
    const [firstKey] = page.keys;
    const from = repeats && firstKey !== undefined ? held.get(firstKey) : undefined;
    if (from) what.push(`holds ${page.records} record${page.records === 1 ? '' : 's'} of page ${from.pageNo}`);
    if (judgesPageNo && page.saidPageNo !== undefined && page.saidPageNo !== page.pageNo) what.push(`says pageNo ${page.saidPageNo}`);
    if (what.length > 0) shown.push({ page, ...(from ? { from } : {}), what: what.join(' and ') });
  }
  const [firstShown] = shown;
  if (!firstShown) return undefined;
  const { page, from, what } = firstShown;
  return {
    instancePath: '/data',
    expected: `no records past page ${walk.totalPage}, the last (totalPage ${walk.totalPage})${judgesPageNo ? `, and pageNo ${page.pageNo} as asked` : ''}`,
    actual: `page ${page.pageNo}, past the last (totalPage ${walk.totalPage}), ${what} (pageSize ${walk.pageSize})${shown.length > 1 ? `; ${pagesText(shown.length)} past the last in all` : ''}`,
    occurrences: shown.length,
    calls: inPlanOrder(walk.first, ...(from ? [from] : []), page),
  };
}

export const pagePastEnd: OperationCheck = {
  id: 'page-past-end',
  scope: 'operation',
  ...clause('pages-beyond-shape'),
  standards: [],
  severity: 'warning',
  title: 'A page past the last holds records',
  description:
    "The page after the one totalPage names answers records the walk read already (the last page again, or page 1) or, where the request names its page, another pageNo than asked (the last page's): a client that reads until a page comes back empty never stops, and one that trusts pageNo loses its place. So does a page far past the last whose offset, (pageNo − 1) × pageSize, passes 2^31 or 2^32 (the walk asks those where the request names pageNo): a server that computes the offset in a 32-bit int wraps it to one within the first pages and answers their records there. What a server answers past the last page is not shown (1), hence a warning; an error result or an empty page are both fine. Records no earlier page held are page-total's finding (the list goes on), and an operation whose pages repeat records up to the last is page-repeated-records'.",
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    const judgesPageNo = calls[0]?.operation.paging?.pageNoField !== undefined && !calls.some(echoesOtherPage);
    const walks = walksOf(calls);
    // Pages that repeat records up to the last already show why a page past it does (pageNo ignored, say).
    if (walks.some((walk) => repeatsIn(walk).length > 0)) return [];
    return walks.flatMap((walk) => pastTheLast(walk, judgesPageNo) ?? []);
  },
};
