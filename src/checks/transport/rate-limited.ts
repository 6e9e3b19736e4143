import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const rateLimited: ExchangeCheck<'exchange'> = {
  id: 'rate-limited',
  scope: 'exchange',
  ...clause('bounds-not-shown'),
  standards: [],
  severity: 'info',
  title: 'Rate limited (HTTP 429) after retries',
  description: "Still rate limited after the kit's bounded retries: the call could not be checked.",
  needs: 'exchange',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    if (exchange.response?.status !== 429) return [];
    const retryAfter = exchange.response.headers['retry-after'];
    return [
      {
        instancePath: '',
        expected: "an answer within the kit's retries (lower --rate or --concurrency)",
        actual: `HTTP 429${retryAfter ? `, retry-after ${retryAfter}` : ''}`,
      },
    ];
  },
};
