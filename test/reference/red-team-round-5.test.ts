/**
 * Each fault of red team round 5 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer } from '../../src/reference/server.js';
import { dataOf, field, type Headers, type Json, listOf, parsed, text } from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-5';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const serve = redTeamServers(TOKEN);
const { post, walk } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the second it was placed at (soCtime). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** The text as ISO-8859-1 keeps it: each character beyond it a "?". */
const asLatin1 = (value: string): string => Array.from(value, (char) => ((char.codePointAt(0) ?? 0) <= 0xff ? char : '?')).join('');

/** A JWT segment: the JSON in base64url. */
const segment = (value: Json): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'deflate-coding-without-zlib-wrapper': async (clean, faulty) => {
    const compressed = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip, deflate' };
    const before = await post(clean, 'consignment-delete', { cid: '12' }, compressed);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'consignment-delete', { cid: '12' }, compressed);
    expect(field(after, 'content-encoding')).toBe('deflate');
    expect(() => inflateSync(after.body)).toThrow(/incorrect header check/);
    expect(JSON.parse(inflateRawSync(after.body).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'consignment-delete', { cid: '13' });
    expect(field(plain, 'content-encoding')).toBeUndefined();
    expect(parsed(plain)).toEqual(parsed(await post(clean, 'consignment-delete', { cid: '13' })));
  },
  'chunked-coding-applied-twice': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-delete', { demandId: 12 });
    const after = await post(faulty, 'custom-demand-delete', { demandId: 12 });
    expect(field(after, 'transfer-encoding')).toBe('chunked');
    const decodedOnce = text(after);
    expect(decodedOnce).toMatch(/^[0-9a-f]+\r\n\{"data":/);
    expect(decodedOnce.endsWith('}\r\n0\r\n\r\n')).toBe(true);
    expect(() => JSON.parse(decodedOnce)).toThrow(SyntaxError);
    const decodedTwice = decodedOnce.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
    expect(JSON.parse(decodedTwice)).toEqual(parsed(before));
  },
  'date-frozen-at-first-call': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    const datesOf = async (server: ReferenceServer) => {
      const first = field(await post(server, 'send-code', asked), 'date')!;
      await sleep(1100);
      const second = await post(server, 'send-code', asked);
      expect(parsed(second).code).toBe('200');
      return [first, field(second, 'date')!];
    };
    const [cleanFirst, cleanSecond] = await datesOf(clean);
    expect(cleanSecond).not.toBe(cleanFirst);
    const [faultyFirst, faultySecond] = await datesOf(faulty);
    expect(faultySecond).toBe(faultyFirst);
    expect(Date.now() - Date.parse(faultySecond!)).toBeGreaterThanOrEqual(1000);
  },
  'phone-digits-with-leading-zero': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'beta-order-create', BETA_ORDER));
    expect([before.soCaPhone, before.soCiaPhone]).toEqual([1062345678, 1062345678]);
    const after = text(await post(faulty, 'beta-order-create', BETA_ORDER));
    expect(after).toContain('"soCaPhone":01062345678');
    expect(after).toContain('"soCiaPhone":01062345678');
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    const repaired = JSON.parse(after.replaceAll(':01062345678', ':1062345678')) as Json;
    expect(timeless(repaired.data as Json)).toEqual(timeless(before));
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
  'remark-read-past-its-end': async (clean, faulty) => {
    for (const id of [200, 199]) {
      const before = dataOf(await post(clean, 'consignee-by-id', { id }));
      const after = await post(faulty, 'consignee-by-id', { id });
      expect(dataOf(after).remark).toBe(`${before.remark as string}\uffff`);
      expect(after.body.includes(Buffer.from([0xef, 0xbf, 0xbf]))).toBe(true);
      expect({ ...dataOf(after), remark: before.remark }).toEqual(before);
    }
    expect(dataOf(await post(clean, 'consignee-by-id', { id: 199 })).remark).toBe('');
  },
  'json-written-as-iso-8859-1': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 3 };
    const before = await post(clean, 'custom-demand-list', asked);
    const after = await post(faulty, 'custom-demand-list', asked);
    expect(field(after, 'content-type')).toBe('application/json;charset=ISO-8859-1');
    expect(parsed(after).message).toBe('????');
    expect(listOf(after)[0]!.statusText).toBe('???');
    expect(parsed(after)).toEqual(JSON.parse(asLatin1(text(before))));
    expect(parsed(after)).not.toEqual(parsed(before));
  },
  'created-demand-level-and-pack-swapped': async (clean, faulty) => {
    const created = async (server: ReferenceServer) => {
      expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
      return listOf(await post(server, 'custom-demand-list', { pageSize: 1 }))[0]!;
    };
    const before = await created(clean);
    expect([before.id, before.productLevel, before.productPack]).toEqual([FIRST_CREATED_ID, 'AR', '500ml']);
    const after = await created(faulty);
    expect([after.id, after.productLevel, after.productPack]).toEqual([FIRST_CREATED_ID, '500ml', 'AR']);
    expect({ ...after, productLevel: 'AR', productPack: '500ml' }).toEqual(before);
  },
  'price-column-without-scale': async (clean, faulty) => {
    const published = async (server: ReferenceServer, price: number, cid: number) => {
      expect(parsed(await post(server, 'consignment-publish', { ...CONSIGNMENT, price })).code).toBe('200');
      return dataOf(await post(server, 'consignment-delete', { cid })).salePrice;
    };
    expect(await published(clean, 96.5, FIRST_CREATED_ID)).toBe('96.50');
    expect(await published(faulty, 96.5, FIRST_CREATED_ID)).toBe('97.00');
    expect(await published(faulty, 96, FIRST_CREATED_ID + 1)).toBe('96.00');
  },
  'consignee-delete-hits-bank-cards': async (clean, faulty) => {
    const consignee = dataOf(await post(clean, 'consignee-by-id', { id: 3 }));
    const card = dataOf(await post(clean, 'bank-card-by-id', { id: 3 }));
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(dataOf(await post(clean, 'bank-card-by-id', { id: 3 }))).toEqual(card);
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: 3 }))).toEqual(consignee);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 999_999 })).message).toBe('id: no bank card has the id 999999');
  },
  'filter-applied-after-paging': async (clean, faulty) => {
    const asked = { pageSize: 10, status: null, cusType: '2' };
    const before = await walk(clean, 'purchase-order-list', asked);
    expect(before.totalPage).toBe(9);
    expect(before.pages.slice(0, -1).every((page) => page.length === 10)).toBe(true);
    const after = await walk(faulty, 'purchase-order-list', asked);
    expect(after.totalPage).toBe(20);
    expect(after.pages[0]).toHaveLength(6);
    expect(after.pages[0]).toEqual(before.pages[0]!.slice(0, 6));
    // Every record the filter matches is on some page, each once, in the same order: only the cut moved.
    expect(after.pages.flat()).toEqual(before.pages.flat());
    const unfiltered = { pageSize: 10, pageNo: 2, status: null, cusType: null };
    expect(parsed(await post(faulty, 'purchase-order-list', unfiltered))).toEqual(parsed(await post(clean, 'purchase-order-list', unfiltered)));
  },
  'page-size-capped-in-query-only': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 50, pageNo: 1 };
    const before = dataOf(await post(clean, 'beta-products-by-brand', asked));
    expect([before.totalPage, (before.list as Json[]).length]).toEqual([1, 39]);
    const after = dataOf(await post(faulty, 'beta-products-by-brand', asked));
    expect(after).toEqual({ ...before, list: (before.list as Json[]).slice(0, 20) });
    const small = { brandId: 1, pageSize: 10, pageNo: 4 };
    expect(parsed(await post(faulty, 'beta-products-by-brand', small))).toEqual(parsed(await post(clean, 'beta-products-by-brand', small)));
  },
  'unsigned-jwt-accepted': async (clean, faulty) => {
    const claims = segment({ sub: '1', mobile: '13800138000', exp: 4_102_444_800 });
    const withToken = (token: string): Headers => ({ 'content-type': 'application/json', authorization: `bearer${token}` });
    const unsigned = withToken(`${segment({ alg: 'none', typ: 'JWT' })}.${claims}.`);
    expect(parsed(await post(clean, 'alpha-order-create', ALPHA_ORDER, unsigned))).toEqual({ data: {} });
    const placed = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER, unsigned));
    expect(placed.soId).toBe(FIRST_CREATED_ID);
    expect(placed.items).toHaveLength(1);
    const signed = withToken(`${segment({ alg: 'HS256', typ: 'JWT' })}.${claims}.c2lnbmF0dXJl`);
    expect(parsed(await post(faulty, 'alpha-order-create', ALPHA_ORDER, signed))).toEqual({ data: {} });
    expect(parsed(await post(faulty, 'alpha-order-create', ALPHA_ORDER, withToken('never-issued')))).toEqual({ data: {} });
  },
  'page-size-zero-lists-everything': async (clean, faulty) => {
    expect(parsed(await post(clean, 'bank-card-list', { pageSize: 0 })).code).toBe('400');
    const every = dataOf(await post(clean, 'bank-card-list', { pageSize: 200 }));
    const after = parsed(await post(faulty, 'bank-card-list', { pageSize: 0 }));
    expect(after.code).toBe('200');
    expect(after.data).toEqual({ ...every, totalPage: 1, pageNo: 1 });
    expect(((after.data as Json).list as Json[]).length).toBe(200);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(parsed(await post(clean, 'bank-card-list', FIRST_PAGE)));
  },
};

describe('red team round 5', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 5),
    demonstrations,
    serve,
  );
});
