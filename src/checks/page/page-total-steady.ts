import type { Finding, OperationCheck } from '../types.js';
import { inPlanOrder, pagesText, repeatsIn, type Walk, type WalkPage, walksOf } from './walks.js';
import { clause } from '../clauses.js';

/** Pages whose totalPage the finding spells out; the rest are counted. */
const PAGES_SHOWN = 4;

/**
 * The pages of a walk that held records, in page order, each with whether it held one no earlier page
 * held: each says how many pages its list fills. An empty page past the end is left out: what it
 * says of the list is page-past-end's to judge.
 */
function pagesWithRecords(walk: Walk): { readonly page: WalkPage; readonly fresh: boolean }[] {
  const held = new Set<string>();
  return [...walk.within, ...walk.beyond]
    .filter((page) => page.records > 0 && page.totalPage !== undefined)
    .map((page) => {
      const fresh = page.keys.some((key) => !held.has(key));
      for (const key of page.keys) held.add(key);
      return { page, fresh };
    });
}

/**
 * Pages that say different totalPages, one of them fewer than the pages the walk found records on.
 * Records others delete while the walk reads make the later pages say fewer, and the records end
 * where the latest says: a total too large on an earlier page is no finding.
 */
function disagreement(walk: Walk): Finding | undefined {
  const pages = pagesWithRecords(walk);
  const lastHeld = pages.filter(({ fresh }) => fresh).at(-1)?.page.pageNo;
  const first = pages[0]?.page;
  if (!first || lastHeld === undefined || pages.every(({ page }) => page.totalPage === first.totalPage)) return undefined;
  const short = pages.find(({ page }) => page.totalPage !== undefined && page.totalPage < lastHeld)?.page;
  if (!short) return undefined;
  const said = pages.slice(0, PAGES_SHOWN).map(({ page }) => `page ${page.pageNo} says ${page.totalPage}`);
  const rest = pages.length - said.length;
  return {
    instancePath: '/data/totalPage',
    expected: `one totalPage on every page of one list read at one pageSize with no write between: the "total number of pages"`,
    actual: `pageSize ${walk.pageSize}: ${said.join(', ')}${rest > 0 ? ` and ${pagesText(rest)} more` : ''}; records on pages 1 to ${lastHeld}`,
    calls: inPlanOrder(short, ...pages.map(({ page }) => page).filter((page) => page.pageNo === lastHeld)),
  };
}

export const pageTotalSteady: OperationCheck = {
  id: 'page-total-steady',
  scope: 'operation',
  ...clause('page-count'),
  standards: [],
  severity: 'warning',
  title: 'Pages of one list say different totalPages',
  description:
    'Read page by page at one page size before the run changes any state, the pages that hold records say different totalPages: the count of one list, which cannot depend on the page asked (a totalPage of pageNo + 1 while a next page exists, guessed from a slice that knows only whether one follows, say). Reported where one of them is fewer than the pages the walk found records on: a client that takes totalPage from that page stops early. Records another client deletes while the walk reads make later pages say fewer, with the records ending where the latest says: no finding. A warning: records another client adds at the end while the walk reads show as this does; page-total leaves such a walk alone. An operation whose pages repeat records is left to page-repeated-records; one deviation per operation, for its first walk that shows it.',
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    const walks = walksOf(calls);
    if (walks.some((walk) => repeatsIn(walk).length > 0)) return [];
    for (const walk of walks) {
      const finding = disagreement(walk);
      if (finding) return [finding];
    }
    return [];
  },
};
