import type { ExchangeCheck } from '../types.js';
import { dateProblem } from './_internals/http-date.js';
import { clause } from '../clauses.js';

export const dateHeader: ExchangeCheck<'response'> = {
  id: 'date-header',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-6.6.1-date', 'rfc9110-5.6.7-imf-fixdate'],
  severity: 'warning',
  title: 'Date header missing or not an HTTP date',
  description:
    'A 2xx, 3xx or 4xx answer without a Date header, or any answer whose Date is not an IMF-fixdate: an origin server with a clock "MUST generate a Date header field in all 2xx (Successful), 3xx (Redirection), and 4xx (Client Error) responses" (RFC 9110 §6.6.1), in IMF-fixdate form (§5.6.7). Clients and caches read the age of an answer and the skew of their clock from it. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const { status, headers } = exchange.response;
    const value = headers.date;
    if (value === undefined) {
      if (status < 200 || status >= 500) return [];
      return [{ instancePath: '', expected: 'a Date header (RFC 9110 §6.6.1)', actual: `HTTP ${status} without a Date header` }];
    }
    const problem = dateProblem(value.trim());
    if (problem === undefined) return [];
    return [{ instancePath: '', expected: 'date: an IMF-fixdate (Sun, 06 Nov 1994 08:49:37 GMT)', actual: `date: ${value} (${problem})` }];
  },
};
