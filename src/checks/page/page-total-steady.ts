import type { Finding, OperationCheck } from '../types.js';
import { inPlanOrder, pagesText, repeatsIn, type Walk, type WalkPage, walksOf } from './walks.js';

/** Pages whose totalPage the finding spells out; the rest are counted. */
const PAGES_SHOWN = 4;

/**
 * The pages of a walk that held records, in page order: each says how many pages its list fills.
 * An empty page past the end is left out: what it says of the list is page-past-end's to judge.
 */
const pagesWithRecords = (walk: Walk): WalkPage[] => [...walk.within, ...walk.beyond].filter((page) => page.records > 0 && page.totalPage !== undefined);

function disagreement(walk: Walk): Finding | undefined {
  const pages = pagesWithRecords(walk);
  const [first] = pages;
  const other = pages.find((page) => page.totalPage !== first?.totalPage);
  if (!first || !other) return undefined;
  const said = pages.slice(0, PAGES_SHOWN).map((page) => `page ${page.pageNo} says ${page.totalPage}`);
  const rest = pages.length - said.length;
  const lastHeld = pages.at(-1)!.pageNo;
  return {
    instancePath: '/data/totalPage',
    expected: `one totalPage on every page of one list read at one pageSize with no write between: the "total number of pages"`,
    actual: `pageSize ${walk.pageSize}: ${said.join(', ')}${rest > 0 ? ` and ${pagesText(rest)} more` : ''}; records on pages 1 to ${lastHeld}`,
    calls: inPlanOrder(first, other),
  };
}

export const pageTotalSteady: OperationCheck = {
  id: 'page-total-steady',
  scope: 'operation',
  rule: '2.2, 4 rule 2',
  quote:
    'totalPage | integer (total number of pages) … In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list.',
  standards: [],
  severity: 'warning',
  title: 'Pages of one list say different totalPages',
  description:
    'Read page by page at one page size before the run changes any state, the pages that hold records say different totalPages: the count of one list, which cannot depend on the page asked (a totalPage of pageNo + 1 while a next page exists, guessed from a slice that knows only whether one follows, say). A client that takes totalPage from page 1 stops early, or asks for pages that are not there. A warning: a list another client changes while it is read shows the same way, and page-total then leaves the walk alone. An operation whose pages repeat records is left to page-repeated-records; one deviation per operation, for its first walk that shows it.',
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
