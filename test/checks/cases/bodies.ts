/** The checks of the JSON text, the envelope and the records: a fixture where each fires, and one where it stays quiet. */
import { exchangeOf, samplePayload } from '../../support/exchange.js';
import { type Case, type Json, withData, withBody, noted } from './fixtures.js';

/** An order whose note holds the five characters an HTML escaper replaces. */
const markedOrder: Json = { ...samplePayload('alpha-order-create'), soNote: `A&B "x" <y> it's` };
const notedOrder: Json = { ...samplePayload('beta-order-create'), soCaName: '王晓明', soNote: 'A\nB' };
/** An order whose text holds compatibility characters: full-width punctuation and digits, a subscript, a degree sign. */
const fullWidthOrder: Json = { ...samplePayload('alpha-order-create'), soNote: '2～8℃冷藏，CuSO₄·5H₂O（２瓶）', soCaStreet: '中关村大街２７号' };
/** Three purchase orders as a list answers them, the second with the status text given; the third's remark holds U+FFFD as its text. */
const purchaseOrders = (statusText = '已完成') => [
  { id: 7, productNumber: 'A008330', productCname: '丙酮', status: 2, statusText: '已完成', remark: '' },
  { id: 8, productNumber: 'S81234', productCname: '乙腈', status: 2, statusText, remark: '' },
  { id: 9, productNumber: 'C80437', productCname: '甲醇', status: 2, statusText: '已完成', remark: '旧系统导入\uFFFD' },
];
const purchasePage = (path: string, pageSize: number, list: Json[]) =>
  exchangeOf('purchase-order-list', {
    path,
    payload: { pageSize, status: 2, cusType: '1', pageNo: 1 },
    body: { data: { totalPage: 1, pageNo: 1, list }, status: 'success', code: '200', message: '', error: {} },
  });
/** An order whose note holds a "+" and a "%" two hexadecimal digits follow. */
const mediumOrder: Json = { ...samplePayload('beta-order-create'), soNote: 'DMEM+10%FBS', soCaStreet: '5%2B 路' };

export const bodiesCases: Record<string, Case> = {
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
  'text-double-encoded': {
    // 丙酮 with each of its UTF-8 octets escaped as a character of its own.
    fires: exchangeOf('consignment-delete', {
      body: '{"data":{"productCname":"\\u00e4\\u00b8\\u0099\\u00e9\\u0085\\u00ae"},"status":"success","code":"200","message":"ok","error":{}}',
    }),
    instancePath: '/data/productCname',
    // Latin-1 text of its own; and a string the request sent, answered as sent.
    quiet: [
      exchangeOf('consignment-delete', {
        body: '{"data":{"productCname":"Café Grüße, 25 °C ±2 ½"},"status":"success","code":"200","message":"ok","error":{}}',
      }),
      exchangeOf('consignment-delete', {
        payload: { cid: '198', note: 'Ã©' },
        body: '{"data":{"productCname":"Ã©"},"status":"success","code":"200","message":"ok","error":{}}',
      }),
    ],
  },
  'text-html-escaped': {
    fires: withData('alpha-order-create', (data) => ({ ...data, soNote: 'A&amp;B &quot;x&quot; &lt;y&gt; it&#39;s' }), markedOrder),
    instancePath: '/data',
    // The text kept as sent, the text sent holding a reference itself among it.
    quiet: [
      exchangeOf('alpha-order-create', { payload: markedOrder }),
      exchangeOf('alpha-order-create', { payload: { ...markedOrder, soCaStreet: 'A&amp;B座' } }),
    ],
  },
  'text-escapes-kept': {
    // The name sent as \u escapes, the note's line break as \n: both answered as the escapes' text.
    fires: withData('beta-order-create', (data) => ({ ...data, soCaName: '\\u738b\\u6653\\u660e', soNote: 'A\\nB' }), notedOrder),
    instancePath: '/data',
    // The text kept as sent, escape text sent as text among it.
    quiet: [
      exchangeOf('beta-order-create', { payload: notedOrder }),
      exchangeOf('beta-order-create', { payload: { ...notedOrder, soCaStreet: 'C:\\new\\u0041' } }),
    ],
  },
  'text-url-decoded': {
    // The plus a space and the %FB an octet; the street's %2B a plus, with no plus sent.
    fires: [
      withData('beta-order-create', (data) => ({ ...data, soNote: 'DMEM 10\uFFFDS' }), mediumOrder),
      withData('beta-order-create', (data) => ({ ...data, soCaStreet: '5+ 路' }), mediumOrder),
    ],
    instancePath: '/data',
    // The text kept as sent; text answered otherwise, not as a URL decoder would.
    quiet: [
      exchangeOf('beta-order-create', { payload: mediumOrder }),
      withData('beta-order-create', (data) => ({ ...data, soNote: 'DMEM+10%FBS ' }), mediumOrder),
    ],
  },
  'text-compatibility-form': {
    // NFKC run over the request's strings: full-width forms as ASCII, ℃ as °C, ₄ as 4.
    fires: withData('alpha-order-create', (data) => ({ ...data, soNote: '2~8°C冷藏,CuSO4·5H2O(2瓶)', soCaStreet: '中关村大街27号' }), fullWidthOrder),
    instancePath: '/data',
    // The text kept as sent; in NFD where NFC was sent (the same text); changed otherwise than by compatibility folding.
    quiet: [
      exchangeOf('alpha-order-create', { payload: fullWidthOrder }),
      exchangeOf('alpha-order-create', { payload: { ...fullWidthOrder, soCaName: 'Café' } }),
      withData('alpha-order-create', (data) => ({ ...data, soCaName: 'Cafe\u0301' }), { ...fullWidthOrder, soCaName: 'Café' }),
      withData('alpha-order-create', (data) => ({ ...data, soNote: '2～8℃冷藏' }), fullWidthOrder),
    ],
  },
  'text-replaced-on-one-read': {
    // Order 8 read at 20 a page with its status text cut by a decoder, and whole at 2 a page; order 9 holds U+FFFD on both.
    fires: [purchasePage('page:20:1', 20, purchaseOrders('已\uFFFD\uFFFD\uFFFD')), purchasePage('page:2:1', 2, purchaseOrders())],
    instancePath: '/data/list/1/statusText',
    // Read whole twice, order 9's remark holding U+FFFD on both reads, as its text.
    quiet: [purchasePage('page:20:1', 20, purchaseOrders()), purchasePage('page:2:1', 2, purchaseOrders())],
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
};
