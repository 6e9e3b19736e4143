import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { recordOf } from '../../src/checks/call-record.js';
import { holds } from '../../src/checks/preconditions.js';
import type { Check, Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf, HTTP_DATE, samplePayload } from '../support/exchange.js';
import { walkOf, walkPage } from '../support/walk.js';

const validator = createValidator();
type Json = Record<string, unknown>;

/** The clean answer of an operation with `data` rewritten. */
function withData(operationId: string, rewrite: (data: Json, payload: Json) => unknown, payload: Json = samplePayload(operationId)): Exchange {
  const body = cleanBody(operationId, payload);
  return exchangeOf(operationId, { payload, body: { ...body, data: rewrite(body.data as Json, payload) } });
}

function withBody(operationId: string, rewrite: (body: Json) => unknown): Exchange {
  const payload = samplePayload(operationId);
  return exchangeOf(operationId, { payload, body: rewrite(cleanBody(operationId, payload)) });
}

/** An exchange whose response carries what the client noted while reading it. */
const noted = (exchange: Exchange, note: Partial<NonNullable<Exchange['response']>>): Exchange => ({
  ...exchange,
  response: { ...exchange.response!, ...note },
});

/** The same call sent with a single slash before /pc, as a server that normalises paths serves it. */
const atSingleSlash = (exchange: Exchange): Exchange => ({ ...exchange, request: { ...exchange.request, url: exchange.request.url.replace('//pc/', '/pc/') } });

/** The same call as a HEAD, with no body. */
const asHead = (exchange: Exchange): Exchange => ({ ...exchange, request: { ...exchange.request, method: 'HEAD', body: undefined } });

const notFound = { data: {}, status: 'fail', code: '404', message: 'no such demand', error: { reason: 'not found' } };

const unauthorized = { data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } };

const mapItems = (data: Json, rewrite: (line: Json, index: number) => Json) => ({
  ...data,
  items: (data.items as Json[]).map(rewrite),
});

/** An order whose first item carries a price, a member #15 does not take (2.4 siPrice). */
const withLinePrice = (payload: Json): Json => ({
  ...payload,
  items: (payload.items as Json[]).map((item, i) => (i === 0 ? { ...item, siPrice: 98765.43 } : item)),
});
/** The answer to it with the first line priced as the client said. */
const withLinePriced = (body: Json): Json => ({ ...body, data: mapItems(body.data as Json, (line, i) => (i === 0 ? { ...line, siPrice: 98765.43 } : line)) });
/** Two mobile numbers in the one field #11 sends its SMS to. */
const twoMobiles = { mobile: '13812345678,13912345678', source: 1 };
const refused = { data: {}, status: 'fail', code: '400', message: 'items[0]: unknown member siPrice', error: { field: 'items[0].siPrice' } };

/** Five records two a page: pages 1 to 3, then the empty page past the last. */
const soundWalk = walkOf(5, 2);

/** A fixture that trips the check, and where the finding must point. */
interface Case {
  readonly fires: Exchange | Exchange[];
  readonly instancePath: string;
  readonly quiet: Exchange | Exchange[];
}

const cases: Record<string, Case> = {
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
  'json-bom': {
    fires: noted(exchangeOf('bank-card-by-id'), { byteOrderMark: true }),
    instancePath: '',
    quiet: exchangeOf('bank-card-by-id'),
  },
  'json-duplicate-names': {
    fires: exchangeOf('custom-demand-delete', { body: '{"data":{},"status":"success","code":"0","c\\u006fde":"200","message":"ok","error":{}}' }),
    instancePath: '/code',
    quiet: exchangeOf('custom-demand-delete', { body: '{"data":{"code":"0"},"status":"success","code":"200","message":"ok","error":{"code":null}}' }),
  },
  'json-number-precision': {
    fires: exchangeOf('custom-demand-delete', {
      body: '{"data":{},"status":"success","code":"200","message":"ok","error":{},"requestId":1795000000000000123}',
    }),
    instancePath: '/requestId',
    quiet: exchangeOf('custom-demand-delete', {
      body: '{"data":{},"status":"success","code":"200","message":"13800138000123456","error":{},"total":1285.50000000000000000000,"id":9007199254740991}',
    }),
  },
  'json-code-points': {
    fires: exchangeOf('custom-demand-delete', { body: '{"data":{},"status":"success","code":"200","message":"cut \\ud83e","error":{}}' }),
    instancePath: '/message',
    quiet: exchangeOf('custom-demand-delete', { body: '{"data":{},"status":"success","code":"200","message":"whole \\ud83e\\uddea \\ufffd","error":{}}' }),
  },
  'retry-after': {
    fires: exchangeOf('custom-demand-list', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '2026-11-22T10:00:00Z' } }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': HTTP_DATE } }),
  },
  'date-header': {
    fires: exchangeOf('custom-demand-list', { headers: { 'content-type': 'application/json' } }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-list', { status: 500, headers: { 'content-type': 'application/json' } }),
  },
  'www-authenticate': {
    fires: exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:no-header', status: 401, body: unauthorized }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', {
      intent: 'auth-probe',
      path: 'auth-probe:no-header',
      status: 401,
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'www-authenticate': 'Bearer realm="otp"' },
      body: unauthorized,
    }),
  },
  'record-personal-data': {
    fires: withData('purchase-order-list', (data) => ({
      ...data,
      list: (data.list as Json[]).map((record, index) => ({ ...record, member: { id: index + 2, mobile: '13912345678', realName: '王五' } })),
    })),
    instancePath: '/data/list/0/member',
    // Documented fields hold personal data by design; an undocumented member may hold anything else.
    quiet: [
      exchangeOf('consignee-by-id'),
      withData('purchase-order-list', (data) => ({ ...data, list: (data.list as Json[]).map((record) => ({ ...record, member: { id: 2, level: 3 } })) })),
    ],
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
    // Octets after an answer to a POST are another framing matter; a HEAD answered with a Content-Length and no content is right.
    quiet: [
      { ...exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:persistent' }), connection: { octetsAfterAnswer: 92 } },
      asHead(exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:head', body: '', headers: { 'content-length': '92' } })),
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
  etag: {
    fires: exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, etag: '3f2a9c0d1e5b7a64' } }),
    instancePath: '',
    quiet: [
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, etag: '"3f2a9c0d1e5b7a64"' } }),
      exchangeOf('consignee-by-id', { headers: { 'content-type': 'application/json', date: HTTP_DATE, etag: 'W/"3f2a"' } }),
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
  'allow-header': {
    fires: asHead(exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:head', status: 405, body: '' })),
    instancePath: '',
    quiet: [
      asHead(
        exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:head', status: 405, body: '', headers: { allow: 'POST', date: HTTP_DATE } }),
      ),
      asHead(exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:head', status: 200, body: '' })),
    ],
  },
  'version-disclosure': {
    fires: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, server: 'nginx/1.18.0 (Ubuntu)' } }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, server: 'nginx' } }),
  },
  'set-cookie': {
    fires: [
      exchangeOf('login', {
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'set-cookie': 'OTP_MEMBER={"id":1,"mobile":"13812345678"}; Path=/' },
      }),
      exchangeOf('send-code', {
        headers: {
          'content-type': 'application/json',
          date: HTTP_DATE,
          'set-cookie': 'smsCooldown=60; Expires=Sun Nov 22 2026 10:16:00 GMT+0800 (China Standard Time); Path=/',
        },
      }),
    ],
    instancePath: '',
    // Two cookies joined as they arrive, one with an Expires date, its comma inside; and one deleted by Max-Age=0.
    quiet: exchangeOf('login', {
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        'set-cookie': 'SESSION=3f9a; Path=/; HttpOnly; Secure, theme="dark"; Expires=Wed, 21 Oct 2026 07:28:00 GMT, old=; Max-Age=0',
      },
    }),
  },
  'token-echo': {
    fires: exchangeOf('custom-demand-create', {
      intent: 'hostile',
      requestHeaders: { authorization: 'bearerT0KEN-a1b2c3d4e5' },
      body: { data: {}, status: 'fail', code: '400', message: 'cas is required', error: { request: { headers: { authorization: 'bearerT0KEN-a1b2c3d4e5' } } } },
    }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-create', { intent: 'hostile', requestHeaders: { authorization: 'bearerT0KEN-a1b2c3d4e5' } }),
  },
  'mass-assignment': {
    fires: exchangeOf('beta-order-create', {
      intent: 'hostile',
      payload: withLinePrice(samplePayload('beta-order-create')),
      body: withLinePriced(cleanBody('beta-order-create', samplePayload('beta-order-create'))),
    }),
    instancePath: '/data/items/0/siPrice',
    // The planted price ignored, and the same call refused.
    quiet: [
      exchangeOf('beta-order-create', { intent: 'hostile', payload: withLinePrice(samplePayload('beta-order-create')) }),
      exchangeOf('beta-order-create', { intent: 'hostile', payload: withLinePrice(samplePayload('beta-order-create')), body: refused }),
    ],
  },
  'several-recipients': {
    fires: exchangeOf('send-code', { intent: 'hostile', payload: twoMobiles, body: cleanBody('send-code', { mobile: '13812345678', source: 1 }) }),
    instancePath: '',
    // The clean server refuses the list; one number answered as a success.
    quiet: [exchangeOf('send-code', { intent: 'hostile', payload: twoMobiles }), exchangeOf('send-code', { payload: { mobile: '13812345678', source: 1 } })],
  },
  'shared-cache': {
    fires: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'cache-control': 'public, max-age=86400' } }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'cache-control': 'private, max-age=60' } }),
  },
  'internal-address': {
    fires: exchangeOf('beta-order-create', {
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'x-upstream-addr': '10.20.4.17:8080', 'x-served-by': 'api-3.prod.trading.internal' },
    }),
    instancePath: '',
    // The address the request went to, a public one, and a public name with corp inside it, name nothing new.
    quiet: exchangeOf('beta-order-create', {
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        location: 'http://127.0.0.1:9/x',
        via: '1.1 203.0.113.7',
        'x-served-by': 'api.corp.example.com',
        'x-request-id': 'req-2026.11.22-7f3e',
      },
    }),
  },
  'cors-credentials-wildcard': {
    fires: exchangeOf('bank-card-list', {
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' },
    }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', {
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        'access-control-allow-origin': 'https://shop.example',
        'access-control-allow-credentials': 'true',
      },
    }),
  },
  'record-secrets': {
    fires: withData('consignee-by-id', (data) => ({ ...data, payPwd: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy' }), { id: 7 }),
    instancePath: '/data/payPwd',
    quiet: withData('consignee-by-id', (data) => ({ ...data, payPwd: '******', passwordUpdatedAt: '2026-11-22', hasPassword: true }), { id: 7 }),
  },
  envelope: {
    fires: withBody('custom-demand-delete', ({ code: _code, ...rest }) => rest),
    instancePath: '/code',
    quiet: exchangeOf('custom-demand-delete'),
  },
  'data-schema': {
    fires: withData('custom-demand-list', (data) => ({ ...data, list: (data.list as Json[]).map((record) => ({ ...record, status: 'open' })) }), {
      pageSize: 10,
      status: 1,
    }),
    instancePath: '/data/list/0/status',
    quiet: exchangeOf('custom-demand-list', { payload: { pageSize: 10, status: 1 } }),
  },
  'sample-types': {
    fires: withData(
      'alpha-orders-list',
      (data) => ({ ...data, list: (data.list as Json[]).map((record) => ({ ...record, soCaMobile: String(record.soCaMobile) })) }),
      { pageSize: 5, pageNo: 1 },
    ),
    instancePath: '/data/list/0/soCaMobile',
    quiet: exchangeOf('alpha-orders-list', { payload: { pageSize: 5, pageNo: 1 } }),
  },
  'status-text': {
    fires: withData(
      'purchase-order-list',
      (data) => ({ ...data, list: (data.list as Json[]).map((record, index) => ({ ...record, status: index % 4, statusText: '待确认' })) }),
      { pageSize: 10, status: null, cusType: null },
    ),
    instancePath: '/data/list/*/statusText',
    quiet: exchangeOf('purchase-order-list', { payload: { pageSize: 10, status: null, cusType: null } }),
  },
  'page-integer-text': {
    fires: exchangeOf('custom-demand-list', {
      payload: { pageSize: 10, status: null },
      body: '{"data":{"totalPage":5.0,"pageNo":1,"list":[{"id":7,"pageNo":2.5}]},"status":"success","code":"200","message":"","error":{}}',
    }),
    instancePath: '/data/totalPage',
    // A record's own field of the same name is not the page's.
    quiet: exchangeOf('custom-demand-list', {
      payload: { pageSize: 10, status: null },
      body: '{"data":{"totalPage":5,"pageNo":1,"list":[{"id":7,"pageNo":2.5}]},"status":"success","code":"200","message":"","error":{}}',
    }),
  },
  'page-number-echo': {
    fires: withData('beta-products-by-brand', (data) => ({ ...data, pageNo: 9 })),
    instancePath: '/data/pageNo',
    quiet: exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 5, pageNo: 2 } }),
  },
  'page-size-bound': {
    fires: withData(
      'alpha-orders-list',
      (data, payload) => ({ ...data, list: Array.from({ length: Number(payload.pageSize) + 1 }, () => (data.list as Json[])[0]) }),
      { pageSize: 3, pageNo: 1 },
    ),
    instancePath: '/data/list',
    quiet: exchangeOf('alpha-orders-list', { payload: { pageSize: 3, pageNo: 1 } }),
  },
  'by-id-record': {
    fires: withData('consignee-by-id', (data) => ({ ...data, id: Number(data.id) + 1 }), { id: 7 }),
    instancePath: '/data/id',
    quiet: exchangeOf('consignee-by-id', { payload: { id: 7 } }),
  },
  'list-selector': {
    // Brand 2 answered with brand 1's first page: the same records for two brands.
    fires: [
      exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 10, pageNo: 1 } }),
      exchangeOf('beta-products-by-brand', {
        payload: { brandId: 2, pageSize: 10, pageNo: 1 },
        body: cleanBody('beta-products-by-brand', { brandId: 1, pageSize: 10, pageNo: 1 }),
      }),
    ],
    instancePath: '/data/list',
    quiet: [
      exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 10, pageNo: 1 } }),
      exchangeOf('beta-products-by-brand', { payload: { brandId: 2, pageSize: 10, pageNo: 1 } }),
    ],
  },
  'list-filter': {
    // Status 0 answered with the records of status 1, while status 2 is answered with its own.
    fires: [
      exchangeOf('custom-demand-list', { payload: { pageSize: 20, status: 0 }, body: cleanBody('custom-demand-list', { pageSize: 20, status: 1 }) }),
      exchangeOf('custom-demand-list', { payload: { pageSize: 20, status: 2 } }),
    ],
    instancePath: '/data/list/*/status',
    quiet: [
      exchangeOf('custom-demand-list', { payload: { pageSize: 20, status: 0 } }),
      exchangeOf('custom-demand-list', { payload: { pageSize: 20, status: 2 } }),
    ],
  },
  'page-size-asked': {
    fires: exchangeOf('bank-card-list', {
      payload: { pageSize: 2, status: 0 },
      body: { data: { totalPage: 100, pageNo: 1, list: [{ id: 1 }, { id: 2 }, { id: 3 }] }, status: 'success', code: '200', message: '', error: {} },
    }),
    instancePath: '/data/list',
    quiet: exchangeOf('bank-card-list', { payload: { pageSize: 5, status: 0 } }),
  },
  'page-repeated-records': {
    fires: walkOf(5, 2, (pageNo, sound) => (pageNo === 2 ? { ...sound, ids: [2, 3] } : sound)),
    instancePath: '/data/list',
    quiet: soundWalk,
  },
  'page-total': {
    fires: [walkPage(2, 1, { ids: [1, 2], totalPage: 3 }), walkPage(2, 2, { ids: [3], totalPage: 3 }), walkPage(2, 3, { ids: [], totalPage: 3 })],
    instancePath: '/data/totalPage',
    quiet: soundWalk,
  },
  'page-past-end': {
    fires: walkOf(5, 2, (pageNo, sound) => (pageNo === 4 ? { ...sound, ids: [5] } : sound)),
    instancePath: '/data',
    quiet: soundWalk,
  },
  'page-past-end-list': {
    fires: walkOf(5, 2, (pageNo, sound) => (pageNo === 4 ? { ...sound, ids: null } : sound)),
    instancePath: '/data/list',
    quiet: soundWalk,
  },
  'order-line-codes': {
    fires: withData('alpha-order-create', (data) => mapItems(data, (line, i) => (i === 0 ? { ...line, pCode: 'ZZZ' } : line))),
    instancePath: '/data/items/0/pCode',
    quiet: exchangeOf('alpha-order-create'),
  },
  'order-line-quantity': {
    fires: withData('beta-order-create', (data) => mapItems(data, (line) => ({ ...line, siNum: Number(line.siNum) + 1 }))),
    instancePath: '/data/items/0/siNum',
    quiet: exchangeOf('beta-order-create'),
  },
  'order-lines-complete': {
    fires: (() => {
      const payload = {
        ...samplePayload('alpha-order-create'),
        items: [
          { pCode: 'A100001', num: '2', siCusNote: '', siSendNote: '' },
          { pCode: 'A100002', num: '1', siCusNote: '', siSendNote: '' },
        ],
      };
      const body = cleanBody('alpha-order-create', payload);
      const data = body.data as Json;
      return exchangeOf('alpha-order-create', { payload, body: { data: { ...data, items: (data.items as Json[]).slice(0, 1) } } });
    })(),
    instancePath: '/data/items',
    quiet: exchangeOf('alpha-order-create'),
  },
  'order-line-count': {
    fires: withData('beta-order-create', (data) => ({ ...data, items: [(data.items as Json[])[0], ...(data.items as Json[])] })),
    instancePath: '/data/items/1',
    quiet: exchangeOf('beta-order-create'),
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
  'stack-trace-leak': {
    fires: exchangeOf('consignee-by-id', {
      body: {
        data: {},
        status: 'fail',
        code: '500',
        message: 'TypeError: x is undefined\n    at find (/srv/app/src/consignee.js:42:17)',
        error: { reason: 'internal' },
      },
    }),
    instancePath: '',
    quiet: exchangeOf('consignee-by-id', {
      body: { data: {}, status: 'fail', code: '404', message: 'no consignee 7 at /pc/customer', error: { reason: 'not found' } },
    }),
  },
  'database-error-leak': {
    fires: exchangeOf('custom-demand-delete', {
      intent: 'hostile',
      payload: { demandId: 'abc' },
      body: { data: {}, status: 'fail', code: '500', message: 'invalid input syntax for type integer: "abc"', error: { reason: 'internal' } },
    }),
    instancePath: '',
    quiet: exchangeOf('custom-demand-delete', {
      intent: 'hostile',
      payload: { demandId: 'abc' },
      body: { data: {}, status: 'fail', code: '400', message: 'demandId must be a number, not "abc"', error: { field: 'demandId' } },
    }),
  },
  'markup-echo': {
    fires: exchangeOf('login', {
      intent: 'hostile',
      payload: { mobile: '13800138000', password: '<script>alert(1)</script>' },
      body: { data: {}, status: 'fail', code: '400', message: 'invalid password <script>alert(1)</script>', error: { field: 'password' } },
    }),
    instancePath: '',
    quiet: exchangeOf('login', {
      intent: 'hostile',
      payload: { mobile: '13800138000', password: '<script>alert(1)</script>' },
      body: {
        data: { echo: '<script>alert(1)</script>' },
        status: 'fail',
        code: '400',
        message: 'invalid password &lt;script&gt;',
        error: { field: 'password' },
      },
    }),
  },
  'auth-documented-header': {
    fires: [
      exchangeOf('bank-card-list', { body: unauthorized }),
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:bearer-space', requestHeaders: { authorization: 'Bearer T0KEN' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('bank-card-list'),
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:bearer-space', requestHeaders: { authorization: 'Bearer T0KEN' } }),
    ],
  },
  'documented-path': {
    fires: [
      exchangeOf('bank-card-list', { status: 404, body: '<html>Cannot POST //pc/customer/bankCardList</html>' }),
      atSingleSlash(exchangeOf('bank-card-list')),
    ],
    instancePath: '',
    quiet: [exchangeOf('bank-card-list'), atSingleSlash(exchangeOf('bank-card-list'))],
  },
  'auth-unauthorized-data': {
    fires: [exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:no-header', payload: { pageSize: 5, status: 1 } })],
    instancePath: '/data',
    quiet: [exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized })],
  },
  'auth-near-miss-token': {
    fires: [
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: unauthorized }),
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:token-case-changed', requestHeaders: { authorization: 'bearert0ken' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: unauthorized }),
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:token-case-changed', body: unauthorized }),
    ],
  },
  'auth-unauthorized-change': {
    // No header refused; a wrong token answered "no such demand", as calls with the valid token are.
    fires: [
      exchangeOf('custom-demand-delete', { body: notFound }),
      exchangeOf('custom-demand-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('custom-demand-delete', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: notFound }),
    ],
    instancePath: '',
    // A server that answers every failure with one code, a missing token too, tells nothing.
    quiet: [
      exchangeOf('custom-demand-delete', { body: { ...notFound, code: '-1' } }),
      exchangeOf('custom-demand-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: { ...unauthorized, code: '-1' } }),
      exchangeOf('custom-demand-delete', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: { ...notFound, code: '-1' } }),
    ],
  },
  'operation-verified': {
    fires: [
      exchangeOf('consignee-by-id', {
        body: { data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } },
      }),
    ],
    instancePath: '/data',
    quiet: [exchangeOf('consignee-by-id', { payload: { id: 3 } })],
  },
};

function run(check: Check, fixture: Exchange | Exchange[]) {
  const exchanges = Array.isArray(fixture) ? fixture : [fixture];
  if (check.scope === 'operation')
    return check.run(
      exchanges.map((exchange, rank) => recordOf(exchange, rank)),
      { validator },
    );
  return exchanges.flatMap((exchange) => (check.intents.includes(exchange.intent) && holds(check.needs, exchange) ? check.run(exchange, { validator }) : []));
}

describe('every check has a fixture where it fires and one where it stays quiet', () => {
  it('covers every check', () => {
    expect(Object.keys(cases).sort()).toEqual(allChecks.map((check) => check.id).sort());
  });

  for (const check of allChecks) {
    const fixture = cases[check.id];
    if (!fixture) continue;
    it(`${check.id} fires at ${fixture.instancePath || 'the response'}`, () => {
      const findings = run(check, fixture.fires);
      expect(findings.map((f) => f.instancePath)).toContain(fixture.instancePath);
    });
    it(`${check.id} stays quiet on a conforming exchange`, () => {
      expect(run(check, fixture.quiet)).toEqual([]);
    });
  }
});

describe('check metadata', () => {
  it('ids are unique, kebab-case, and each names its rule and quotes the spec', () => {
    const ids = allChecks.map((check) => check.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of allChecks) {
      expect(check.id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(check.rule.length).toBeGreaterThan(0);
      expect(check.quote.length).toBeGreaterThan(10);
    }
  });
});
