import type { OperationCheck } from '../types.js';
import { inPlanOrder, repeatsIn, type WalkPage, walksOf } from './walks.js';
import { clause } from '../clauses.js';

export const pageRepeatedRecords: OperationCheck = {
  id: 'page-repeated-records',
  scope: 'operation',
  ...clause('pages-beyond-shape'),
  standards: [],
  severity: 'warning',
  title: 'A record on two pages of one walk',
  description:
    'Read page by page, at one page size, an unchanged list shows a record on a second page: page N+1 repeats page N, pages overlap, or every page is page 1 again (pageNo ignored). A client that reads the pages one after another gets records twice and misses others. Records are told apart by their id, else by the whole record. A warning: the spec names the pages but shows no behaviour beyond shapes (1). Pages past the last are judged by page-past-end, and a page that says another pageNo than asked by page-number-echo.',
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    // A page that says it is another page than asked is page-number-echo's: its records are that page's.
    const echoJudged = calls[0]?.operation.paging?.pageNoField !== undefined;
    const saysAsked = (page: WalkPage) => !echoJudged || page.saidPageNo === undefined || page.saidPageNo === page.pageNo;
    return walksOf(calls).flatMap((walk) => {
      const repeats = repeatsIn(walk).filter(({ page }) => saysAsked(page));
      if (repeats.length === 0) return [];
      const [{ page, of, repeated }] = repeats as [(typeof repeats)[0]];
      const more = repeats.length > 1 ? `; ${repeats.length - 1} more of the walk's pages repeat earlier ones` : '';
      const which =
        repeated < page.records ? `${repeated} of its ${page.records} records` : page.records === 1 ? 'its one record' : `all ${page.records} of its records`;
      return [
        {
          instancePath: '/data/list',
          expected: `each record on one page of the walk at pageSize ${walk.pageSize}`,
          actual: `page ${page.pageNo} repeats ${which} from page ${of.pageNo} (pageSize ${walk.pageSize})${more}`,
          occurrences: repeats.length,
          calls: inPlanOrder(of, page),
        },
      ];
    });
  },
};
