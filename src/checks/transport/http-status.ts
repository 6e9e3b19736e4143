import type { ExchangeCheck } from '../types.js';

/** Any status but 200, including a 4xx for a refused request: errors travel in the envelope (7 rule 2). */
export const httpStatus: ExchangeCheck = {
  id: 'http-status',
  scope: 'exchange',
  rule: '4 rule 1',
  quote: 'Each operation in the table answers HTTP 200 with the envelope of 2.1. (7 rule 2: the only HTTP status given is 200.)',
  severity: 'error',
  title: 'Unexpected HTTP status',
  needs: 'response',
  run(exchange) {
    const status = exchange.response?.status;
    if (status === 200) return [];
    return [{ instancePath: '', expected: 'HTTP 200', actual: `HTTP ${status}` }];
  },
};
