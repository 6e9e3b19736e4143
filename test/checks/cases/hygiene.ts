/** The checks of what an answer must not reveal, and requests a server must not honour: a fixture where each fires, and one where it stays quiet. */
import { cleanBody, exchangeOf, HTTP_DATE, samplePayload } from '../../support/exchange.js';
import { type Case, type Json, withData, withLinePrice, withLinePriced, twoMobiles, refused, asGetWithQuery, methodRefused, unauthorized } from './fixtures.js';

/** Calls of send-code with a valid mobile, answered in the ms given. */
const quickCodes = (ms: number) =>
  Array.from({ length: 8 }, (_, index) => ({
    ...exchangeOf('send-code', { path: `coverage:${index}`, payload: { mobile: '13812345678', source: 1 } }),
    durationMs: ms + index,
  }));
const backtracking = { mobile: `${'1'.repeat(30)}!`, source: 1 };
/** The call with a run of digits and a character that ends it, answered in the ms given (a second call, at the same path, is the same call sent again). */
const backtrackingCode = (ms: number) => ({
  ...exchangeOf('send-code', { intent: 'hostile', path: 'coverage:20', payload: backtracking, body: refused }),
  durationMs: ms,
});

/** A body over the server's limit, refused for its size. */
const tooLarge = { data: {}, status: 'fail', code: '413', message: 'Request body over 1048576 bytes.', error: { reason: 'too large' } };
/** A gzip-coded body read as it came. */
const notJson = { data: {}, status: 'fail', code: '400', message: 'Request body is not valid JSON.', error: { reason: 'invalid JSON' } };

export const hygieneCases: Record<string, Case> = {
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
  'get-query-answered': {
    fires: [
      exchangeOf('bank-card-by-id', { payload: { id: 3 } }),
      asGetWithQuery(exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:get-query', payload: { id: 3 } }), 'id=3'),
    ],
    instancePath: '',
    // A GET refused in the envelope, as the clean server refuses it.
    quiet: [
      exchangeOf('bank-card-by-id', { payload: { id: 3 } }),
      asGetWithQuery(exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:get-query', payload: { id: 3 }, body: methodRefused }), 'id=3'),
    ],
  },
  'version-disclosure': {
    fires: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, server: 'nginx/1.18.0 (Ubuntu)' } }),
    instancePath: '',
    quiet: exchangeOf('bank-card-list', { headers: { 'content-type': 'application/json', date: HTTP_DATE, server: 'nginx' } }),
  },
  'debug-fields': {
    fires: exchangeOf('bank-card-list', {
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'x-debug-token': '3f9a1c', 'x-debug-token-link': 'http://127.0.0.1/_profiler/3f9a1c' },
    }),
    instancePath: '',
    // A request id and a trace context are for following a call across services, not debugging tools left on.
    quiet: exchangeOf('bank-card-list', {
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        'x-request-id': 'debugged-1',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
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
  'password-echo': {
    // A remember-me cookie of "mobile:password" in base64, as an old tutorial writes it.
    fires: exchangeOf('login', {
      payload: { mobile: '13812345678', password: 'Lab#Reagent2026' },
      headers: { 'content-type': 'application/json', date: HTTP_DATE, 'set-cookie': 'rememberMe=MTM4MTIzNDU2Nzg6TGFiI1JlYWdlbnQyMDI2; Path=/' },
    }),
    instancePath: '',
    // A session cookie of its own, and a refusal that names the field without its value.
    quiet: [
      exchangeOf('login', {
        payload: { mobile: '13812345678', password: 'Lab#Reagent2026' },
        headers: { 'content-type': 'application/json', date: HTTP_DATE, 'set-cookie': 'SESSION=ZjM5YTAwYzEtNGE3Ny00; Path=/; HttpOnly' },
      }),
      exchangeOf('login', {
        payload: { mobile: '13812345678', password: 'Lab#Reagent2026' },
        body: { data: {}, status: 'fail', code: '401', message: 'password: is wrong', error: { field: 'password' } },
      }),
    ],
  },
  'refusal-personal-data': {
    // A registration of a mobile that has a member, refused naming that member.
    fires: exchangeOf('login', {
      intent: 'flow',
      payload: { mobile: '14012345678', password: 'Reagent#2026' },
      body: {
        data: {},
        status: 'fail',
        code: '400',
        message: 'mobile: is already registered',
        error: { field: 'mobile', member: { id: 1, mobile: '14012345678', realName: '李娜', companyName: '杭州博远生物科技有限公司' } },
      },
    }),
    instancePath: '/error/member',
    // The refusal names the field and writes back the mobile sent; a success may carry the member's own record.
    quiet: [
      exchangeOf('login', {
        intent: 'flow',
        payload: { mobile: '14012345678', password: 'Reagent#2026' },
        body: {
          data: {},
          status: 'fail',
          code: '400',
          message: 'mobile 14012345678: is already registered',
          error: { field: 'mobile', reason: 'is already registered' },
        },
      }),
      exchangeOf('login', {
        payload: { mobile: '14012345678', password: 'Reagent#2026' },
        body: { data: { id: 1, mobile: '14012345678', realName: '李娜' }, status: 'success', code: '200', message: 'ok', error: {} },
      }),
    ],
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
  'method-override': {
    // The card read again with X-HTTP-Method-Override: DELETE, answered as a delete is: a success with empty data.
    fires: [
      exchangeOf('bank-card-by-id', { payload: { id: 3 } }),
      exchangeOf('bank-card-by-id', {
        intent: 'http-probe',
        path: 'http-probe:method-override',
        payload: { id: 3 },
        body: { data: {}, status: 'success', code: '200', message: 'ok', error: {} },
      }),
    ],
    instancePath: '',
    // The fields ignored: the card again.
    quiet: [
      exchangeOf('bank-card-by-id', { payload: { id: 3 } }),
      exchangeOf('bank-card-by-id', { intent: 'http-probe', path: 'http-probe:method-override', payload: { id: 3 } }),
    ],
  },
  'options-served-as-operation': {
    // The consignee deleted by an OPTIONS without a token, where the POST without one is refused.
    fires: [
      exchangeOf('consignee-delete', { payload: { id: 3 } }),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', payload: { id: 3 }, body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:options', payload: { id: 3 } }),
    ],
    instancePath: '',
    // The OPTIONS refused as a method the path does not take.
    quiet: [
      exchangeOf('consignee-delete', { payload: { id: 3 } }),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', payload: { id: 3 }, body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:options', payload: { id: 3 }, body: methodRefused }),
    ],
  },
  'coded-body-past-limit': {
    // Padded past the limit, refused for its size; the same text gzip-coded answered with the page.
    fires: [
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:oversized', payload: { pageSize: 10, status: 1 }, body: tooLarge }),
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:oversized-gzip', payload: { pageSize: 10, status: 1 } }),
    ],
    instancePath: '',
    // The coded body refused too: as no JSON, by a server that takes no coded bodies.
    quiet: [
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:oversized', payload: { pageSize: 10, status: 1 }, body: tooLarge }),
      exchangeOf('custom-demand-list', { intent: 'http-probe', path: 'http-probe:oversized-gzip', payload: { pageSize: 10, status: 1 }, body: notJson }),
    ],
  },
  'backtracking-answer-time': {
    // Held 2 s, twice, where the other answers take about 10 ms.
    fires: [...quickCodes(10), backtrackingCode(2000), backtrackingCode(2050)],
    instancePath: '',
    // Slow once and quick when sent again: a stall of the machine, not of the pattern.
    quiet: [...quickCodes(10), backtrackingCode(2000), backtrackingCode(12)],
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
  'cors-reflected-origin': {
    // The origin probe's Origin granted back, with credentials: the server allows whatever origin asks.
    fires: exchangeOf('alpha-orders-list', {
      intent: 'http-probe',
      path: 'http-probe:origin',
      requestHeaders: { origin: 'https://otp-conformance.invalid' },
      headers: {
        'content-type': 'application/json',
        date: HTTP_DATE,
        'access-control-allow-origin': 'https://otp-conformance.invalid',
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      },
    }),
    instancePath: '',
    // The server grants only its own site, whatever origin asks.
    quiet: exchangeOf('alpha-orders-list', {
      intent: 'http-probe',
      path: 'http-probe:origin',
      requestHeaders: { origin: 'https://otp-conformance.invalid' },
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
};
