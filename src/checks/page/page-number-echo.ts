import { isPlainObject } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';

export const pageNumberEcho: ExchangeCheck<'data'> = {
  id: 'page-number-echo',
  scope: 'exchange',
  rule: '2.2, 4 rule 2',
  quote:
    'pageSize (number of records to return), pageNo (current page) … pageNo | integer (current page number) … In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list.',
  standards: [],
  severity: 'error',
  title: 'pageNo differs from the page requested',
  description: 'The page answered is not the page asked for.',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation) => operation.paging?.pageNoField !== undefined,
  run(exchange) {
    const field = exchange.operation.paging?.pageNoField;
    const requested = field && isPlainObject(exchange.payload) ? exchange.payload[field] : undefined;
    const answered = exchange.data.pageNo;
    // A pageNo of the wrong type is data-schema's finding; this check compares numbers only.
    if (!Number.isInteger(requested) || !Number.isInteger(answered) || answered === requested) return [];
    return [{ instancePath: '/data/pageNo', expected: `pageNo ${requested} (as requested)`, actual: `pageNo ${answered}` }];
  },
};
