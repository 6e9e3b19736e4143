import type { Finding, OperationCheck } from '../types.js';
import { inPlanOrder, pagesAgainstTotal, repeatsIn, type Walk, walksOf } from './walks.js';
import { clause } from '../clauses.js';

/** How many records page 1 of a walk says its list holds: at least and at most. */
interface Count {
  readonly walk: Walk;
  readonly least: number;
  readonly most: number;
}

/**
 * What page 1 tells of its list: with totalPage 1, the records it holds; with more, totalPage pages
 * of as many records as it holds (the size asked, or the server's where it serves fewer), the last
 * one from one record to as many.
 */
function countOf(walk: Walk): Count | undefined {
  const { totalPage, first } = walk;
  if (!first.listIsArray) return undefined;
  if (totalPage <= 1) return totalPage === 1 || first.records === 0 ? { walk, least: first.records, most: first.records } : undefined;
  if (first.records === 0) return undefined;
  return { walk, least: (totalPage - 1) * first.records + 1, most: totalPage * first.records };
}

const recordsText = (count: number) => `${count} record${count === 1 ? '' : 's'}`;

function countText({ walk, least, most }: Count): string {
  const said = `pageSize ${walk.pageSize}: totalPage ${walk.totalPage}`;
  if (walk.totalPage <= 1) return `${said}, page 1 of ${recordsText(walk.first.records)}`;
  return `${said} of ${walk.first.records} a page, so ${least === most ? recordsText(least) : `${least} to ${recordsText(most)}`}`;
}

/** The first two counts of one list that no number of records meets, the smaller first. */
function disagreement(counts: readonly Count[]): Finding | undefined {
  for (const [index, one] of counts.entries()) {
    for (const other of counts.slice(index + 1)) {
      const [fewer, more] = one.most < other.least ? [one, other] : other.most < one.least ? [other, one] : [];
      if (!fewer || !more) continue;
      return {
        instancePath: '/data/list',
        expected: 'one number of records for one list at every page size: pages 1 to totalPage hold every record of it',
        actual: `${countText(fewer)}; ${countText(more)}`,
        calls: inPlanOrder(fewer.walk.first, more.walk.first),
      };
    }
  }
  return undefined;
}

/** Whether a walk's own pages show what page-total or page-repeated-records report: what it counts is not to be held against another. */
function faultedAlone(walk: Walk): boolean {
  const { empty, goesOn } = pagesAgainstTotal(walk);
  return empty.length > 0 || goesOn.length > 0 || repeatsIn(walk).length > 0;
}

export const pageSizesAgree: OperationCheck = {
  id: 'page-sizes-agree',
  scope: 'operation',
  ...clause('page-count'),
  standards: [],
  severity: 'warning',
  title: 'Page 1 at two page sizes counts the list differently',
  description:
    'The walks of a list at each page size ask for their page 1 at once, and each page 1 tells how many records the list holds: with totalPage 1, those it holds; with more, totalPage pages of as many records as it holds, the last from one to as many. Two that no number of records meets show pages that leave records out: a page size capped in the query while the page count and the offset follow the size asked, say, so that some records are on no page of that size. A warning: the spec does not say that pages of every size hold the same records, and a list another client changes between two page 1s shows the same way. An operation whose walks break page-total or page-repeated-records is left to them: one cause, one deviation.',
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    const walks = walksOf(calls);
    if (walks.some(faultedAlone)) return [];
    const byList = new Map<string, Count[]>();
    for (const walk of walks) {
      const count = countOf(walk);
      if (count) byList.set(walk.list, [...(byList.get(walk.list) ?? []), count]);
    }
    return [...byList.values()].flatMap((counts) => disagreement(counts) ?? []).slice(0, 1);
  },
};
