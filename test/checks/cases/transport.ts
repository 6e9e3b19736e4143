/** The checks of whether an answer came, its status, framing and content coding: a fixture where each fires, and one where it stays quiet. */
import { exchangeOf, HTTP_DATE } from '../../support/exchange.js';
import { type Case, noted, asHead, inHttp10, unauthorized } from './fixtures.js';

export const transportCases: Record<string, Case> = {
  'response-received': {
    fires: exchangeOf('custom-demand-list', { noResponse: true, failure: { kind: 'timeout', message: 'no response in 10 ms' } }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list'),
  },
  'http-status': {
    fires: exchangeOf('custom-demand-list', { status: 500 }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list', { status: 200 }),
  },
  'json-body': {
    fires: exchangeOf('purchase-order-list', { body: '<html><h1>502</h1></html>', headers: { 'content-type': 'text/html' } }),
    instancePath: '',
    quiet: exchangeOf('purchase-order-list'),
  },
  'json-unicode': {
    fires: noted(exchangeOf('custom-demand-list'), { invalidUtf8: true }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list'),
  },
  'content-encoding': {
    fires: noted(exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }), {
      encodingProblem: 'content-encoding: gzip, but the body does not decode as that (incorrect header check)',
    }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
  },
  'json-content-type': {
    fires: exchangeOf('bank-card-list', { headers: { 'content-type': 'text/plain' } }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json; charset=utf-8' } }),
  },
  'json-charset': {
    fires: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json; charset=GBK', date: HTTP_DATE } }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json; Charset="UTF-8"', date: HTTP_DATE } }),
  },
  'connection-close': {
    fires: {
      ...exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:head', requestHeaders: { connection: 'close' } }),
      connection: { keptOpenAfterClose: true },
    },
    instancePath: '',
    quiet: exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:head', requestHeaders: { connection: 'close' } }),
  },
  'persistent-connection': {
    fires: { ...exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:persistent' }), connection: { closedUnannounced: true } },
    instancePath: '',
    // A server that says it closes may close: the next request then goes on a new connection.
    quiet: [
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:persistent' }),
      {
        ...exchangeOf('consignee-delete', {
          intent: 'http-probe',
          path: 'http-probe:persistent',
          headers: { 'content-type': 'application/json', date: HTTP_DATE, connection: 'close' },
        }),
        connection: {},
      },
    ],
  },
  'head-content': {
    fires: {
      ...asHead(exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:head', body: '' })),
      connection: { octetsAfterAnswer: 92 },
    },
    instancePath: '',
    // Octets after an answer to a POST, or a second answer after a HEAD, are unsolicited-answer's; a HEAD answered with a Content-Length and no content is right.
    quiet: [
      { ...exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:persistent' }), connection: { octetsAfterAnswer: 92 } },
      asHead(exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:head', body: '', headers: { 'content-length': '92' } })),
      {
        ...asHead(exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:head', body: '' })),
        connection: { octetsAfterAnswer: 160, statusLineAfterAnswer: 'HTTP/1.1 500 Internal Server Error' },
      },
    ],
  },
  'unsolicited-answer': {
    fires: {
      ...exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:persistent' }),
      connection: { octetsAfterAnswer: 318, statusLineAfterAnswer: 'HTTP/1.1 200 OK' },
    },
    instancePath: '',
    // Nothing after the answer; a close the answer announced; interim answers before the final one; content after a HEAD, head-content's.
    quiet: [
      exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:persistent' }),
      {
        ...exchangeOf('send-code', {
          intent: 'http-probe',
          path: 'http-probe:head',
          body: '',
          requestHeaders: { connection: 'close' },
          headers: { 'content-type': 'application/json', date: HTTP_DATE, connection: 'close' },
        }),
        connection: {},
      },
      {
        ...exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:expect-continue', requestHeaders: { expect: '100-continue' } }),
        connection: { interimAnswers: [{ status: 100, statusLine: 'HTTP/1.1 100 Continue' }] },
      },
      { ...asHead(exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:head', body: '' })), connection: { octetsAfterAnswer: 92 } },
    ],
  },
  'not-modified-status': {
    fires: exchangeOf('custom-demand-list', {
      intent: 'http-probe',
      path: 'http-probe:if-none-match',
      status: 304,
      body: '',
      requestHeaders: { 'if-none-match': '"a1"' },
    }),
    instancePath: '',
    quiet: [
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:if-none-match', requestHeaders: { 'if-none-match': '"a1"' } }),
      exchangeOf('custom-demand-list', {
        intent: 'http-probe',
        path: 'http-probe:if-none-match',
        status: 412,
        body: '',
        requestHeaders: { 'if-none-match': '"a1"' },
      }),
    ],
  },
  'status-line': {
    fires: {
      ...exchangeOf('consignment-publish', { intent: 'http-probe', path: 'http-probe:persistent' }),
      connection: { malformedStatusLine: 'HTTP/1.1 200' },
    },
    instancePath: '',
    quiet: exchangeOf('consignment-publish', { intent: 'http-probe', path: 'http-probe:persistent' }),
  },
  'transfer-encoding-version': {
    fires: inHttp10(
      exchangeOf('purchase-order-list', {
        intent: 'http-probe',
        path: 'http-probe:http-1.0',
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'transfer-encoding': 'chunked' },
      }),
    ),
    instancePath: '',
    // Framed by Content-Length in HTTP/1.0, or chunked to an HTTP/1.1 request: both right.
    quiet: [
      inHttp10(exchangeOf('purchase-order-list', { intent: 'http-probe', path: 'http-probe:http-1.0' })),
      exchangeOf('purchase-order-list', {
        intent: 'http-probe',
        path: 'http-probe:persistent',
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'transfer-encoding': 'chunked' },
      }),
    ],
  },
  'interim-answer-version': {
    fires: {
      ...inHttp10(exchangeOf('alpha-order-create', { intent: 'http-probe', path: 'http-probe:http-1.0' })),
      connection: { interimAnswers: [{ status: 102, statusLine: 'HTTP/1.1 102 Processing' }] },
    },
    instancePath: '',
    // The final answer alone in HTTP/1.0; a 100 (Continue) to an HTTP/1.1 request that expected it, or a 102 to one that did not: both allowed.
    quiet: [
      inHttp10(exchangeOf('alpha-order-create', { intent: 'http-probe', path: 'http-probe:http-1.0' })),
      {
        ...exchangeOf('alpha-order-create', { intent: 'http-probe', path: 'http-probe:expect-continue', requestHeaders: { expect: '100-continue' } }),
        connection: { interimAnswers: [{ status: 100, statusLine: 'HTTP/1.1 100 Continue' }] },
      },
      {
        ...exchangeOf('alpha-order-create', { intent: 'http-probe', path: 'http-probe:persistent' }),
        connection: { interimAnswers: [{ status: 102, statusLine: 'HTTP/1.1 102 Processing' }] },
      },
    ],
  },
  'partial-content-status': {
    // The first hundred bytes of the page, and a range past its end, each answered to the POST.
    fires: [
      exchangeOf('alpha-orders-list', {
        intent: 'http-probe',
        path: 'http-probe:range',
        status: 206,
        body: '{"data":{"list":[{"soId":',
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'content-range': 'bytes 0-99/2817' },
        requestHeaders: { range: 'bytes=0-99' },
      }),
      exchangeOf('alpha-orders-list', {
        intent: 'http-probe',
        path: 'http-probe:range',
        status: 416,
        body: '',
        headers: { 'content-type': 'text/html', date: HTTP_DATE, 'content-range': 'bytes */2817' },
        requestHeaders: { range: 'bytes=5000-' },
      }),
    ],
    instancePath: '',
    // The Range ignored on the POST; a range served to a GET, the method range handling is defined for; a 206 to no Range, not this check's.
    quiet: [
      exchangeOf('alpha-orders-list', { intent: 'http-probe', path: 'http-probe:range', requestHeaders: { range: 'bytes=0-99' } }),
      ((get) => ({ ...get, request: { ...get.request, method: 'GET', body: undefined } }))(
        exchangeOf('alpha-orders-list', {
          intent: 'http-probe',
          path: 'http-probe:range',
          status: 206,
          headers: { 'content-type': 'application/json', date: HTTP_DATE, 'content-range': 'bytes 0-99/2817' },
          requestHeaders: { range: 'bytes=0-99' },
        }),
      ),
    ],
  },
  'pipelined-order': {
    // The call with the token answered with the refusal of the call without it written behind it, and that one with the code.
    fires: [
      exchangeOf('send-code'),
      exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:pipelined', body: unauthorized }),
      exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:pipelined-without-token' }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('send-code'),
      exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:pipelined' }),
      exchangeOf('send-code', { intent: 'http-probe', path: 'http-probe:pipelined-without-token', body: unauthorized }),
    ],
  },
  'http-status-client-error': {
    fires: exchangeOf('custom-demand-list', { intent: 'hostile', status: 400 }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list', { intent: 'hostile', status: 200 }),
  },
  'rate-limited': {
    fires: exchangeOf('custom-demand-list', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '30' } }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list'),
  },
};
