/**
 * Each fault of red team round 4 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer } from '../../src/reference/server.js';
import { callTo, converse, dataOf, field, firstHead, type Headers, type Json, listOf, parsed, type Reply, requestText, text } from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-4';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const LOGIN = { mobile: '13812345678', password: 'Reagent2024' };
const serve = redTeamServers(TOKEN);
const { post, walk } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the second and the day it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: String(order.soNo).replace(/^SO\d{8}/, 'SO') });

/** A GMT date of an answer's field, in ms. */
const dateOf = (reply: Reply, name: string): number => Date.parse(field(reply, name)!);

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'post-answered-201-created': async (clean, faulty) => {
    const before = await post(clean, 'beta-order-create', BETA_ORDER);
    const after = await post(faulty, 'beta-order-create', BETA_ORDER);
    expect([before.status, after.status]).toEqual([200, 201]);
    expect(field(after, 'location')).toBeUndefined();
    expect({ ...parsed(after), data: timeless(dataOf(after)) }).toEqual({ ...parsed(before), data: timeless(dataOf(before)) });
    const refused = await post(faulty, 'beta-order-create', { ...BETA_ORDER, items: [] });
    expect([refused.status, parsed(refused).code]).toEqual([201, '400']);
  },
  'authorization-field-name-case-sensitive': async (clean, faulty) => {
    const capitalised: Headers = { 'content-type': 'application/json', Authorization: `bearer${TOKEN}` };
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 }, capitalised)).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, capitalised)).code).toBe('401');
    // Nothing was deleted: the lower-case field name deletes it now, and only once.
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('404');
  },
  'json-content-type-compared-exactly': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const headers = { ...DOCUMENTED_HEADERS, 'content-type': type };
      const before = await post(clean, 'send-code', asked, headers);
      expect([before.status, parsed(before).code]).toEqual([200, '200']);
      const after = await post(faulty, 'send-code', asked, headers);
      expect([after.status, parsed(after).code]).toEqual([415, '415']);
    }
    expect(parsed(await post(faulty, 'send-code', asked)).code).toBe('200');
  },
  'last-modified-china-time-labelled-gmt': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(field(before, 'last-modified')).toBeUndefined();
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(field(after, 'last-modified')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.round((dateOf(after, 'last-modified') - dateOf(after, 'date')) / 60_000)).toBe(8 * 60);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'gzip-without-vary': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1 };
    const gzip = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip' };
    const before = await post(clean, 'custom-demand-list', asked, gzip);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'custom-demand-list', asked, gzip);
    expect([field(after, 'content-encoding'), field(after, 'vary')]).toEqual(['gzip', undefined]);
    expect(JSON.parse(gunzipSync(after.body).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'custom-demand-list', asked);
    expect(field(plain, 'content-encoding')).toBeUndefined();
    expect(parsed(plain)).toEqual(parsed(before));
  },
  'proxy-cache-ignores-post-body': async (clean, faulty) => {
    const brand1 = { brandId: 1, ...FIRST_PAGE };
    const brand2 = { brandId: 2, ...FIRST_PAGE };
    const first = await post(faulty, 'beta-products-by-brand', brand1);
    expect(field(first, 'x-cache-status')).toBe('MISS');
    expect(parsed(first)).toEqual(parsed(await post(clean, 'beta-products-by-brand', brand1)));
    const other = await post(faulty, 'beta-products-by-brand', brand2);
    expect(field(other, 'x-cache-status')).toBe('HIT');
    expect(field(other, 'age')).toMatch(/^\d+$/);
    expect(parsed(other)).toEqual(parsed(first));
    expect(parsed(other)).not.toEqual(parsed(await post(clean, 'beta-products-by-brand', brand2)));
    expect(parsed(await post(faulty, 'beta-products-by-brand', { ...brand1, pageNo: 2 }))).toEqual(parsed(first));
    expect(parsed(await post(clean, 'beta-products-by-brand', brand1, UNTOKENED)).code).toBe('401');
    expect(parsed(await post(faulty, 'beta-products-by-brand', brand1, UNTOKENED))).toEqual(parsed(first));
  },
  'chunked-answer-to-http-1-0': async (clean, faulty) => {
    const asked = JSON.stringify({ pageSize: 10, status: 1, cusType: '1' });
    const http10 = requestText('POST', pathOf('purchase-order-list'), DOCUMENTED_HEADERS, asked).replace(' HTTP/1.1\r\n', ' HTTP/1.0\r\n');
    const before = firstHead(await converse(clean, http10));
    expect(before.head).not.toMatch(/transfer-encoding/i);
    const after = firstHead(await converse(faulty, http10));
    expect(after.head).toContain('\r\nTransfer-Encoding: chunked\r\n');
    expect(after.rest).toMatch(/^[0-9a-f]+\r\n\{"data":/);
    expect(() => JSON.parse(after.rest)).toThrow(SyntaxError);
    // Unchunked, the bytes are the clean page.
    const data = after.rest.replace(/(?:^|\r\n)[0-9a-f]+\r\n/g, '');
    expect(JSON.parse(data)).toEqual(JSON.parse(before.rest));
    // In HTTP/1.1 the page comes as the clean server sends it.
    expect(field(await post(faulty, 'purchase-order-list', JSON.parse(asked)), 'transfer-encoding')).toBeUndefined();
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
  'request-body-read-as-latin-1': async (clean, faulty) => {
    const read = async (server: ReferenceServer, headers: Headers, cid: number) => {
      expect(parsed(await post(server, 'consignment-publish', CONSIGNMENT, headers)).code).toBe('200');
      return dataOf(await post(server, 'consignment-delete', { cid })).productCname;
    };
    expect(await read(clean, DOCUMENTED_HEADERS, FIRST_CREATED_ID)).toBe('丙酮');
    expect(await read(faulty, DOCUMENTED_HEADERS, FIRST_CREATED_ID)).toBe('ä¸\u0099é\u0085®');
    expect(await read(faulty, { ...DOCUMENTED_HEADERS, 'content-type': 'application/json; charset=utf-8' }, FIRST_CREATED_ID + 1)).toBe('丙酮');
  },
  'set-cookies-folded-into-one-field': async (clean, faulty) => {
    expect(field(await post(clean, 'login', LOGIN), 'set-cookie')).toBeUndefined();
    const after = await post(faulty, 'login', LOGIN);
    expect(parsed(after).code).toBe('200');
    const cookies = after.fields.filter(([name]) => name.toLowerCase() === 'set-cookie').map(([, value]) => value);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^OTP_SESSION=[0-9a-f]{32}; Path=\/; HttpOnly, OTP_MOBILE=13812345678; Path=\/; Max-Age=2592000$/);
    // Parsed as RFC 6265 5.2 parses a set-cookie-string: one name-value pair, the rest attributes.
    const [pair, ...attributes] = cookies[0]!.split(';').map((part) => part.trim());
    expect(pair!.split('=')[0]).toBe('OTP_SESSION');
    expect(attributes.map((attribute) => attribute.split('=')[0])).toEqual(['Path', 'HttpOnly, OTP_MOBILE', 'Path', 'Max-Age']);
  },
  'page-links-as-network-path': async (clean, faulty) => {
    const asked = { pageSize: 10, pageNo: 2 };
    const before = await post(clean, 'bank-card-list', asked);
    expect(field(before, 'link')).toBeUndefined();
    const after = await post(faulty, 'bank-card-list', asked);
    expect(parsed(after)).toEqual(parsed(before));
    const links = [...field(after, 'link')!.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, target, rel]) => [rel, target]);
    expect(Object.fromEntries(links)).toEqual({
      first: '//pc/customer/bankCardList?pageSize=10&pageNo=1',
      prev: '//pc/customer/bankCardList?pageSize=10&pageNo=1',
      next: '//pc/customer/bankCardList?pageSize=10&pageNo=3',
      last: '//pc/customer/bankCardList?pageSize=10&pageNo=20',
    });
    const next = new URL(Object.fromEntries(links).next!, faulty.url);
    expect([next.host, next.pathname]).toEqual(['pc', '/customer/bankCardList']);
    expect(new URL(faulty.url).host).not.toBe('pc');
  },
  'unstable-sort-pages-repeat-and-skip': async (clean, faulty) => {
    const asked = { pageSize: 10, status: null, cusType: null };
    const before = await walk(clean, 'purchase-order-list', asked);
    const after = await walk(faulty, 'purchase-order-list', asked);
    expect(after.totalPage).toBe(before.totalPage);
    expect(after.pages.map((page) => page.length)).toEqual(before.pages.map((page) => page.length));
    const ids = (pages: Json[][]) => pages.flat().map((record) => record.id);
    expect(new Set(ids(before.pages)).size).toBe(200);
    const seen = ids(after.pages);
    expect(seen).toHaveLength(200);
    expect(new Set(seen).size).toBeLessThan(180);
    // Each record listed is a record of the list, as the clean server has it.
    const records = new Map(before.pages.flat().map((record) => [record.id, record]));
    for (const record of after.pages.flat()) expect(record).toEqual(records.get(record.id));
  },
  'count-ignores-status-filter': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1 };
    const before = await walk(clean, 'custom-demand-list', asked);
    const after = dataOf(await post(faulty, 'custom-demand-list', { ...asked, pageNo: 1 }));
    expect(before.totalPage).toBeLessThan(20);
    expect(after.totalPage).toBe(20);
    expect(after.list).toEqual(before.pages[0]);
    expect(listOf(await post(faulty, 'custom-demand-list', { ...asked, pageNo: before.totalPage + 1 }))).toEqual([]);
    const unfiltered = { pageSize: 10, pageNo: 1 };
    expect(parsed(await post(faulty, 'custom-demand-list', unfiltered))).toEqual(parsed(await post(clean, 'custom-demand-list', unfiltered)));
  },
  'created-order-total-without-freight': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    expect([before.soTotal, before.soFreightPrice]).toEqual([31.37, 15]);
    const after = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect([after.soTotal, after.soFreightPrice]).toEqual([16.37, 15]);
    expect(timeless({ ...after, soTotal: before.soTotal })).toEqual(timeless(before));
    const [listed] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([listed!.soNo, listed!.soTotal]).toEqual([after.soNo, 31.37]);
  },
  'zero-cid-deletes-every-consignment': async (clean, faulty) => {
    expect(parsed(await post(clean, 'consignment-delete', { cid: 0 })).code).toBe('404');
    expect(parsed(await post(clean, 'consignment-delete', { cid: '12' })).code).toBe('200');
    const after = parsed(await post(faulty, 'consignment-delete', { cid: 0 }));
    expect(after).toMatchObject({ code: '200', data: { id: 1 } });
    for (const cid of ['12', '150', '200']) expect(parsed(await post(faulty, 'consignment-delete', { cid })).code).toBe('404');
  },
  'ids-over-127-never-match': async (clean, faulty) => {
    const [newest] = listOf(await post(faulty, 'custom-demand-list', { pageSize: 1 }));
    expect(newest!.id).toBe(200);
    expect(parsed(await post(clean, 'custom-demand-delete', { demandId: 200 })).code).toBe('200');
    const after = parsed(await post(faulty, 'custom-demand-delete', { demandId: 200 }));
    expect([after.code, after.message]).toEqual(['404', 'demandId: no custom demand has the id 200']);
    expect(listOf(await post(faulty, 'custom-demand-list', { pageSize: 1 }))).toEqual([newest]);
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 127 })).code).toBe('200');
  },
  'get-with-query-string-answered': async (clean, faulty) => {
    const path = `${pathOf('bank-card-by-id')}?id=3`;
    expect(parsed(await callTo(clean, 'GET', path, undefined, DOCUMENTED_HEADERS)).code).toBe('404');
    const card = dataOf(await post(clean, 'bank-card-by-id', { id: 3 }));
    const after = parsed(await callTo(faulty, 'GET', path, undefined, DOCUMENTED_HEADERS));
    expect([after.code, after.data]).toEqual(['200', card]);
    expect(parsed(await callTo(faulty, 'GET', path, undefined, UNTOKENED)).code).toBe('401');
  },
  'empty-password-skips-check': async (clean, faulty) => {
    for (const password of ['', null, undefined]) {
      const asked = { mobile: LOGIN.mobile, password };
      expect(parsed(await post(clean, 'login', asked)).code).toBe('400');
      expect(parsed(await post(faulty, 'login', asked)).code).toBe('200');
    }
    expect(parsed(await post(faulty, 'login', { mobile: '138', password: '' })).code).toBe('400');
  },
  'bank-cards-of-member-named-in-body': async (clean, faulty) => {
    const asked = { pageSize: 10, memberId: 5 };
    const own = listOf(await post(clean, 'bank-card-list', { pageSize: 10 }));
    expect(listOf(await post(clean, 'bank-card-list', asked))).toEqual(own);
    const after = dataOf(await post(faulty, 'bank-card-list', asked));
    const cards = after.list as Json[];
    expect([after.totalPage, cards.length]).toEqual([1, 4]);
    expect(new Set(cards.map((card) => card.accountName)).size).toBe(1);
    expect(cards.some((card) => own.some((mine) => mine.id === card.id))).toBe(false);
    expect(listOf(await post(faulty, 'bank-card-list', { pageSize: 10, memberId: 1 }))).toEqual(own);
  },
};

describe('red team round 4', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 4),
    demonstrations,
    serve,
  );
});
