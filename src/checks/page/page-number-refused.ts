import { answered } from '../call-record.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { unnumberedPagesOf } from './walks.js';

/** HTTP 4xx, or an error result in the envelope: the call was turned away, not failed by the server. */
const turnedAway = (call: CallRecord) => (call.status !== undefined && call.status >= 400 && call.status < 500) || call.envelope?.errorResult === true;

export const pageNumberRefused: OperationCheck = {
  id: 'page-number-refused',
  scope: 'operation',
  rule: '4 rule 2',
  quote: 'In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list.',
  standards: [],
  severity: 'warning',
  title: 'A list refuses pageNo, which it answers without',
  description:
    'Of a list whose documented request leaves pageNo out (#1, #4, #7), page 1 asked with `pageNo` 1 is refused (HTTP 4xx, or an error result in the envelope) while the same call without pageNo, at the same pageSize, is answered with a page: the one member section 4 names as given by choice turns the call into a refusal, so a client can never ask for any page but the first. A request class that declares pageSize and the filters only, read by a JSON binder that refuses unknown members, answers so. A warning, not an error: "the request carries pageSize and, where given, pageNo" (4 rule 2) may read "where the table gives it", and the tables of #1, #4 and #7 give no pageNo, so the spec does not say these lists take it; but their answers count pages (totalPage) that only pageNo reaches. A rate limit (429) is no answer, and a 5xx is the server failing, which `http-status` reports.',
  appliesTo: (operation) => operation.paging !== undefined && operation.paging.pageNoField === undefined,
  run(calls) {
    for (const { pageSize, answer } of unnumberedPagesOf(calls)) {
      const numbered = calls.find((call) => call.path === `page:${pageSize}:1`);
      if (!numbered || !answered(numbered) || !turnedAway(numbered)) continue;
      return [
        {
          instancePath: '',
          expected: `page 1 asked with pageNo 1 answered as the same call without it was (pageSize ${pageSize})`,
          actual: `refused with pageNo 1 (HTTP ${numbered.status}, code ${JSON.stringify(numbered.envelope?.code)}); answered without it, a page of ${answer.records} records`,
          calls: [answer.call, numbered].sort((a, b) => a.rank - b.rank),
        },
      ];
    }
    return [];
  },
};
