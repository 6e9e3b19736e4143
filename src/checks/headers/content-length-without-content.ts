import { type ExchangeCheck, everyIntent } from '../types.js';
import { clause } from '../clauses.js';

export const contentLengthWithoutContent: ExchangeCheck<'response'> = {
  id: 'content-length-without-content',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-8.6-no-length-on-204'],
  severity: 'warning',
  title: 'Content-Length on a 204 or 1xx answer',
  description:
    'An answer with status 204 (No Content) or 1xx (Informational) carries a Content-Length header, even `0`. "A server MUST NOT send a Content-Length header field in any response with a status code of 1xx (Informational) or 204 (No Content)" (RFC 9110 §8.6): such an answer has no content by its status (§6.4.1), and a length beside it is read by some clients and proxies as a body to wait for or to frame the next answer by. The kit meets it most often on the OPTIONS it sends among its HTTP probes, which CORS configurations answer with 204 (the widely copied nginx snippet adds `Content-Length: 0`). Judged on every call, probes included. A warning: the spec says nothing of 204.',
  needs: 'response',
  intents: everyIntent,
  run(exchange) {
    const { status, headers } = exchange.response;
    const length = headers['content-length'];
    if (length === undefined || (status !== 204 && (status < 100 || status > 199))) return [];
    return [{ instancePath: '', expected: `no Content-Length on HTTP ${status} (RFC 9110 §8.6)`, actual: `HTTP ${status} with content-length: ${length}` }];
  },
};
