import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const unsolicitedAnswer: ExchangeCheck<'response'> = {
  id: 'unsolicited-answer',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-15-one-final-response', 'rfc9112-9.2-response-order'],
  severity: 'warning',
  title: 'Octets sent after a complete answer, which no request asked for',
  description:
    'The kit sends the first valid call again on a connection of its own, then a TRACE and a HEAD on it, and, on connections of their own, the call in HTTP/1.0 and with `Expect: 100-continue`; after an answer had come whole, more came that no request asked for: before the kit wrote its next request on the connection, or after the last answer before the server closed it. Mostly a second answer: "A single request can have multiple associated responses: zero or more "interim" (non-final) responses with status codes in the "informational" (1xx) range, followed by exactly one "final" response" (RFC 9110 §15), and HTTP/1.1 "relies on the order of response arrival to correspond exactly to the order in which requests are made on the same connection" (RFC 9112 §9.2). A client that reuses the connection takes those octets for the answer to its next call; the kit sends its next request on a new connection, as "the client SHOULD close the connection, since message delimitation is now ambiguous" (RFC 9112 §9.2). Interim (1xx) answers before the final one, empty lines (which a client discards), a close after an answer that said `Connection: close`, and content after the answer to a HEAD (`head-content`) are no finding. Seen only where the octets have come by the time the answer is complete, as they do when both answers go out in one write: a second answer written later arrives after the next request and is read as its answer by every client. A warning: the spec says nothing of connections, and only the standard speaks. Not judged through a proxy, which holds the connection.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const octets = exchange.connection?.octetsAfterAnswer ?? 0;
    const line = exchange.connection?.statusLineAfterAnswer;
    // After a HEAD, octets that are no answer are the content it must not have: head-content's.
    if (octets === 0 || (exchange.request.method === 'HEAD' && line === undefined)) return [];
    const count = exchange.connection?.octetsAfterAnswerBeyondCap ? `more than ${octets} octets (the kit stopped reading at --max-body)` : `${octets} octets`;
    const what = line === undefined ? count : `a second answer, ${JSON.stringify(line)} (${count})`;
    return [
      {
        instancePath: '',
        expected: 'one final answer to each request, after any interim (1xx) ones, and nothing more until the next request (RFC 9110 §15, RFC 9112 §9.2)',
        actual: `HTTP ${exchange.response.status} to ${exchange.request.method}, then ${what} that no request asked for`,
      },
    ];
  },
};
