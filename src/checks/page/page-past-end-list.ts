import type { CallRecord, OperationCheck } from '../types.js';
import { inPlanOrder, walksOf } from './walks.js';

/** A valid call answered with a page whose list is not an array: data-schema's finding. */
const validPageWithoutList = (call: CallRecord): boolean =>
  call.intent === 'conforming' && call.envelope?.hasData === true && call.envelope.page !== undefined && !call.envelope.page.listIsArray;

export const pagePastEndList: OperationCheck = {
  id: 'page-past-end-list',
  scope: 'operation',
  rule: '2.2',
  quote: '`data` of list operations is an object: … list | array of records (the record type depends on the operation)',
  standards: [],
  severity: 'error',
  title: 'A page past the last without a list',
  description:
    "The page after the last is answered as a page (totalPage, pageNo) whose `list` is missing, null or not an array, where an empty array says there is nothing more. What a server answers past the last page is not shown, and an error result is fine there; a page is still a page of 2.2. Pages up to the last are data-schema's: where they lack a list too, this check says nothing more.",
  appliesTo: (operation) => operation.paging !== undefined,
  run(calls) {
    if (calls.some(validPageWithoutList)) return [];
    const shown = walksOf(calls).flatMap((walk) => walk.beyond.filter((page) => !page.listIsArray).map((page) => ({ walk, page })));
    const [first] = shown;
    if (!first) return [];
    const { walk, page } = first;
    return [
      {
        instancePath: '/data/list',
        expected: 'list an array (empty past the last page)',
        actual: `page ${page.pageNo}, past the last (totalPage ${walk.totalPage}), answered without an array in list (pageSize ${walk.pageSize})${shown.length > 1 ? `; ${shown.length} pages past the last in all` : ''}`,
        occurrences: shown.length,
        calls: inPlanOrder(walk.first, page),
      },
    ];
  },
};
