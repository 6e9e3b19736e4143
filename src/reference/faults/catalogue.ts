import { findOperation, wirePath } from '../../catalogue/operations.js';
import { SEEDED_RECORDS } from '../seed.js';
import { inputClassFaults } from './input-classes.js';
import { authFaults } from './auth.js';
import { leakFaults } from './leaks.js';
import { stateFaults } from './state.js';
import { bodyFault, crashFault, dataFault, type Fault, gateFault, inputFault, listRecordFault, rawFault, stringsIn, without } from './fault.js';

type Json = Record<string, unknown>;
const error = 'error' as const;
const warning = 'warning' as const;
const info = 'info' as const;

const items = (data: Json) => data.items as Json[];

/** The largest page the page-size fault pads with one record too many. */
const MAX_PADDED_PAGE = 1000;

/** What a server that never really deletes still answers. */
const ghostConsignee = {
  consigneeName: '王芳',
  mobile: '13800138000',
  phone: '010-62345678',
  province: '北京市',
  city: '北京市',
  county: '海淀区',
  address: '中关村大街27号',
  isDefault: 0,
  remark: '',
  createdAt: null,
};

const nodeStack = `TypeError: Cannot read properties of undefined (reading 'id')
    at findConsignee (/srv/app/src/services/consignee.js:42:17)
    at Layer.handle (/srv/app/node_modules/express/lib/router/layer.js:95:5)`;

/**
 * Every fault the reference server can inject, each a documented rule broken at one operation.
 * The kit's mutation test starts the server with each in turn and requires the named check to fire.
 */
export const faults: readonly Fault[] = [
  // Transport: section 1 (JSON) and 4 rule 1 (HTTP 200).
  rawFault({
    name: 'http-500',
    description: 'answers HTTP 500 with the envelope',
    operationId: 'custom-demand-list',
    expect: { check: 'http-status', severity: error },
    respond(res, body) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    },
  }),
  rawFault({
    name: 'html-error-page',
    description: 'answers an HTML error page',
    operationId: 'purchase-order-list',
    expect: { check: 'json-body', severity: error },
    respond(res) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>');
    },
  }),
  rawFault({
    name: 'json-as-text-plain',
    description: 'labels a JSON body text/plain',
    operationId: 'bank-card-list',
    expect: { check: 'json-content-type', severity: warning },
    respond(res, body) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(JSON.stringify(body));
    },
  }),
  rawFault({
    name: 'json-in-latin-1',
    description: 'writes its JSON in Latin-1, not UTF-8',
    operationId: 'consignment-delete',
    expect: { check: 'json-unicode', severity: error },
    respond(res, body) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.from(JSON.stringify({ ...(body as object), message: 'opération réussie' }), 'latin1'));
    },
  }),
  rawFault({
    name: 'gzip-label-on-plain-body',
    description: 'labels a plain JSON body content-encoding: gzip',
    operationId: 'consignee-delete',
    expect: { check: 'content-encoding', severity: warning },
    respond(res, body) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(JSON.stringify(body));
    },
  }),
  rawFault({
    name: 'truncated-json',
    description: 'cuts the JSON body in half',
    operationId: 'consignee-by-id',
    expect: { check: 'json-body', severity: error },
    respond(res, body) {
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text.slice(0, Math.floor(text.length / 2)));
    },
  }),
  rawFault({
    name: 'empty-body',
    description: 'answers 200 with no body',
    operationId: 'send-code',
    expect: { check: 'json-body', severity: error },
    respond(res) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    },
  }),
  rawFault({
    name: 'connection-reset',
    description: 'drops the connection without answering',
    operationId: 'login',
    expect: { check: 'response-received', severity: error },
    respond(res) {
      res.socket?.destroy();
    },
  }),
  rawFault({
    name: 'never-answers',
    description: 'never sends a response',
    operationId: 'custom-demand-create',
    expect: { check: 'response-received', severity: error },
    respond() {
      // Holds the socket open: the kit's timeout must end the wait.
    },
  }),
  rawFault({
    name: 'endless-body',
    description: 'streams a body that never ends',
    operationId: 'consignment-publish',
    expect: { check: 'response-received', severity: error },
    respond(res) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":{},"padding":"');
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    },
  }),
  // The envelope (2.1).
  bodyFault({
    name: 'envelope-code-missing',
    description: 'leaves code out of the envelope',
    operationId: 'custom-demand-delete',
    expect: { check: 'envelope', severity: error },
    rewrite: (body) => without(body, 'code'),
  }),
  bodyFault({
    name: 'envelope-status-number',
    description: 'sends status as a number',
    operationId: 'purchase-order-list',
    expect: { check: 'envelope', severity: error },
    rewrite: (body) => ({ ...body, status: 200 }),
  }),
  bodyFault({
    name: 'envelope-error-null',
    description: 'sends error as null',
    operationId: 'bank-card-by-id',
    expect: { check: 'envelope', severity: error },
    rewrite: (body) => ({ ...body, error: null }),
  }),
  bodyFault({
    name: 'envelope-data-array',
    description: 'sends data as an array',
    operationId: 'consignee-delete',
    expect: { check: 'envelope', severity: error },
    rewrite: (body) => ({ ...body, data: [] }),
  }),
  bodyFault({
    name: 'alpha-create-full-envelope',
    description: 'wraps the alpha create-order response in the full envelope',
    operationId: 'alpha-order-create',
    expect: { check: 'envelope', severity: error },
    rewrite: (body) => ({ ...body, status: 'success', code: '200', message: 'ok', error: {} }),
  }),
  bodyFault({
    name: 'beta-create-data-only',
    description: 'answers the beta create-order with data only',
    operationId: 'beta-order-create',
    expect: { check: 'envelope', severity: error },
    rewrite: (body) => ({ data: body.data }),
  }),
  // Records (2.3–2.9) and the page (2.2).
  listRecordFault({
    name: 'demand-field-missing',
    description: 'leaves demandNumber out of custom demand records',
    operationId: 'custom-demand-list',
    expect: { check: 'data-schema', severity: error },
    rewrite: (record) => without(record, 'demandNumber'),
  }),
  listRecordFault({
    name: 'purchase-order-status-string',
    description: 'sends purchase order status as a string',
    operationId: 'purchase-order-list',
    expect: { check: 'data-schema', severity: error },
    rewrite: (record) => ({ ...record, status: String(record.status) }),
  }),
  listRecordFault({
    name: 'order-list-ctime-string',
    description: 'sends soCtime as a string in the order list',
    operationId: 'alpha-orders-list',
    expect: { check: 'data-schema', severity: error },
    rewrite: (record) => ({ ...record, soCtime: '2026-11-22 10:00:00' }),
  }),
  dataFault({
    name: 'created-order-ctime-integer',
    description: 'sends soCtime as an integer in the beta create-order response',
    operationId: 'beta-order-create',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ ...data, soCtime: 1795000000 }),
  }),
  dataFault({
    name: 'order-line-cas-missing',
    description: 'leaves cCas out of the alpha order lines',
    operationId: 'alpha-order-create',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ ...data, items: items(data).map((line) => without(line, 'cCas')) }),
  }),
  dataFault({
    name: 'created-order-items-missing',
    description: 'leaves items out of the beta create-order response',
    operationId: 'beta-order-create',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => without(data, 'items'),
  }),
  dataFault({
    name: 'page-total-string',
    description: 'sends totalPage as a string',
    operationId: 'bank-card-list',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ ...data, totalPage: String(data.totalPage) }),
  }),
  dataFault({
    name: 'page-list-object',
    description: 'sends list as an object',
    operationId: 'beta-products-by-brand',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ ...data, list: {} }),
  }),
  dataFault({
    name: 'bank-card-by-id-card-shape',
    description: 'answers bankCardInfoById with the bank card shape (2.8) instead of the consignee shape (2.9)',
    operationId: 'bank-card-by-id',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ id: data.id, accountName: data.consigneeName, bankName: '中国银行', bankAccount: '6217000010001234567', createdAt: null }),
  }),
  dataFault({
    name: 'del-consignment-empty-data',
    description: 'answers delConsignment with an empty data object',
    operationId: 'consignment-delete',
    expect: { check: 'data-schema', severity: error },
    rewrite: () => ({}),
  }),
  listRecordFault({
    name: 'order-mobile-string',
    description: 'sends soCaMobile as a string (an integer in the sample)',
    operationId: 'alpha-orders-list',
    expect: { check: 'sample-types', severity: warning },
    rewrite: (record) => ({ ...record, soCaMobile: String(record.soCaMobile) }),
  }),
  // Page rules (2.2, 4 rule 2, #13).
  dataFault({
    name: 'page-number-off-by-one',
    description: 'answers pageNo one past the page requested',
    operationId: 'beta-products-by-brand',
    expect: { check: 'page-number-echo', severity: error },
    rewrite: (data, payload) => ({ ...data, pageNo: Number(payload.pageNo) + 1 }),
  }),
  dataFault({
    name: 'page-size-exceeded',
    description: 'returns one record more than pageSize',
    operationId: 'alpha-orders-list',
    expect: { check: 'page-size-bound', severity: error },
    rewrite: (data, payload) => {
      // Error results have no list, and a page of 2^31 records would take the server down before the kit saw it.
      if (!Array.isArray(data.list) || !(Number(payload.pageSize) <= MAX_PADDED_PAGE)) return data;
      const list = data.list as Json[];
      const filler = list[0] ?? {};
      return { ...data, list: Array.from({ length: Number(payload.pageSize) + 1 }, (_, i) => list[i] ?? filler) };
    },
  }),
  // Create-order rules (2.3, 2.4).
  dataFault({
    name: 'order-line-foreign-code',
    description: 'answers an order line for a product that was not ordered',
    operationId: 'alpha-order-create',
    expect: { check: 'order-line-codes', severity: warning },
    rewrite: (data) => ({ ...data, items: items(data).map((line, i) => (i === 0 ? { ...line, pCode: 'NOT-ORDERED-1' } : line)) }),
  }),
  dataFault({
    name: 'order-line-wrong-quantity',
    description: 'answers siNum one more than ordered',
    operationId: 'beta-order-create',
    expect: { check: 'order-line-quantity', severity: warning },
    rewrite: (data) => ({ ...data, items: items(data).map((line) => ({ ...line, siNum: Number(line.siNum) + 1 })) }),
  }),
  dataFault({
    name: 'order-line-dropped',
    description: 'drops the last order line of orders with two or more items',
    operationId: 'alpha-order-create',
    expect: { check: 'order-lines-complete', severity: warning },
    rewrite: (data) => ({ ...data, items: items(data).length > 1 ? items(data).slice(0, -1) : items(data) }),
  }),
  // Invalid JSON and text pages (1).
  rawFault({
    name: 'json-single-quotes',
    description: 'writes JSON with single quotes',
    operationId: 'bank-card-by-id',
    expect: { check: 'json-body', severity: error },
    respond(res, body) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body).replace(/"/g, "'"));
    },
  }),
  rawFault({
    name: 'text-error-page',
    description: 'answers 200 with a plain-text error page',
    operationId: 'custom-demand-create',
    expect: { check: 'json-body', severity: error },
    respond(res) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('Internal Server Error');
    },
  }),
  // Single records (2.9) and nested order lines (2.4).
  dataFault({
    name: 'consignee-mobile-number',
    description: 'sends the consignee mobile as a number',
    operationId: 'consignee-by-id',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ ...data, mobile: Number(data.mobile) }),
  }),
  dataFault({
    name: 'order-line-price-string',
    description: 'sends siPrice of the beta order lines as a string',
    operationId: 'beta-order-create',
    expect: { check: 'data-schema', severity: error },
    rewrite: (data) => ({ ...data, items: items(data).map((line) => ({ ...line, siPrice: String(line.siPrice) })) }),
  }),
  // Crashes on some inputs only: found by the hostile payloads (4 rule 1).
  crashFault({
    name: 'crash-on-non-ascii',
    description: 'answers HTTP 500 when a string of the request holds a non-ASCII character',
    operationId: 'purchase-order-list',
    when: (payload) => stringsIn(payload).some((text) => [...text].some((char) => char.codePointAt(0)! > 0x7f)),
  }),
  crashFault({
    name: 'crash-on-nonpositive-page-size',
    description: 'answers HTTP 500 with an HTML page when pageSize <= 0',
    operationId: 'custom-demand-list',
    when: (payload) => typeof (payload as Json | null)?.pageSize === 'number' && ((payload as Json).pageSize as number) <= 0,
    body: '<html><body><h1>500 Internal Server Error</h1></body></html>',
    contentType: 'text/html',
  }),
  inputFault({
    name: 'stack-trace-on-bad-input',
    description: 'puts a stack trace in the message of an error result',
    operationId: 'consignee-by-id',
    expect: { check: 'stack-trace-leak', severity: warning },
    when: (payload) => typeof (payload as Json | null)?.id !== 'number',
    respond(res) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: {}, status: 'fail', code: '500', message: nodeStack, error: { reason: 'internal' } }));
    },
  }),
  inputFault({
    name: 'markup-echoed',
    description: 'echoes the offending value, markup and all, in the message',
    operationId: 'login',
    expect: { check: 'markup-echo', severity: warning },
    when: (payload) => stringsIn(payload).some((text) => text.includes('<')),
    respond(res, _body, payload) {
      const offending = stringsIn(payload).find((text) => text.includes('<'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: {}, status: 'fail', code: '400', message: `invalid value ${offending}`, error: { reason: 'invalid' } }));
    },
  }),
  // The doubled slash and the documented header (4, 5).
  gateFault({
    name: 'doubled-slash-refused',
    description: 'answers 404 to the doubled-slash path, as a server that normalizes paths would',
    operationId: 'bank-card-list',
    expect: { check: 'http-status', severity: error },
    intercept(req, res) {
      if (req.url !== wirePath(findOperation('bank-card-list')!)) return false;
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Cannot POST //pc/customer/bankCardList</body></html>');
      return true;
    },
  }),
  gateFault({
    name: 'documented-header-refused',
    description: 'accepts Bearer <token> but refuses the documented bearer<token>',
    operationId: 'consignee-by-id',
    expect: { check: 'auth-documented-header', severity: error },
    authorizes: (header, token) => header === `Bearer ${token}`,
  }),
  gateFault({
    name: 'data-without-token',
    description: 'serves the bank card list to calls without a valid token',
    operationId: 'bank-card-list',
    expect: { check: 'auth-unauthorized-data', severity: warning },
    authorizes: () => true,
  }),
  // What the server remembers (flows, warnings).
  listRecordFault({
    name: 'created-demand-not-listed',
    description: 'leaves custom demands created after start-up out of the list',
    operationId: 'custom-demand-list',
    expect: { check: 'flow-demand-lifecycle', severity: warning },
    keep: (record) => Number(record.id) <= SEEDED_RECORDS,
  }),
  bodyFault({
    name: 'deleted-consignee-still-answered',
    description: 'still answers a deleted consignee by id',
    operationId: 'consignee-by-id',
    expect: { check: 'flow-consignee-deleted', severity: warning },
    rewrite: (body, payload) =>
      body.code === '404' ? { data: { ...ghostConsignee, id: Number(payload.id) }, status: 'success', code: '200', message: '操作成功', error: {} } : body,
  }),
  listRecordFault({
    name: 'created-order-not-listed',
    description: 'leaves alpha orders created after start-up out of the order list',
    operationId: 'alpha-orders-list',
    expect: { check: 'flow-order-listed', severity: warning },
    keep: (record) => Number(record.soId) <= SEEDED_RECORDS,
  }),
  // Answers the spec leaves open, reported below error.
  rawFault({
    name: 'always-rate-limited',
    description: 'answers every call with HTTP 429',
    operationId: 'purchase-order-list',
    expect: { check: 'rate-limited', severity: info },
    respond(res) {
      res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '0' });
      res.end('Too Many Requests');
    },
  }),
  bodyFault({
    name: 'never-found',
    description: 'answers every bankCardInfoById with an error result',
    operationId: 'bank-card-by-id',
    expect: { check: 'operation-verified', severity: info },
    rewrite: () => ({ data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } }),
  }),
  inputFault({
    name: 'non-object-body-400',
    description: 'answers a body that is not a JSON object with HTTP 400',
    operationId: 'send-code',
    expect: { check: 'http-status-client-error', severity: warning },
    when: (payload) => payload === null || typeof payload !== 'object' || Array.isArray(payload),
    respond(res, body) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    },
  }),
  ...inputClassFaults,
  ...authFaults,
  ...leakFaults,
  ...stateFaults,
];

export function findFault(name: string): Fault | undefined {
  return faults.find((fault) => fault.name === name);
}
