import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** The methods a 304 may answer: "if the request method is GET or HEAD" (RFC 9110 §13.1.2). */
const CONDITIONAL_READS = new Set(['GET', 'HEAD']);

export const notModifiedStatus: ExchangeCheck<'response'> = {
  id: 'not-modified-status',
  scope: 'exchange',
  ...clause('answers-200-envelope'),
  standards: ['rfc9110-13.1.2-if-none-match', 'rfc9110-13.1.3-if-modified-since'],
  severity: 'warning',
  title: 'HTTP 304 Not Modified to a POST',
  description:
    'An HTTP 304 (no content, so no envelope) to a request whose method is neither GET nor HEAD. A 304 answers only a conditional GET or HEAD: where If-None-Match fails the server "MUST respond with either a) the 304 (Not Modified) status code if the request method is GET or HEAD or b) the 412 (Precondition Failed) status code for all other request methods" (RFC 9110 §13.1.2), and "A recipient MUST ignore If-Modified-Since if the request method is neither GET nor HEAD" (§13.1.3). The kit sends the first valid call again with a precondition of each validator (ETag, Last-Modified) its answer gave; a client that keeps validators, as browsers and caching clients do, gets no answer to its call. A warning on those probes; on a documented call any status but 200 is an `http-status` error.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const { status } = exchange.response;
    const { method, headers } = exchange.request;
    if (status !== 304 || CONDITIONAL_READS.has(method)) return [];
    const precondition = ['if-none-match', 'if-modified-since'].filter((name) => headers[name] !== undefined).join(' and ');
    return [
      {
        instancePath: '',
        expected: `the call answered as without ${precondition || 'a precondition'}, or 412 (RFC 9110 §13.1.2)`,
        actual: `HTTP 304 to ${method}${precondition ? ` with ${precondition}` : ''}`,
      },
    ];
  },
};
