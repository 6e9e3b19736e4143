import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** "For this specification, GET is the only method for which range handling is defined" (RFC 9110 §14.2). */
const RANGED = 'GET';

export const partialContentStatus: ExchangeCheck<'response'> = {
  id: 'partial-content-status',
  scope: 'exchange',
  ...clause('answers-200-envelope'),
  standards: ['rfc9110-14.2-range-ignored'],
  severity: 'warning',
  title: 'A Range served for a request that is no GET',
  description:
    'An HTTP 206 (Partial Content) or 416 (Range Not Satisfiable), or a Content-Range, in answer to a request with a Range whose method is not GET. "A server MUST ignore a Range header field received with a request method that is unrecognized or for which range handling is not defined. For this specification, GET is the only method for which range handling is defined" (RFC 9110 §14.2). The kit sends the first valid call of each operation that is no GET again with `Range: bytes=0-99`, as a download client resuming or a cache filling in sends it; a server that serves the range (a proxy that cuts any answer to the range asked, whatever the method) hands the client the first hundred bytes of the JSON, which it cannot read, and a range past the end gets no envelope at all. A warning on that probe: the spec says nothing of ranges; on a documented call any status but 200 is an `http-status` error.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const { method, headers } = exchange.request;
    const range = headers.range;
    if (method === RANGED || range === undefined) return [];
    const { status, headers: answer } = exchange.response;
    const contentRange = answer['content-range'] !== undefined;
    if (status !== 206 && status !== 416 && !contentRange) return [];
    return [
      {
        instancePath: '',
        expected: `the answer the call gets without a Range: a server ignores one on ${method} (RFC 9110 §14.2)`,
        actual: `HTTP ${status}${contentRange ? ' with a Content-Range' : ''} to ${method} with Range: ${range}`,
      },
    ];
  },
};
