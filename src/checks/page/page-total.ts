import type { Finding, OperationCheck } from '../types.js';
import { heldWithin, inPlanOrder, pagesAgainstTotal, pagesText, repeatsIn, type Walk, type WalkPage, walksOf } from './walks.js';
import { clause } from '../clauses.js';

/** What the walk found against what page 1 said: the first disagreement, and how many pages show one. */
function disagreement(walk: Walk): Finding | undefined {
  const { totalPage, pageSize, first } = walk;
  const held = heldWithin(walk);
  const { empty, goesOn } = pagesAgainstTotal(walk);
  // Pages that say different totals show a list that changed while it was read (another client of a
  // shared server): what page 1 said cannot be held against the pages that followed.
  if (walk.within.some((page) => page.totalPage !== undefined && page.totalPage !== totalPage)) return undefined;
  const shown = (page: WalkPage, actual: string, expected: string): Finding => ({
    instancePath: '/data/totalPage',
    expected,
    actual: `${actual} (pageSize ${pageSize})${empty.length + goesOn.length > 1 ? `; ${pagesText(empty.length + goesOn.length)} disagree` : ''}`,
    occurrences: empty.length + goesOn.length,
    calls: inPlanOrder(first, page),
  });
  if (goesOn[0]) {
    const page = goesOn[0];
    const fresh = page.keys.filter((key) => !held.has(key)).length;
    return shown(
      page,
      `page ${page.pageNo} holds ${fresh} record${fresh === 1 ? '' : 's'}${totalPage === 0 ? '' : ` no page up to ${totalPage} held`}, though page 1 says totalPage ${totalPage}`,
      `no records past page ${totalPage}: totalPage is the "total number of pages"`,
    );
  }
  if (empty[0]) {
    const page = empty[0];
    return shown(page, `page ${page.pageNo} holds no records, though page 1 says totalPage ${totalPage}`, `records on every page up to totalPage ${totalPage}`);
  }
  return undefined;
}

export const pageTotal: OperationCheck = {
  id: 'page-total',
  scope: 'operation',
  ...clause('page-count'),
  standards: [],
  severity: 'error',
  title: 'totalPage differs from the pages the walk found',
  description:
    'Read page by page at one page size, an unchanged list does not end at the page totalPage names: a page up to totalPage holds no records (totalPage too large, or a count of records rather than pages), or a page past it holds records no earlier page held (totalPage too small). Pages that say different totalPages show a list that changed while it was read (another client of a shared server): that walk is left to page-total-steady. Each page size is judged on its own, so a server that caps pageSize is judged by the pages it serves. An operation whose pages repeat records is left to page-repeated-records: its pages cannot be counted.',
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    const walks = walksOf(calls);
    if (walks.some((walk) => repeatsIn(walk).length > 0)) return [];
    return walks.flatMap((walk) => disagreement(walk) ?? []);
  },
};
