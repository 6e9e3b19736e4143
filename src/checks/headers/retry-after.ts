import type { ExchangeCheck } from '../types.js';
import { dateProblem } from './_internals/http-date.js';
import { clause } from '../clauses.js';

/** delay-seconds = 1*DIGIT (RFC 9110 §10.2.3). */
const DELAY_SECONDS = /^\d+$/;

export const retryAfter: ExchangeCheck<'exchange'> = {
  id: 'retry-after',
  scope: 'exchange',
  ...clause('bounds-not-shown'),
  standards: ['rfc9110-10.2.3-retry-after', 'rfc9110-5.6.7-imf-fixdate'],
  severity: 'warning',
  title: 'Retry-After is neither seconds nor an HTTP date',
  description:
    'A Retry-After header, on a 429, a 503 or any answer, that is neither a whole number of seconds nor an HTTP date in IMF-fixdate form: "Retry-After = HTTP-date / delay-seconds" (RFC 9110 §10.2.3), and a sender "MUST generate those timestamps in the IMF-fixdate format" (§5.6.7). `1.5`, `5s`, `2026-11-22T10:00:00Z` and a date without GMT are not; a client that cannot read the wait retries at once or gives up. A warning: rate limits are not shown (8).',
  needs: 'exchange',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const value = exchange.response?.headers['retry-after'];
    if (value === undefined) return [];
    const trimmed = value.trim();
    if (DELAY_SECONDS.test(trimmed)) return [];
    const problem = dateProblem(trimmed);
    if (problem === undefined) return [];
    return [
      {
        instancePath: '',
        expected: 'retry-after: a number of seconds (120) or an IMF-fixdate (Sun, 06 Nov 1994 08:49:37 GMT)',
        actual: `retry-after: ${value} (${/^[\d.]+\w*$/.test(trimmed) ? 'not a whole number of seconds' : problem})`,
      },
    ];
  },
};
