import { isPlainObject } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';

export const pageSizeBound: ExchangeCheck<'data'> = {
  id: 'page-size-bound',
  scope: 'exchange',
  rule: '4 #13',
  quote: 'pageSize (number of records to return), pageNo (current page)',
  standards: [],
  severity: 'error',
  title: 'Page holds more records than pageSize',
  description: 'More records than the request\'s pageSize, where pageSize is "number of records to return".',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation) => operation.paging?.pageSizeBoundsList === true,
  run(exchange) {
    const pageSize = isPlainObject(exchange.payload) ? exchange.payload.pageSize : undefined;
    const list = exchange.data.list;
    if (typeof pageSize !== 'number' || !Array.isArray(list) || list.length <= pageSize) return [];
    return [
      {
        instancePath: '/data/list',
        expected: `at most ${pageSize} records (pageSize)`,
        actual: `${list.length} records`,
        params: { records: list.length, pageSize },
      },
    ];
  },
};
