import { KEYS_KEPT } from '../call-record.js';
import type { Finding, OperationCheck } from '../types.js';
import { inPlanOrder, type PageAnswer, type UnnumberedPage, type Walk, walksOf, unnumberedPagesOf } from './walks.js';
import { clause } from '../clauses.js';

/** Whether a page kept a key for every record it held: one cut at KEYS_KEPT cannot be compared record by record. */
const wholeList = (page: PageAnswer) => page.listIsArray && page.keys.length === page.records;

const recordsText = (count: number) => `${count} record${count === 1 ? '' : 's'}`;

/** Where page 1 asked without pageNo holds other records than the walk's page of the pageNo it says (1 where it says none). */
function disagreement({ pageSize, answer }: UnnumberedPage, walk: Walk): Finding | undefined {
  // Pages that say different totals show a list that changed while it was read: its pages cannot be held against one another.
  if (walk.within.some((page) => page.totalPage !== undefined && page.totalPage !== walk.totalPage)) return undefined;
  const pageNo = answer.saidPageNo ?? 1;
  const page = [...walk.within, ...walk.beyond].find((read) => read.pageNo === pageNo);
  if (!page || !wholeList(answer) || !wholeList(page)) return undefined;
  const [unnumbered, numbered] = [new Set(answer.keys), new Set(page.keys)];
  const elsewhere = [...unnumbered].filter((key) => !numbered.has(key)).length;
  const missing = [...numbered].filter((key) => !unnumbered.has(key)).length;
  if (elsewhere === 0 && missing === 0) return undefined;
  const said = answer.saidPageNo === undefined ? 'no pageNo, so page 1' : `pageNo ${pageNo}`;
  const how =
    elsewhere > 0
      ? `${elsewhere} of its ${recordsText(answer.records)} are not on pageNo ${pageNo}`
      : `it lacks ${missing} of the ${recordsText(page.records)} on pageNo ${pageNo}`;
  return {
    instancePath: '/data/list',
    expected: `the records of pageNo ${pageNo} asked with the same fields (pageSize ${pageSize})`,
    actual: `asked without pageNo, it says ${said}: ${how}`,
    calls: inPlanOrder(answer, page),
  };
}

export const pageNumberDefault: OperationCheck = {
  id: 'page-number-default',
  scope: 'operation',
  ...clause('page-number'),
  standards: [],
  severity: 'warning',
  title: 'A list asked without pageNo holds other records than the page it says it is',
  description: `Asked as #1, #4 and #7 document the call, without pageNo, a list answers a page that says its pageNo (page 1 where it says none); asked with that pageNo and the same fields, the same list holds other records. A client that starts from the documented call and asks for pageNo 2, 3… then walks two lists: it meets some records twice and never meets others. Records are compared as sets, so an order that differs alone draws nothing. Pages that say different totalPages show a list that changed while it was read, and pages of more than ${KEYS_KEPT} records cannot be compared record by record: neither is judged. A warning: the spec gives pageNo "where given", and says of a call without it no more than the pageNo its answer carries.`,
  // Where the request names pageNo (#13, #16), the call without it is not one the spec shows.
  appliesTo: (operation) => operation.paging !== undefined && operation.paging.pageNoField === undefined,
  run(calls) {
    const walks = walksOf(calls).filter((walk) => walk.list === '');
    return unnumberedPagesOf(calls).flatMap((unnumbered) => {
      const walk = walks.find((read) => read.pageSize === unnumbered.pageSize);
      return (walk && disagreement(unnumbered, walk)) ?? [];
    });
  },
};
