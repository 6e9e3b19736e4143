import { isPlainObject } from '../preconditions.js';
import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';

/** The pageSize a call sent, where a whole number of 0 or more: a size a page can be held to. */
function pageSizeSent(body: unknown): number | undefined {
  const pageSize = isPlainObject(body) ? body.pageSize : undefined;
  return Number.isSafeInteger(pageSize) && (pageSize as number) >= 0 ? (pageSize as number) : undefined;
}

export const pageSizeAsked: ExchangeCheck<'data'> = {
  id: 'page-size-asked',
  scope: 'exchange',
  rule: '4 rule 2, 8',
  quote:
    'In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list. … Rate limits, maximum page size and other bounds: not shown.',
  standards: ['owasp-api4-records-per-page'],
  severity: 'warning',
  title: 'Page holds more records than pageSize',
  description:
    'A page of a list operation other than #13 holds more records than the pageSize sent: a minimum page size, or pageSize ignored; on a hostile call too, such as a pageSize of 0 (a boundary the coverage pass sends) answered with records (read as "no limit", it hands out every record of the list at once: OWASP API4, the number of records per page). Only #13 says what pageSize means ("number of records to return", page-size-bound, an error there); elsewhere the spec names the field and no more, hence a warning. Fewer records than asked are fine: a maximum page size is not shown (8), and so is a refusal of a pageSize of 0.',
  needs: 'data',
  intents: ['conforming', 'hostile'],
  appliesTo: (operation) => operation.paging !== undefined && !operation.paging.pageSizeBoundsList,
  run(exchange) {
    const pageSize = pageSizeSent(sentBody(exchange));
    const list = exchange.data.list;
    if (pageSize === undefined || !Array.isArray(list) || list.length <= pageSize) return [];
    return [{ instancePath: '/data/list', expected: `at most ${pageSize} records (pageSize)`, actual: `${list.length} records` }];
  },
};
