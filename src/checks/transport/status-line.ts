import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const statusLine: ExchangeCheck<'response'> = {
  id: 'status-line',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9112-4-status-line', 'rfc9112-2.3-version'],
  severity: 'warning',
  title: 'Status line not as HTTP/1.1 writes it',
  description:
    'The status line of an answer breaks "status-line = HTTP-version SP status-code SP [ reason-phrase ]" (RFC 9112 §4): most often the space after the code left out with the reason phrase, though "A server MUST send the space that separates the status-code from the reason-phrase even when the reason-phrase is absent". Lenient clients (node:http, undici) read it; parsers of the grammar refuse the answer. Seen on the HTTP probes, the kit\'s one connection whose status lines it reads itself (its pool\'s client hands on the code only). Also a version of another major than the request\'s, such as HTTP/2.0 on an HTTP/1.1 connection: "A server MUST NOT send a version to which it is not conformant" and "SHOULD send a response version equal to the highest version to which the server is conformant that has a major version less than or equal to the one received in the request" (RFC 9112 §2.3); HTTP/2 is not written as text at all. A warning: a client of this API may well read it.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const line = exchange.connection?.malformedStatusLine;
    if (line === undefined) return [];
    const version = /^HTTP\/(\d)\.\d /.exec(line);
    const expected =
      version && version[1] !== '1'
        ? `HTTP/1.1 or HTTP/1.0, of the major version the request was in (RFC 9112 §2.3)`
        : 'HTTP/1.1 SP status-code SP [ reason-phrase ] (RFC 9112 §4)';
    return [{ instancePath: '', expected, actual: `status line ${JSON.stringify(line)}` }];
  },
};
