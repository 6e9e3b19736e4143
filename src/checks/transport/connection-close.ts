import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const connectionClose: ExchangeCheck<'response'> = {
  id: 'connection-close',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9112-9.6-close-received'],
  severity: 'warning',
  title: 'Connection kept open after a request that asked to close it',
  description:
    'The HEAD of the HTTP probes asks `Connection: close`; a second after answering it (or ten times as long as the answer took, where that is longer), the server still held the connection open. "A server that receives a "close" connection option MUST initiate closure of the connection … after it sends the final response to the request that contained the "close" connection option" (RFC 9112 §9.6): a client that closes only once the server has, as HTTP/1.0 clients and scripts reading to the end of the stream do, waits for a close that never comes, and each such connection holds a slot of the server. A warning: the spec shows no header of a request beyond the documented two.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    if (exchange.connection?.keptOpenAfterClose !== true) return [];
    const said = exchange.response.headers.connection;
    return [
      {
        instancePath: '',
        expected: 'the connection closed by the server after its answer to a request with `Connection: close` (RFC 9112 §9.6)',
        actual: `still open a second or more after the answer, which said ${said === undefined ? 'no Connection' : `Connection: ${said}`}`,
      },
    ];
  },
};
