import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const persistentConnection: ExchangeCheck<'response'> = {
  id: 'persistent-connection',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9112-9.6-announce-close'],
  severity: 'warning',
  title: 'Connection closed after an answer that did not say close',
  description:
    'The kit sends the first valid call again on a connection of its own and, once it is answered, a HEAD on the same connection; the server closed the connection before answering the HEAD, though its answer had no `Connection: close`. HTTP/1.1 connections persist unless one side says otherwise, and "A server that does not support persistent connections MUST send the "close" connection option in every response message that does not have a 1xx (Informational) status code" (RFC 9112 §9.6): a client that reuses the connection, as HTTP clients and pools do, gets a reset or an empty reply for its next call, and a call that changes state cannot safely be sent again. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    if (exchange.connection?.closedUnannounced !== true) return [];
    const said = exchange.response.headers.connection;
    return [
      {
        instancePath: '',
        expected: 'the connection kept open for the next request, or `Connection: close` on the answer (RFC 9112 §9.6)',
        actual: `closed after the answer, which said ${said === undefined ? 'no Connection' : `Connection: ${said}`}`,
      },
    ];
  },
};
