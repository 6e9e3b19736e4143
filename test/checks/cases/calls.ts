/** The checks of the calls themselves (orders, what was asked, paths, authorization): a fixture where each fires, and one where it stays quiet. */
import { cleanBody, exchangeOf, samplePayload } from '../../support/exchange.js';
import { type Case, type Json, withData, atSingleSlash, notFound, unauthorized, mapItems } from './fixtures.js';

const signedIn = { data: {}, status: 'success', code: '200', message: 'ok', error: {} };
const mobileRefused = { data: {}, status: 'fail', code: '400', message: 'mobile: required', error: { field: 'mobile' } };
const passwordRefused = { data: {}, status: 'fail', code: '400', message: 'password: required', error: { field: 'password' } };

/** The demand list without status (null, as the samples show it), every seeded demand on one page, as the walk reads it. */
const wholeDemandList = exchangeOf('custom-demand-list', { payload: { pageSize: 200, pageNo: 1, status: null }, path: 'page-unfiltered:200:1' });
const STATUS_ZERO = { pageSize: 10, pageNo: 1, status: 0 };
/** The page with a demand no list of the member holds (another member's) first. */
function withForeignDemand(body: Json): Json {
  const data = body.data as Json;
  const list = data.list as Json[];
  return { ...body, data: { ...data, list: [{ ...list[0], id: 100_001 }, ...list.slice(0, -1)] } };
}

/** The lookups of a card by its id named twice, the member's 3 and 101 past its list, and of 101 alone: where they are found again. */
const ownFirst = 'listed-id:own-first:id:{"own":3,"foreign":101}';
const foreignAlone = 'listed-id:foreign-alone:id:{"own":3,"foreign":101}';
const TWICE = { kind: 'duplicate-id', order: 'own-first', field: 'id', own: 3, foreign: 101 };
/** The card of id 101, as a server answers it whose access check read the first id and whose lookup read the last. */
function cardOf101(): Json {
  const body = cleanBody('bank-card-by-id', { id: 3 });
  return { ...body, data: { ...(body.data as Json), id: 101 } };
}

export const callsCases: Record<string, Case> = {
  'by-id-record': {
    fires: withData('consignee-by-id', (data) => ({ ...data, id: Number(data.id) + 1 }), { id: 7 }),
    instancePath: '/data/id',
    quiet: exchangeOf('consignee-by-id', { payload: { id: 7 } }),
  },
  'listed-record-found': {
    // The first card of bankCardList's page 1 is found; the last card of its last page is not.
    fires: [
      exchangeOf('bank-card-by-id', { payload: { id: 200 }, path: 'listed:first:10:1:{"id":200}' }),
      exchangeOf('bank-card-by-id', { payload: { id: 3 }, path: 'listed:last:10:20:{"id":3}', body: notFound }),
    ],
    instancePath: '/data',
    quiet: [
      exchangeOf('bank-card-by-id', { payload: { id: 200 }, path: 'listed:first:10:1:{"id":200}' }),
      exchangeOf('bank-card-by-id', { payload: { id: 3 }, path: 'listed:last:10:20:{"id":3}' }),
    ],
  },
  'duplicate-id-foreign-record': {
    // Named twice, the card of 101 is answered; asked alone, no card has 101.
    fires: [
      exchangeOf('bank-card-by-id', { payload: TWICE, intent: 'hostile', path: ownFirst, body: cardOf101() }),
      exchangeOf('bank-card-by-id', { payload: { id: 101 }, path: foreignAlone, body: notFound }),
    ],
    instancePath: '/data/id',
    // Card 101 is the member's own, answered alone too: a server that reads the last id, and checks it.
    quiet: [
      exchangeOf('bank-card-by-id', { payload: TWICE, intent: 'hostile', path: ownFirst, body: cardOf101() }),
      exchangeOf('bank-card-by-id', { payload: { id: 101 }, path: foreignAlone, body: cardOf101() }),
    ],
  },
  'filter-outside-list': {
    // The list without status, whole on one page (totalPage 1), and page 1 asked with status 0 holding another member's demand, id 100001, before the member's own.
    fires: [
      wholeDemandList,
      exchangeOf('custom-demand-list', { payload: STATUS_ZERO, path: 'page:10:1', body: withForeignDemand(cleanBody('custom-demand-list', STATUS_ZERO)) }),
    ],
    instancePath: '/data/list',
    quiet: [wholeDemandList, exchangeOf('custom-demand-list', { payload: STATUS_ZERO, path: 'page:10:1' })],
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
  'order-time-future': {
    // The newest order placed 8 hours after the answer's Date (Sun, 22 Nov 2026 02:00:00 GMT): China time read as UTC.
    fires: withData(
      'alpha-orders-list',
      (data) => ({ ...data, list: (data.list as Json[]).map((order, index) => (index === 0 ? { ...order, soCtime: 1_795_341_600 } : order)) }),
      {
        pageSize: 10,
        pageNo: 1,
      },
    ),
    instancePath: '/data/list/0/soCtime',
    // The seeded orders, placed in the first half of 2026.
    quiet: exchangeOf('alpha-orders-list', { payload: { pageSize: 10, pageNo: 1 } }),
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
  'auth-unsigned-jwt': {
    // The order placed for an unsigned JWT (header {"alg":"none"}, claims {"sub":"1"}, no signature) where the wrong token is refused.
    fires: [
      exchangeOf('alpha-order-create', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: unauthorized }),
      exchangeOf('alpha-order-create', {
        intent: 'auth-probe',
        path: 'auth-probe:unsigned-jwt',
        requestHeaders: { authorization: 'bearereyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.' },
      }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('alpha-order-create', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: unauthorized }),
      exchangeOf('alpha-order-create', { intent: 'auth-probe', path: 'auth-probe:unsigned-jwt', body: unauthorized }),
    ],
  },
  'auth-internal-caller': {
    // A consignee deleted for a call with no header that names loopback as its address, where the call with no header is refused.
    fires: [
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:internal-caller', requestHeaders: { 'x-forwarded-for': '127.0.0.1' } }),
    ],
    instancePath: '',
    quiet: [
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:internal-caller', body: unauthorized }),
    ],
  },
  'auth-cookie-in-place-of-token': {
    // A consignee deleted for a call with no header that carries the cookie the sign-in set, where the call with no header is refused.
    fires: [
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:session-cookie', requestHeaders: { cookie: 'JSESSIONID=0123456789ABCDEF' } }),
    ],
    instancePath: '',
    // The cookie is no credential here: refused as the call with no header is.
    quiet: [
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', body: unauthorized }),
      exchangeOf('consignee-delete', {
        intent: 'auth-probe',
        path: 'auth-probe:session-cookie',
        requestHeaders: { cookie: 'JSESSIONID=0123456789ABCDEF' },
        body: unauthorized,
      }),
    ],
  },
  'auth-renewed-token': {
    // The run's token lists the cards; the token a renewal answered is refused.
    fires: [
      exchangeOf('bank-card-list'),
      exchangeOf('bank-card-list', {
        intent: 'auth-probe',
        path: 'auth-probe:renewed-token',
        requestHeaders: { authorization: 'bearerR3NEWED' },
        body: unauthorized,
      }),
    ],
    instancePath: '',
    // The renewed token lists them too.
    quiet: [
      exchangeOf('bank-card-list'),
      exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:renewed-token', requestHeaders: { authorization: 'bearerR3NEWED' } }),
    ],
  },
  'sign-in-without-password': {
    // A mobile left empty refused; a password left empty answered as no refusal is.
    fires: [
      exchangeOf('login', { payload: { mobile: '13812345678', password: 'Reagent2026' }, body: signedIn }),
      exchangeOf('login', { path: 'coverage:0', payload: { mobile: '', password: 'Reagent2026' }, body: mobileRefused }),
      exchangeOf('login', { path: 'coverage:1', payload: { mobile: '13812345678', password: '' }, body: signedIn }),
    ],
    instancePath: '',
    // Both refused: an empty mobile and an empty password alike.
    quiet: [
      exchangeOf('login', { payload: { mobile: '13812345678', password: 'Reagent2026' }, body: signedIn }),
      exchangeOf('login', { path: 'coverage:0', payload: { mobile: '', password: 'Reagent2026' }, body: mobileRefused }),
      exchangeOf('login', { path: 'coverage:1', payload: { mobile: '13812345678', password: '' }, body: passwordRefused }),
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
    quiet: [
      exchangeOf('consignee-by-id', { payload: { id: 3 } }),
      // A delete that could make no record of its own, asking for an id no server holds.
      exchangeOf('consignment-delete', {
        path: 'unknown-id:{"cid":2000000000}',
        payload: { cid: 2000000000 },
        body: { data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } },
      }),
    ],
  },
};
