/**
 * Each fault of red team round 6 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { seedState } from '../../src/reference/seed.js';
import { type ReferenceServer } from '../../src/reference/server.js';
import { converse, dataOf, field, firstHead, type Json, listOf, parsed, requestText, text } from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-6';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const serve = redTeamServers(TOKEN);
const { post, walk } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the second it was placed at (soCtime). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** The documented call written on the wire, for answers node:http refuses to read. */
const wireCall = (operationId: string, payload: unknown): string => requestText('POST', pathOf(operationId), DOCUMENTED_HEADERS, JSON.stringify(payload));

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'content-length-folded-into-list': async (clean, faulty) => {
    const before = await post(clean, 'consignment-publish', CONSIGNMENT);
    expect(field(before, 'content-length')).toBe('79');
    const { head, rest } = firstHead(await converse(faulty, wireCall('consignment-publish', CONSIGNMENT)));
    expect(head).toMatch(/\r\nContent-Length: 79, 79\r\n/);
    expect(JSON.parse(rest)).toEqual(parsed(before));
    await expect(post(faulty, 'consignment-publish', CONSIGNMENT)).rejects.toThrow(/Invalid character in Content-Length/);
  },
  'status-line-copies-upstream-version': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(before.status).toBe(200);
    const { head, rest } = firstHead(await converse(faulty, wireCall('consignee-by-id', { id: 3 })));
    expect(head.split('\r\n')[0]).toBe('HTTP/2.0 200 OK');
    expect(JSON.parse(rest)).toEqual(parsed(before));
    const cleanHead = firstHead(await converse(clean, wireCall('consignee-by-id', { id: 3 }))).head;
    expect(cleanHead.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  },
  'gzip-despite-weight-zero': async (clean, faulty) => {
    const refused = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip;q=0, identity' };
    const before = await post(clean, 'bank-card-by-id', { id: 7 }, refused);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'bank-card-by-id', { id: 7 }, refused);
    expect(field(after, 'content-encoding')).toBe('gzip');
    expect([...after.body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(gunzipSync(after.body).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'bank-card-by-id', { id: 7 });
    expect(field(plain, 'content-encoding')).toBeUndefined();
    expect(parsed(plain)).toEqual(parsed(before));
  },
  'catalogue-max-age-negative': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 1 };
    const before = await post(clean, 'beta-products-by-brand', asked);
    expect(field(before, 'cache-control')).toBeUndefined();
    const after = await post(faulty, 'beta-products-by-brand', asked);
    const maxAge = /^public, max-age=(-\d+)$/.exec(field(after, 'cache-control') ?? '')?.[1];
    expect(Number(maxAge)).toBeLessThan(0);
    expect(Number(maxAge)).toBeGreaterThan(-86_401);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'connection-close-ignored': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    const closing = requestText('POST', pathOf('send-code'), { ...DOCUMENTED_HEADERS, connection: 'close' }, JSON.stringify(asked));
    const before = await converse(clean, closing);
    expect(before.closedByServer).toBe(true);
    expect(firstHead(before).head).toMatch(/\r\nConnection: close(\r\n|$)/);
    const after = await converse(faulty, closing);
    expect(after.closedByServer).toBe(false);
    const { head, rest } = firstHead(after);
    expect(head).toMatch(/\r\nConnection: keep-alive(\r\n|$)/);
    expect(JSON.parse(rest)).toEqual(JSON.parse(firstHead(before).rest));
    expect(parsed(await post(faulty, 'send-code', asked))).toEqual(JSON.parse(rest));
  },
  'order-line-names-from-lombok-getters': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    const after = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    const [cleanLine] = before.items as Json[];
    const [faultyLine] = after.items as Json[];
    expect(Object.keys(faultyLine!)).toEqual([
      'siPrice',
      'pid',
      'siDiscount',
      'siNum',
      'siAmount',
      'siVamount',
      'pcode',
      'pcnName',
      'plevel',
      'ccas',
      'deliveryTerm',
      'ifCancel',
    ]);
    const { pId, pCode, pCnName, pLevel, cCas, ...rest } = cleanLine!;
    expect(faultyLine).toEqual({ ...rest, pid: pId, pcode: pCode, pcnName: pCnName, plevel: pLevel, ccas: cCas });
    expect(timeless({ ...after, items: [] })).toEqual(timeless({ ...before, items: [] }));
  },
  'body-serialized-twice-as-string': async (clean, faulty) => {
    const before = await post(clean, 'consignment-delete', { cid: '12' });
    const after = JSON.parse(text(await post(faulty, 'consignment-delete', { cid: '12' }))) as unknown;
    expect(typeof after).toBe('string');
    expect(JSON.parse(after as string)).toEqual(parsed(before));
    expect((dataOf(before) as Json).id).toBe(12);
  },
  'debug-echo-before-envelope': async (clean, faulty) => {
    const before = text(await post(clean, 'custom-demand-delete', { demandId: 12 }));
    const after = text(await post(faulty, 'custom-demand-delete', { demandId: 12 }));
    expect(after).toBe(`{"demandId":12,"deleted":1}${before}`);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect((JSON.parse(before) as Json).code).toBe('200');
  },
  'alpha-orders-list-includes-beta-orders': async (clean, faulty) => {
    const before = await walk(clean, 'alpha-orders-list', { pageSize: 10 });
    expect(before.totalPage).toBe(3);
    const after = await walk(faulty, 'alpha-orders-list', { pageSize: 10 });
    expect(after.totalPage).toBe(4);
    const soIds = after.pages.flat().map((order) => order.soId);
    const betaSoIds = seedState().betaOrders.map((stored) => stored.order.soId);
    expect(soIds.filter((soId) => betaSoIds.includes(soId as number)).sort()).toEqual([...betaSoIds].sort());
    expect(after.pages.flat().filter((order) => !betaSoIds.includes(order.soId as number))).toEqual(before.pages.flat());
    for (const server of [clean, faulty]) expect(dataOf(await post(server, 'beta-order-create', BETA_ORDER)).soId).toBe(FIRST_CREATED_ID);
    expect(listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE))[0]!.soId).not.toBe(FIRST_CREATED_ID);
    const [newest] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect(newest).toMatchObject({ soId: FIRST_CREATED_ID, soCaName: BETA_ORDER.soCaName, soNote: BETA_ORDER.soNote });
    expect(typeof newest!.soCtime).toBe('number');
  },
  'first-page-oldest-first-without-page-no': async (clean, faulty) => {
    const documented = { pageSize: 10, status: null };
    const before = dataOf(await post(clean, 'custom-demand-list', documented));
    expect(idsOf(before.list as Json[])).toEqual([200, 199, 198, 197, 196, 195, 194, 193, 192, 191]);
    const after = dataOf(await post(faulty, 'custom-demand-list', documented));
    expect(idsOf(after.list as Json[])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect({ ...after, list: [] }).toEqual({ ...before, list: [] });
    const paged = { ...documented, pageNo: 1 };
    expect(parsed(await post(faulty, 'custom-demand-list', paged))).toEqual(parsed(await post(clean, 'custom-demand-list', paged)));
    expect(idsOf(listOf(await post(faulty, 'custom-demand-list', { ...documented, pageNo: 2 })))[0]).toBe(190);
  },
  'status-or-cus-type-filter': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1, cusType: '2' };
    const before = (await walk(clean, 'purchase-order-list', asked)).pages.flat();
    expect(new Set(before.map((record) => record.status))).toEqual(new Set([1]));
    const after = (await walk(faulty, 'purchase-order-list', asked)).pages.flat();
    expect(new Set(after.map((record) => record.status))).toEqual(new Set([0, 1, 2, 3]));
    expect(after.length).toBeGreaterThan(before.length);
    const listed = new Set(idsOf(after));
    expect(before.every((record) => listed.has(record.id))).toBe(true);
    for (const single of [
      { pageSize: 10, status: 1 },
      { pageSize: 10, cusType: '2' },
    ]) {
      expect(parsed(await post(faulty, 'purchase-order-list', single))).toEqual(parsed(await post(clean, 'purchase-order-list', single)));
    }
  },
  'custom-demand-created-twice': async (clean, faulty) => {
    const created = async (server: ReferenceServer) => {
      expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
      return dataOf(await post(server, 'custom-demand-list', { pageSize: 1 }));
    };
    const before = await created(clean);
    expect(before.totalPage).toBe(201);
    const after = await created(faulty);
    expect(after.totalPage).toBe(202);
    const [first, second] = listOf(await post(faulty, 'custom-demand-list', { pageSize: 2 }));
    expect([first!.id, second!.id]).toEqual([FIRST_CREATED_ID + 1, FIRST_CREATED_ID]);
    const asCreated = (demand: Json) => [demand.productCas, demand.productLevel, demand.productNums, demand.productPack, demand.demandPrice];
    expect(asCreated(first!)).toEqual(asCreated((before.list as Json[])[0]!));
    expect(asCreated(second!)).toEqual(asCreated(first!));
  },
  'page-links-carry-access-token': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-list', FIRST_PAGE);
    expect(field(before, 'link')).toBeUndefined();
    const after = await post(faulty, 'bank-card-list', FIRST_PAGE);
    const origin = faulty.url;
    expect(field(after, 'link')).toBe(
      `<${origin}//pc/customer/bankCardList?pageSize=10&pageNo=2&access_token=${TOKEN}>; rel="next", ` +
        `<${origin}//pc/customer/bankCardList?pageSize=10&pageNo=20&access_token=${TOKEN}>; rel="last"`,
    );
    expect(parsed(after)).toEqual(parsed(before));
  },
  'consignee-delete-any-id-succeeds': async (clean, faulty) => {
    const unknown = { id: 999_999 };
    expect(parsed(await post(clean, 'consignee-delete', unknown)).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', unknown))).toEqual(parsed(await post(clean, 'consignee-delete', { id: 3 })));
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 })).code).toBe('404');
  },
};

describe('red team round 6', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 6),
    demonstrations,
    serve,
  );
});
