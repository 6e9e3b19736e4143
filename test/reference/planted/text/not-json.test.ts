/**
 * Each red-team fault of test/mutation-set/faults/text/not-json.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { notJsonFaults } from '../../../mutation-set/faults/text/not-json.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { orderHeader } from '../../../support/orders.js';
import { dataOf, field, type Json, listOf, parsed, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders } from '../../../support/sample-bodies.js';

import { constants, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** AL104523 sells at list price; AL875380 and AL200871 at a discount. */
const DISCOUNTED_BETA_ORDER = {
  ...orderHeader,
  items: [
    { pCode: 'AL104523', brandId: '1', num: '3' },
    { pCode: 'AL875380', brandId: '1', num: '2' },
    { pCode: 'AL200871', brandId: '1', num: '1' },
  ],
};

/** A created order without what depends on the second it was placed at (soCtime). */
const withoutTime = (order: Json): Json => ({ ...order, soCtime: 'placed' });

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'remark-line-break-unescaped': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'consignee-by-id', { id: 3 }));
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(after.body.includes(Buffer.from(`${String(before.remark)}\r\n`))).toBe(true);
    expect(() => parsed(after)).toThrow(SyntaxError);
    const escaped = JSON.parse(text(after).replace('\r\n', '\\r\\n')) as Json;
    expect(escaped.data).toEqual({ ...before, remark: `${String(before.remark)}\r\n收货时间：工作日9:00-17:00` });
  },
  'apostrophe-escaped-javascript-style': async (clean, faulty) => {
    const order = { ...ALPHA_ORDER, soCaStreet: "Xi'an Road 27" };
    expect(dataOf(await post(clean, 'alpha-order-create', order)).soCaStreet).toBe("Xi'an Road 27");
    const after = await post(faulty, 'alpha-order-create', order);
    expect(text(after)).toContain('"soCaStreet":"Xi\\\'an Road 27"');
    expect(() => parsed(after)).toThrow(SyntaxError);
    expect(dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER)).soNo).toMatch(/^SO/);
  },
  'withdrawn-price-written-as-nan': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 1 };
    const products = listOf(await post(clean, 'beta-products-by-brand', asked));
    const withdrawn = products.filter((product) => product.status === 0).length;
    expect(withdrawn).toBeGreaterThan(0);
    expect(products.every((product) => typeof product.price === 'number')).toBe(true);
    const after = await post(faulty, 'beta-products-by-brand', asked);
    expect(text(after).match(/"price":NaN[,}]/g)).toHaveLength(withdrawn);
    expect(() => parsed(after)).toThrow(SyntaxError);
  },
  'discount-written-without-leading-zero': async (clean, faulty) => {
    const lines = dataOf(await post(clean, 'beta-order-create', DISCOUNTED_BETA_ORDER)).items as Json[];
    expect(lines.map((line) => line.siDiscount)).toEqual([1, 0.9, 0.95]);
    const after = await post(faulty, 'beta-order-create', DISCOUNTED_BETA_ORDER);
    expect(text(after).match(/"siDiscount":[^,}]+/g)).toEqual(['"siDiscount":1', '"siDiscount":.9', '"siDiscount":.95']);
    expect(() => parsed(after)).toThrow(SyntaxError);
  },
  'null-rendered-as-python-none': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = await post(clean, 'bank-card-list', asked);
    expect(listOf(before).map((card) => card.createdAt)).toEqual(Array(10).fill(null));
    const after = await post(faulty, 'bank-card-list', asked);
    expect(text(after).match(/"createdAt":None[,}]/g)).toHaveLength(10);
    expect(() => parsed(after)).toThrow(SyntaxError);
    expect(JSON.parse(text(after).replaceAll(':None', ':null'))).toEqual(parsed(before));
  },
  'php-notice-before-json': async (clean, faulty) => {
    const documented = { pageSize: 10, status: 0 };
    const before = await post(clean, 'custom-demand-list', documented);
    const after = text(await post(faulty, 'custom-demand-list', documented));
    expect(after.startsWith('<br />\n<b>Notice</b>:  Undefined index: pageNo in <b>/var/www/')).toBe(true);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.slice(after.indexOf('{')))).toEqual(parsed(before));
    const paged = { ...documented, pageNo: 2 };
    expect(parsed(await post(faulty, 'custom-demand-list', paged))).toEqual(parsed(await post(clean, 'custom-demand-list', paged)));
  },
  'xml-unless-json-asked-for': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-by-id', { id: 3 });
    const card = dataOf(before);
    const after = await post(faulty, 'bank-card-by-id', { id: 3 });
    expect(field(after, 'content-type')).toBe('application/xml;charset=UTF-8');
    expect(text(after).startsWith(`<Result><data><id>3</id><consigneeName>${String(card.consigneeName)}</consigneeName>`)).toBe(true);
    expect(text(after)).toContain('<createdAt/></data><status>success</status><code>200</code>');
    expect(() => parsed(after)).toThrow(SyntaxError);
    const askingJson = await post(faulty, 'bank-card-by-id', { id: 3 }, { ...DOCUMENTED_HEADERS, accept: 'application/json' });
    expect(parsed(askingJson)).toEqual(parsed(before));
  },
  'trailing-comma-after-last-record': async (clean, faulty) => {
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE);
    const after = text(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect(after).toContain('},]');
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.replace('},]', '}]'))).toEqual(parsed(before));
    const empty = { pageSize: 10, pageNo: 100 };
    expect(parsed(await post(faulty, 'alpha-orders-list', empty))).toEqual(parsed(await post(clean, 'alpha-orders-list', empty)));
  },
  'phone-digits-with-leading-zero': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'beta-order-create', BETA_ORDER));
    expect([before.soCaPhone, before.soCiaPhone]).toEqual([1062345678, 1062345678]);
    const after = text(await post(faulty, 'beta-order-create', BETA_ORDER));
    expect(after).toContain('"soCaPhone":01062345678');
    expect(after).toContain('"soCiaPhone":01062345678');
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    const repaired = JSON.parse(after.replaceAll(':01062345678', ':1062345678')) as Json;
    expect(withoutTime(repaired.data as Json)).toEqual(withoutTime(before));
    const refused = await post(faulty, 'beta-order-create', { ...BETA_ORDER, items: [] });
    expect(parsed(refused).code).toBe('400');
  },
  'numbers-with-grouping-commas': async (clean, faulty) => {
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE);
    const [newest] = listOf(before);
    const after = text(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect(after).toContain(`"soCtime":${(newest!.soCtime as number).toLocaleString('en-US')}`);
    expect(after).toContain(`"soCaMobile":${(newest!.soCaMobile as number).toLocaleString('en-US')}`);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.replace(/(?<=\d),(?=\d{3}(?!\d))/g, ''))).toEqual(parsed(before));
  },
  'debug-echo-before-envelope': async (clean, faulty) => {
    const before = text(await post(clean, 'custom-demand-delete', { demandId: 12 }));
    const after = text(await post(faulty, 'custom-demand-delete', { demandId: 12 }));
    expect(after).toBe(`{"demandId":12,"deleted":1}${before}`);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect((JSON.parse(before) as Json).code).toBe('200');
  },
  'strings-escaped-by-unicode-escape-codec': async (clean, faulty) => {
    const micro = { ...CONSIGNMENT, pack: '100µl' };
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignment-publish', micro)).code).toBe('200');
    const before = await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID });
    expect(dataOf(before).productPack).toBe('100µl');
    const after = text(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect(after).toContain('"productPack":"100\\xb5l"');
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    const seededText = text(await post(faulty, 'consignment-delete', { cid: 12 }));
    expect(seededText).toContain('"message":"\\u64cd\\u4f5c\\u6210\\u529f"');
    expect(JSON.parse(seededText)).toEqual(parsed(await post(clean, 'consignment-delete', { cid: 12 })));
  },
  'json-indented-with-ideographic-spaces': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    const after = text(await post(faulty, 'consignee-by-id', { id: 3 }));
    expect(after).toContain('{\n\u3000"data": {\n\u3000\u3000"id": 3,');
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.replaceAll('\u3000', ' '))).toEqual(parsed(before));
  },
  'not-found-written-as-python-repr': async (clean, faulty) => {
    const unknown = { id: 999_999 };
    const before = await post(clean, 'consignee-by-id', unknown);
    expect(parsed(before).code).toBe('404');
    const after = text(await post(faulty, 'consignee-by-id', unknown));
    expect(after.startsWith("{'data': {}, 'status': 'fail', 'code': '404', 'message': 'id: no consignee has the id 999999',")).toBe(true);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.replaceAll("'", '"'))).toEqual(parsed(before));
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 }))).toEqual(parsed(await post(clean, 'consignee-by-id', { id: 3 })));
  },
  'delete-answered-with-empty-body': async (clean, faulty) => {
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 })).code).toBe('200');
    const after = await post(faulty, 'consignee-delete', { id: 3 });
    expect([after.status, field(after, 'content-type'), field(after, 'content-length'), after.body.length]).toEqual([
      200,
      'application/json; charset=utf-8',
      '0',
      0,
    ]);
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    const unknown = { id: 999_999 };
    expect(parsed(await post(faulty, 'consignee-delete', unknown))).toEqual(parsed(await post(clean, 'consignee-delete', unknown)));
  },
  'long-page-cut-at-copy-buffer': async (clean, faulty) => {
    const long = { pageSize: 30, pageNo: 1 };
    const before = await post(clean, 'alpha-orders-list', long);
    expect(before.body.length).toBeGreaterThan(16_384);
    const after = await post(faulty, 'alpha-orders-list', long);
    expect(field(after, 'content-length')).toBe('16384');
    expect(after.body).toEqual(before.body.subarray(0, 16_384));
    expect(() => JSON.parse(text(after))).toThrow(SyntaxError);
    expect(parsed(await post(faulty, 'alpha-orders-list', FIRST_PAGE))).toEqual(parsed(await post(clean, 'alpha-orders-list', FIRST_PAGE)));
  },
  'json-behind-hijacking-prefix': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-by-id', { id: 3 });
    const after = text(await post(faulty, 'bank-card-by-id', { id: 3 }));
    expect(after.startsWith(")]}', {")).toBe(true);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.slice(6))).toEqual(parsed(before));
  },
  'gzip-stream-never-finished': async (clean, faulty) => {
    const gzip = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip' };
    const before = await post(clean, 'purchase-order-list', FIRST_PAGE, gzip);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'purchase-order-list', FIRST_PAGE, gzip);
    expect(field(after, 'content-encoding')).toBe('gzip');
    expect([...after.body.subarray(-4)]).toEqual([0x00, 0x00, 0xff, 0xff]);
    expect(() => gunzipSync(after.body)).toThrow(/unexpected end of file/);
    expect(JSON.parse(gunzipSync(after.body, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'purchase-order-list', FIRST_PAGE);
    expect([field(plain, 'content-encoding'), parsed(plain)]).toEqual([undefined, parsed(before)]);
  },
  'json-followed-by-nul-terminator': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-create', DEMAND);
    const after = await post(faulty, 'custom-demand-create', DEMAND);
    expect(after.body.at(-1)).toBe(0);
    expect(field(after, 'content-length')).toBe(String(before.body.length + 1));
    expect(() => JSON.parse(text(after))).toThrow(SyntaxError);
    expect(after.body.subarray(0, -1)).toEqual(before.body);
  },
};

describe('the red team faults of faults/text/not-json.ts', () => {
  demonstrated(notJsonFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
