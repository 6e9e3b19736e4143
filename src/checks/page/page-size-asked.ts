import { isPlainObject, resultData } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';

export const pageSizeAsked: ExchangeCheck = {
  id: 'page-size-asked',
  scope: 'exchange',
  rule: '4 rule 2, 8',
  quote:
    'In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list. … Rate limits, maximum page size and other bounds: not shown.',
  standards: [],
  severity: 'warning',
  title: 'Page holds more records than pageSize',
  description:
    'A page of a list operation other than #13 holds more records than the pageSize asked for: a minimum page size, or pageSize ignored. Only #13 says what pageSize means ("number of records to return", page-size-bound, an error there); elsewhere the spec names the field and no more, hence a warning. Fewer records than asked are fine: a maximum page size is not shown (8).',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation) => operation.paging !== undefined && !operation.paging.pageSizeBoundsList,
  run(exchange) {
    const pageSize = isPlainObject(exchange.payload) ? exchange.payload.pageSize : undefined;
    const list = resultData(exchange)?.list;
    if (typeof pageSize !== 'number' || !Array.isArray(list) || list.length <= pageSize) return [];
    return [{ instancePath: '/data/list', expected: `at most ${pageSize} records (pageSize)`, actual: `${list.length} records` }];
  },
};
