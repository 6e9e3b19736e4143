/**
 * Each fault of red team round 8 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { describe, expect } from 'vitest';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { converse, dataOf, field, type Json, listOf, parsed, requestText, text } from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-8';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const serve = redTeamServers(TOKEN);
const { post } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the second it was placed at (soCtime). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed' });

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** The status lines of every answer in a conversation. */
const statusLines = (conversation: string): string[] => conversation.match(/HTTP\/1\.1 \d{3} [^\r\n]*/g) ?? [];

/** Every demand on one page, newest first. */
const EVERY_DEMAND = { pageSize: 1000 };

/** The products of brand 1, page 1, as #16 asks for them. */
const BRAND_PAGE = { brandId: 1, pageSize: 10, pageNo: 1 };

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'etag-from-request-not-answer': async (clean, faulty) => {
    const asked = { pageSize: 10, status: null };
    expect(field(await post(clean, 'custom-demand-list', asked), 'etag')).toBeUndefined();
    const first = await post(faulty, 'custom-demand-list', asked);
    const tag = field(first, 'etag');
    expect(tag).toMatch(/^"[0-9a-f]{24}"$/);
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    const second = await post(faulty, 'custom-demand-list', asked);
    expect(field(second, 'etag')).toBe(tag);
    expect(idsOf(listOf(second))).not.toEqual(idsOf(listOf(first)));
    expect(listOf(second)[0]!.id).toBe(FIRST_CREATED_ID);
    expect(idsOf(listOf(second))).toEqual(idsOf(listOf(await post(clean, 'custom-demand-list', asked))));
    expect(field(await post(faulty, 'custom-demand-list', { ...asked, pageNo: 2 }), 'etag')).not.toBe(tag);
  },
  'refusal-without-content-type': async (clean, faulty) => {
    for (const refused of [{}, { pageSize: 0 }]) {
      const before = await post(clean, 'bank-card-list', refused);
      expect([parsed(before).code, field(before, 'content-type')]).toEqual(['400', 'application/json; charset=utf-8']);
      const after = await post(faulty, 'bank-card-list', refused);
      expect(field(after, 'content-type')).toBeUndefined();
      expect(parsed(after)).toEqual(parsed(before));
    }
    const page = await post(faulty, 'bank-card-list', FIRST_PAGE);
    expect(field(page, 'content-type')).toBe('application/json; charset=utf-8');
    expect(parsed(page)).toEqual(parsed(await post(clean, 'bank-card-list', FIRST_PAGE)));
  },
  'send-code-answered-twice': async (clean, faulty) => {
    const closing = { ...DOCUMENTED_HEADERS, connection: 'close' };
    const sendCode = (body: Json) => requestText('POST', pathOf('send-code'), closing, JSON.stringify(body));
    const valid = sendCode({ mobile: '13812345678', source: 1 });
    const before = await converse(clean, valid);
    expect(statusLines(before.text)).toEqual(['HTTP/1.1 200 OK']);
    const after = await converse(faulty, valid);
    expect(after.closedByServer).toBe(true);
    expect(statusLines(after.text)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    const [firstAnswer, secondAnswer] = after.text.split(/\r\n\r\n(?=\{)/).slice(1);
    expect(JSON.parse(firstAnswer!.slice(0, firstAnswer!.indexOf('HTTP/1.1')))).toEqual(JSON.parse(before.text.slice(before.text.indexOf('\r\n\r\n') + 4)));
    expect(JSON.parse(secondAnswer!)).toMatchObject({ status: 'fail', code: '500', message: '短信网关超时' });
    const refused = sendCode({ mobile: '123', source: 1 });
    expect(statusLines((await converse(faulty, refused)).text)).toHaveLength(1);
  },
  'customer-po-echoed-into-header': async (clean, faulty) => {
    const split = { ...BETA_ORDER, soCusPo: 'PO-7\r\nSet-Cookie: OTP_SESSION=attacker' };
    const before = await post(clean, 'beta-order-create', split);
    expect([field(before, 'set-cookie'), field(before, 'x-cus-po')]).toEqual([undefined, undefined]);
    const after = await post(faulty, 'beta-order-create', split);
    expect(field(after, 'x-cus-po')).toBe('PO-7');
    expect(field(after, 'set-cookie')).toBe('OTP_SESSION=attacker');
    expect(timeless(dataOf(after))).toEqual(timeless(dataOf(before)));
    const plain = await post(faulty, 'beta-order-create', BETA_ORDER);
    expect([field(plain, 'x-cus-po'), field(plain, 'set-cookie')]).toEqual([BETA_ORDER.soCusPo, undefined]);
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
  'demand-deleted-but-answered-not-found': async (clean, faulty) => {
    expect(parsed(await post(clean, 'custom-demand-delete', { demandId: 12 })).code).toBe('200');
    const after = parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 }));
    expect([after.status, after.code, after.message]).toEqual(['fail', '404', 'demandId: no custom demand has the id 12']);
    const listed = await post(faulty, 'custom-demand-list', EVERY_DEMAND);
    expect(idsOf(listOf(listed))).not.toContain(12);
    expect(parsed(listed)).toEqual(parsed(await post(clean, 'custom-demand-list', EVERY_DEMAND)));
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 }))).toEqual(parsed(await post(clean, 'custom-demand-delete', { demandId: 12 })));
  },
  'astral-characters-stored-as-question-marks': async (clean, faulty) => {
    const onium = { ...CONSIGNMENT, productName: '四丁基溴化𬭩' };
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignment-publish', onium)).code).toBe('200');
    const before = dataOf(await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect(before.productCname).toBe('四丁基溴化𬭩');
    const after = dataOf(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect(after.productCname).toBe('四丁基溴化?');
    expect({ ...after, productCname: before.productCname, productNumber: 'numbered' }).toEqual({ ...before, productNumber: 'numbered' });
    expect(parsed(await post(faulty, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    expect(dataOf(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID + 1 })).productCname).toBe(CONSIGNMENT.productName);
  },
  'card-by-id-searches-first-page-only': async (clean, faulty) => {
    expect(idsOf(listOf(await post(faulty, 'bank-card-list', { pageSize: 10, pageNo: 20 })))).toContain(3);
    expect(dataOf(await post(clean, 'bank-card-by-id', { id: 3 })).id).toBe(3);
    const after = parsed(await post(faulty, 'bank-card-by-id', { id: 3 }));
    expect([after.code, after.message]).toEqual(['404', 'id: no bank card has the id 3']);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 180 })).code).toBe('404');
    for (const id of [181, 200, 999_999]) {
      expect(parsed(await post(faulty, 'bank-card-by-id', { id }))).toEqual(parsed(await post(clean, 'bank-card-by-id', { id })));
    }
  },
  'created-order-id-not-read-back': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    expect(before.soId).toBe(FIRST_CREATED_ID);
    const after = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect(after.soId).toBe(0);
    expect(timeless(after)).toEqual({ ...timeless(before), soId: 0, soNo: after.soNo });
    const [listed] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([listed!.soId, listed!.soNo]).toEqual([FIRST_CREATED_ID, after.soNo]);
  },
  'cus-type-concatenated-into-sql': async (clean, faulty) => {
    const quoted = { pageSize: 10, cusType: "1'" };
    expect(dataOf(await post(clean, 'purchase-order-list', quoted))).toEqual({ totalPage: 0, pageNo: 1, list: [] });
    const failed = parsed(await post(faulty, 'purchase-order-list', quoted));
    expect([failed.status, failed.code]).toEqual(['fail', '500']);
    expect(failed.message).toContain(
      "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near ''1''",
    );
    expect((failed.error as Json).sql).toContain("FROM purchase_order WHERE member_id = 1 AND cus_type = '1'' ORDER BY id DESC LIMIT 0, 10");
    const truth = { pageSize: 10, pageNo: 2, status: 1, cusType: "1' OR '1'='1" };
    expect(listOf(await post(clean, 'purchase-order-list', truth))).toEqual([]);
    const everything = { pageSize: 10, pageNo: 2 };
    expect(parsed(await post(faulty, 'purchase-order-list', truth))).toEqual(parsed(await post(clean, 'purchase-order-list', everything)));
    const ofType = { pageSize: 10, status: 1, cusType: '2' };
    expect(parsed(await post(faulty, 'purchase-order-list', ofType))).toEqual(parsed(await post(clean, 'purchase-order-list', ofType)));
  },
  'delete-authorized-after-it-runs': async (clean, faulty) => {
    const refusal = parsed(await post(clean, 'consignment-delete', { cid: 12 }, UNTOKENED));
    expect(refusal.code).toBe('401');
    expect(dataOf(await post(clean, 'consignment-delete', { cid: 12 })).id).toBe(12);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 12 }, UNTOKENED))).toEqual(refusal);
    const gone = parsed(await post(faulty, 'consignment-delete', { cid: 12 }));
    expect([gone.code, gone.message]).toEqual(['404', 'cid: no consignment has the id 12']);
    const forged = { ...DOCUMENTED_HEADERS, authorization: 'bearernever-issued' };
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 11 }, forged))).toEqual(refusal);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 11 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 10 }))).toEqual(parsed(await post(clean, 'consignment-delete', { cid: 10 })));
  },
  'token-matched-case-insensitively': async (clean, faulty) => {
    const shouted = { ...DOCUMENTED_HEADERS, authorization: `bearer${TOKEN.toUpperCase()}` };
    expect(parsed(await post(clean, 'beta-products-by-brand', BRAND_PAGE, shouted)).code).toBe('401');
    const products = parsed(await post(clean, 'beta-products-by-brand', BRAND_PAGE));
    expect(parsed(await post(faulty, 'beta-products-by-brand', BRAND_PAGE, shouted))).toEqual(products);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, shouted)).code).toBe('200');
    const otherToken = { ...DOCUMENTED_HEADERS, authorization: 'bearerred-team-round-9' };
    expect(parsed(await post(faulty, 'beta-products-by-brand', BRAND_PAGE, otherToken)).code).toBe('401');
    expect(parsed(await post(faulty, 'beta-products-by-brand', BRAND_PAGE, UNTOKENED)).code).toBe('401');
  },
};

describe('red team round 8', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 8),
    demonstrations,
    serve,
  );
});
