import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const interimAnswerVersion: ExchangeCheck<'response'> = {
  id: 'interim-answer-version',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-15.2-no-interim-to-http10'],
  severity: 'warning',
  title: 'An interim (1xx) answer to an HTTP/1.0 request',
  description:
    'The kit sends the first valid call in HTTP/1.0, as ab, wget and nginx\'s proxy_pass do, on a connection of its own; an interim answer (102 Processing, 103 Early Hints, a 100 Continue nobody asked for) comes before the final one. "Since HTTP/1.0 did not define any 1xx status codes, a server MUST NOT send a 1xx response to an HTTP/1.0 client" (RFC 9110 §15.2): that client takes the interim answer, a status line and an empty line, for the whole answer, and never reads the final one. HTTP/1.1 clients must read past 1xx answers, so one sent to an HTTP/1.1 request is no finding. A warning, as transfer-encoding-version is: the spec says nothing of HTTP/1.0, and only the standard speaks. Not judged through a proxy, which holds the connection.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const interim = exchange.connection?.interimAnswers ?? [];
    if (exchange.request.httpVersion !== '1.0' || interim.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: 'no 1xx answer to an HTTP/1.0 request: the final answer alone (RFC 9110 §15.2)',
        actual: `${interim.map((answer) => JSON.stringify(answer.statusLine)).join(', ')} before HTTP ${exchange.response.status} to an HTTP/1.0 request`,
      },
    ];
  },
};
