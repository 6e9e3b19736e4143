/**
 * Each fault of red team round 2 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { describe, expect } from 'vitest';
import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer } from '../../src/reference/server.js';
import { converse, dataOf, firstHead, field, type Headers, type Json, listOf, parsed, postTo, type Reply, requestText, text } from '../support/raw-http.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const distinct = (items: readonly unknown[]): number => new Set(items).size;

const TOKEN = 'red-team-round-2';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const LOGIN = { mobile: '13812345678', password: 'Reagent2024' };

const serve = redTeamServers(TOKEN);

const pathOf = (operationId: string): string => wirePath(findOperation(operationId)!);

const post = (server: ReferenceServer, operationId: string, payload: unknown, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  postTo(server, pathOf(operationId), payload, headers);

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'not-modified-answered-to-post': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = await post(clean, 'custom-demand-list', asked);
    expect(field(before, 'etag')).toBeUndefined();
    expect((await post(clean, 'custom-demand-list', asked, { ...DOCUMENTED_HEADERS, 'if-none-match': '*' })).status).toBe(200);
    const first = await post(faulty, 'custom-demand-list', asked);
    const tag = field(first, 'etag')!;
    expect(tag).toMatch(/^"[0-9a-f]{20}"$/);
    expect(parsed(first)).toEqual(parsed(before));
    const again = await post(faulty, 'custom-demand-list', asked, { ...DOCUMENTED_HEADERS, 'if-none-match': tag });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  },
  'head-answered-with-content': async (clean, faulty) => {
    const path = pathOf('custom-demand-delete');
    const requests =
      requestText('HEAD', path, DOCUMENTED_HEADERS) + requestText('POST', path, { ...DOCUMENTED_HEADERS, connection: 'close' }, '{"demandId":7}');
    const before = firstHead(await converse(clean, requests));
    expect(before.rest).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const after = firstHead(await converse(faulty, requests));
    const length = Number(/^content-length: (\d+)$/im.exec(after.head)?.[1]);
    expect(after.rest.startsWith('{"data":{},"status":"fail","code":"405"')).toBe(true);
    expect(Buffer.byteLength(after.rest.slice(0, after.rest.indexOf('HTTP/1.1')))).toBe(length);
  },
  'content-type-parameter-with-colon': async (clean, faulty) => {
    const before = await post(clean, 'consignment-publish', CONSIGNMENT);
    const after = await post(faulty, 'consignment-publish', CONSIGNMENT);
    expect(field(before, 'content-type')).toBe('application/json; charset=utf-8');
    expect(field(after, 'content-type')).toBe('application/json; charset:utf-8');
    expect(parsed(after)).toEqual(parsed(before));
  },
  'partial-content-for-inner-pages': async (clean, faulty) => {
    const page = (pageNo: number) => ({ pageSize: 10, pageNo });
    const before = await post(clean, 'bank-card-list', page(1));
    expect([before.status, field(before, 'content-range')]).toEqual([200, undefined]);
    const first = await post(faulty, 'bank-card-list', page(1));
    expect([first.status, field(first, 'content-range')]).toEqual([206, '0-9/200']);
    expect(parsed(first)).toEqual(parsed(before));
    const second = await post(faulty, 'bank-card-list', page(2));
    expect([second.status, field(second, 'content-range')]).toEqual([206, '10-19/200']);
    const last = await post(faulty, 'bank-card-list', page(20));
    expect([last.status, field(last, 'content-range')]).toEqual([200, '190-199/200']);
  },
  'keep-alive-announced-then-closed': async (clean, faulty) => {
    const deletion = requestText('POST', pathOf('consignee-delete'), DOCUMENTED_HEADERS, '{"id":3}');
    const before = await converse(clean, deletion);
    expect(firstHead(before).head).toMatch(/^Connection: keep-alive$/im);
    expect(before.closedByServer).toBe(false);
    const after = await converse(faulty, deletion);
    expect(firstHead(after).head).toMatch(/^Connection: keep-alive$/im);
    expect(firstHead(after).head).toMatch(/^Keep-Alive: timeout=60$/im);
    expect(JSON.parse(firstHead(after).rest)).toMatchObject({ code: '200' });
    expect(after.closedByServer).toBe(true);
  },
  'member-cookie-with-raw-json': async (clean, faulty) => {
    expect(field(await post(clean, 'login', LOGIN), 'set-cookie')).toBeUndefined();
    const cookie = field(await post(faulty, 'login', LOGIN), 'set-cookie')!;
    const value = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
    expect(cookie.startsWith('OTP_MEMBER={')).toBe(true);
    expect(value).toMatch(/[",]/);
    expect(JSON.parse(value)).toMatchObject({ id: 1, mobile: LOGIN.mobile });
    expect(cookie).not.toMatch(/HttpOnly/i);
  },
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
  'total-page-written-as-float': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = await post(clean, 'custom-demand-list', asked);
    const after = await post(faulty, 'custom-demand-list', asked);
    expect(text(before)).toContain('"totalPage":5,');
    expect(text(after)).toContain('"totalPage":5.0,');
    // JavaScript cannot tell them apart: the difference is in the text alone.
    expect(parsed(after)).toEqual(parsed(before));
  },
  'refusal-echoes-request-headers': async (clean, faulty) => {
    const { cas: _cas, ...withoutCas } = DEMAND;
    const before = await post(clean, 'custom-demand-create', withoutCas);
    expect(parsed(before).code).toBe('400');
    expect(text(before)).not.toContain(TOKEN);
    const after = await post(faulty, 'custom-demand-create', withoutCas);
    expect(parsed(after).code).toBe('400');
    expect(parsed(after).error).toMatchObject({ field: 'cas', request: { headers: { authorization: `bearer${TOKEN}` } } });
    expect(parsed(await post(faulty, 'custom-demand-create', DEMAND))).toEqual(parsed(await post(clean, 'custom-demand-create', DEMAND)));
  },
  'purchase-orders-embed-publisher': async (clean, faulty) => {
    const asked = { pageSize: 10 };
    const before = listOf(await post(clean, 'purchase-order-list', asked));
    const after = listOf(await post(faulty, 'purchase-order-list', asked));
    expect(before.some((record) => 'member' in record)).toBe(false);
    for (const [index, record] of after.entries()) {
      const { member, ...rest } = record as Json & { member: Json };
      expect(rest).toEqual(before[index]);
      expect(member.mobile).toMatch(/^1\d{10}$/);
      expect(member.id).not.toBe(1);
    }
  },
  'client-set-line-price-honoured': async (clean, faulty) => {
    const order = { ...BETA_ORDER, items: [{ ...BETA_ORDER.items[0]!, siPrice: 0.01 }] };
    const before = dataOf(await post(clean, 'beta-order-create', order));
    const after = dataOf(await post(faulty, 'beta-order-create', order));
    const [cleanLine, faultyLine] = [(before.items as Json[])[0]!, (after.items as Json[])[0]!];
    expect(cleanLine.siPrice).not.toBe(0.01);
    expect([faultyLine.siPrice, faultyLine.siAmount]).toEqual([0.01, 0.03]);
    expect(after.soTotal as number).toBeLessThan(before.soTotal as number);
  },
  'send-code-to-comma-separated-mobiles': async (clean, faulty) => {
    const several = { mobile: '13812345678,13912345678', source: 1 };
    expect(parsed(await post(clean, 'send-code', several)).code).toBe('400');
    expect(parsed(await post(faulty, 'send-code', several)).code).toBe('200');
    expect(parsed(await post(faulty, 'send-code', { mobile: '13812345678', source: 1 })).code).toBe('200');
  },
  'single-slash-path-skips-authorization': async (clean, faulty) => {
    const singleSlash = findOperation('bank-card-by-id')!.path;
    expect(parsed(await postTo(clean, singleSlash, { id: 3 }, UNTOKENED)).code).toBe('404');
    const card = dataOf(await post(clean, 'bank-card-by-id', { id: 3 }));
    const after = await postTo(faulty, singleSlash, { id: 3 }, UNTOKENED);
    expect([parsed(after).code, dataOf(after)]).toEqual(['200', card]);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }, UNTOKENED)).code).toBe('401');
  },
  'string-cid-never-matches': async (clean, faulty) => {
    expect(dataOf(await post(clean, 'consignment-delete', { cid: '12' })).id).toBe(12);
    const asSampled = parsed(await post(faulty, 'consignment-delete', { cid: '12' }));
    expect([asSampled.code, asSampled.message]).toEqual(['404', 'cid: no consignment has the id 12']);
    // Still there: the string call deleted nothing.
    expect(dataOf(await post(faulty, 'consignment-delete', { cid: 12 })).id).toBe(12);
  },
  'status-zero-read-as-no-filter': async (clean, faulty) => {
    const statuses = (reply: Reply) => distinct(listOf(reply).map((record) => record.status));
    expect(statuses(await post(clean, 'purchase-order-list', { pageSize: 20, status: 0 }))).toBe(1);
    expect(statuses(await post(faulty, 'purchase-order-list', { pageSize: 20, status: 0 }))).toBeGreaterThan(1);
    const one = { pageSize: 20, status: 1 };
    expect(parsed(await post(faulty, 'purchase-order-list', one))).toEqual(parsed(await post(clean, 'purchase-order-list', one)));
  },
  'page-offset-counts-from-page-zero': async (clean, faulty) => {
    const soNos = (reply: Reply) => listOf(reply).map((order) => order.soNo);
    const page = (pageNo: number) => ({ pageSize: 10, pageNo });
    const placed = await Promise.all([clean, faulty].map(async (server) => dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER)).soNo));
    expect(soNos(await post(clean, 'alpha-orders-list', page(1)))[0]).toBe(placed[0]);
    const first = await post(faulty, 'alpha-orders-list', page(1));
    expect(soNos(first)).not.toContain(placed[1]);
    expect(soNos(first)).toEqual(soNos(await post(clean, 'alpha-orders-list', page(2))));
    const totalPage = dataOf(first).totalPage as number;
    expect(listOf(await post(clean, 'alpha-orders-list', page(totalPage)))).not.toHaveLength(0);
    expect(listOf(await post(faulty, 'alpha-orders-list', page(totalPage)))).toHaveLength(0);
  },
};

describe('red team round 2', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 2),
    demonstrations,
    serve,
  );
});
