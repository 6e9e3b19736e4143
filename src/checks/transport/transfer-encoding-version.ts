import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const transferEncodingVersion: ExchangeCheck<'response'> = {
  id: 'transfer-encoding-version',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9112-6.1-no-transfer-encoding-to-http10'],
  severity: 'warning',
  title: 'Transfer-Encoding in an answer to an HTTP/1.0 request',
  description:
    'The kit sends the first valid call in HTTP/1.0, as ab, nginx\'s proxy_pass and other HTTP/1.0 clients do, on a connection of its own; the answer carries Transfer-Encoding (chunked, most often). "A server MUST NOT send a response containing Transfer-Encoding unless the corresponding request indicates HTTP/1.1 (or later minor revisions)" (RFC 9112 §6.1): an HTTP/1.0 client knows no transfer coding, and reads the chunk sizes as the start of the body, which is then no JSON. A warning, not an error, though that client can read no answer at all: an error is a rule the spec states broken, and section 4 documents calls that the kit sends in HTTP/1.1 and this server answers readably; the spec says nothing of HTTP/1.0, and the other forms it does not show (a HEAD, a connection kept open) are warnings too. Not judged through a proxy, which holds the connection.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const codings = exchange.response.headers['transfer-encoding'];
    if (exchange.request.httpVersion !== '1.0' || codings === undefined) return [];
    return [
      {
        instancePath: '',
        expected: 'no Transfer-Encoding in the answer to an HTTP/1.0 request: its content delimited by Content-Length or the close (RFC 9112 §6.1)',
        actual: `HTTP ${exchange.response.status} with transfer-encoding: ${codings} to an HTTP/1.0 request`,
      },
    ];
  },
};
