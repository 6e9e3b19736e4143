import type { ExchangeCheck } from '../types.js';

export const httpStatusClientError: ExchangeCheck<'response'> = {
  id: 'http-status-client-error',
  scope: 'exchange',
  rule: '4 rule 1, 7',
  quote: 'Each operation in the table answers HTTP 200 with the envelope of 2.1. … HTTP statuses other than 200: not shown.',
  standards: [],
  severity: 'warning',
  title: 'Malformed request answered with a 4xx, not the envelope',
  description:
    'A malformed or hostile request answered with a 4xx instead of HTTP 200 and the envelope. Common, and harmless to most clients, but not what section 4 shows; a warning.',
  needs: 'response',
  intents: ['hostile'],
  run(exchange) {
    const status = exchange.response?.status ?? 0;
    if (status < 400 || status >= 500 || status === 429) return [];
    return [{ instancePath: '', expected: 'HTTP 200 with an error result in the envelope', actual: `HTTP ${status}` }];
  },
};
