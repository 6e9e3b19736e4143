/**
 * Each fault of red team round 7 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { listedPathOf } from '../mutation-set/faults/_internals/struck.js';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { seedState } from '../../src/reference/seed.js';
import type { ReferenceServer } from '../../src/reference/server.js';
import { callTo, converse, dataOf, field, firstHead, type Json, listOf, parsed, postTo, requestText, text } from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-7';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const serve = redTeamServers(TOKEN);
const { post, walk } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the second it was placed at (soCtime). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** "2026-11-22 10:15:00", China time, as unix seconds. */
const chinaTimeSeconds = (value: unknown): number => Date.parse(`${String(value).replace(' ', 'T')}+08:00`) / 1000;

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** Every byte the server sends in answer to `request`, until it closes the connection: chunk sizes count bytes, not characters. */
function answerBytes(server: ReferenceServer, request: string): Promise<Buffer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (data: Buffer) => chunks.push(data));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

/** The body of a chunked message, each chunk-size read with the whitespace around it trimmed. */
function dechunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1').trim(), 16);
    if (!Number.isSafeInteger(size) || lineEnd === -1) throw new Error(`No chunk-size at byte ${at}.`);
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** The order lines the seed gives the alpha orders, all together. */
const seededAlphaLines = (): number => seedState().alphaOrders.reduce((sum, stored) => sum + stored.lines.length, 0);

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'processing-interim-sent-to-http-1-0': async (clean, faulty) => {
    const http10 = requestText('POST', pathOf('alpha-order-create'), DOCUMENTED_HEADERS, JSON.stringify(ALPHA_ORDER)).replace(
      / HTTP\/1\.1\r\n/,
      ' HTTP/1.0\r\n',
    );
    const before = await converse(clean, http10);
    expect(before.text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    const after = await converse(faulty, http10);
    expect(after.text.startsWith('HTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 200 OK\r\n')).toBe(true);
    const finalAnswer = firstHead({ ...after, text: after.text.slice('HTTP/1.1 102 Processing\r\n\r\n'.length) });
    const created = (conversation: string) => timeless((JSON.parse(conversation) as Json).data as Json);
    expect(created(finalAnswer.rest)).toEqual(created(firstHead(before).rest));
    const http11 = await post(faulty, 'alpha-order-create', ALPHA_ORDER);
    expect(http11.status).toBe(200);
    expect(timeless(dataOf(http11))).toEqual({ ...timeless(dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER))) });
  },
  'expect-continue-refused-with-417': async (clean, faulty) => {
    const expecting = { ...DOCUMENTED_HEADERS, expect: '100-continue' };
    const before = await post(clean, 'custom-demand-create', DEMAND, expecting);
    expect([before.status, parsed(before).code]).toEqual([200, '200']);
    const after = await post(faulty, 'custom-demand-create', DEMAND, expecting);
    expect(after.status).toBe(417);
    expect(field(after, 'content-type')).toBe('text/html');
    expect(text(after)).toContain('<h1>417 - Expectation Failed</h1>');
    expect(dataOf(await post(faulty, 'custom-demand-list', { pageSize: 1 })).totalPage).toBe(200);
    expect(parsed(await post(faulty, 'custom-demand-create', DEMAND)).code).toBe('200');
    expect(dataOf(await post(faulty, 'custom-demand-list', { pageSize: 1 })).totalPage).toBe(201);
  },
  'content-language-as-java-locale': async (clean, faulty) => {
    const credentials = { mobile: '13812345678', password: 'Reagent#2026' };
    const before = await post(clean, 'login', credentials);
    expect(field(before, 'content-language')).toBeUndefined();
    const after = await post(faulty, 'login', credentials);
    expect(field(after, 'content-language')).toBe('zh_CN');
    expect(() => new Intl.Locale('zh_CN')).toThrow(RangeError);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'chunk-size-padded-with-spaces': async (clean, faulty) => {
    const long = { pageSize: 50, status: null };
    const before = await post(clean, 'custom-demand-list', long);
    expect(before.body.length).toBeGreaterThan(8192);
    await expect(post(faulty, 'custom-demand-list', long)).rejects.toThrow(/Invalid character in chunk size/);
    const bytes = await answerBytes(faulty, requestText('POST', pathOf('custom-demand-list'), DOCUMENTED_HEADERS, JSON.stringify(long)));
    const headEnd = bytes.indexOf('\r\n\r\n');
    expect(bytes.subarray(0, headEnd).toString('latin1')).toMatch(/\r\nTransfer-Encoding: chunked(\r\n|$)/);
    const body = bytes.subarray(headEnd + 4);
    expect(body.subarray(0, 10).toString('latin1')).toBe('2000    \r\n');
    expect(JSON.parse(dechunked(body).toString('utf8'))).toEqual(parsed(before));
    const short = { pageSize: 10, status: null };
    const fits = await post(faulty, 'custom-demand-list', short);
    expect(field(fits, 'content-length')).toBe(String(fits.body.length));
    expect(parsed(fits)).toEqual(parsed(await post(clean, 'custom-demand-list', short)));
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
  'amounts-from-bigdecimal-of-double': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'beta-order-create', BETA_ORDER));
    const after = text(await post(faulty, 'beta-order-create', BETA_ORDER));
    const [line] = before.items as Json[];
    const amounts = { soTotal: before.soTotal, siPrice: line!.siPrice, siAmount: line!.siAmount, siVamount: line!.siVamount };
    for (const [name, amount] of Object.entries(amounts)) {
      expect(Number.isInteger(amount), name).toBe(false);
      const written = new RegExp(`"${name}":(-?\\d+\\.\\d+)`).exec(after)?.[1];
      expect(written!.length, name).toBeGreaterThan(40);
      expect(Number(written), name).toBe(amount);
    }
    expect(after).toContain(`"siDiscount":${String(line!.siDiscount)},`);
    expect(timeless((JSON.parse(after) as Json).data as Json)).toEqual(timeless(before));
    const refused = { ...BETA_ORDER, items: [] };
    expect(text(await post(faulty, 'beta-order-create', refused))).toBe(text(await post(clean, 'beta-order-create', refused)));
  },
  'json-indented-with-ideographic-spaces': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    const after = text(await post(faulty, 'consignee-by-id', { id: 3 }));
    expect(after).toContain('{\n\u3000"data": {\n\u3000\u3000"id": 3,');
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.replaceAll('\u3000', ' '))).toEqual(parsed(before));
  },
  'listed-order-time-read-in-utc-session': async (clean, faulty) => {
    const listedAfterCreate = async (server: ReferenceServer) => {
      const created = dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER));
      const listed = listOf(await post(server, 'alpha-orders-list', FIRST_PAGE));
      expect(listed[0]!.soId).toBe(FIRST_CREATED_ID);
      return { placedAt: chinaTimeSeconds(created.soCtime), listed };
    };
    const before = await listedAfterCreate(clean);
    expect(before.listed[0]!.soCtime).toBe(before.placedAt);
    const after = await listedAfterCreate(faulty);
    expect(after.listed[0]!.soCtime).toBe(after.placedAt + 28_800);
    const seeded = (listed: readonly Json[]) => listed.slice(1);
    expect(seeded(after.listed).map((order) => (order.soCtime as number) - 28_800)).toEqual(seeded(before.listed).map((order) => order.soCtime));
    expect(seeded(after.listed).map((order) => ({ ...order, soCtime: 0 }))).toEqual(seeded(before.listed).map((order) => ({ ...order, soCtime: 0 })));
  },
  'page-size-counts-order-lines': async (clean, faulty) => {
    const lines = seededAlphaLines();
    const before = await walk(clean, 'alpha-orders-list', { pageSize: 10 });
    expect([before.totalPage, before.pages[0]!.length]).toEqual([3, 10]);
    const after = await walk(faulty, 'alpha-orders-list', { pageSize: 10 });
    expect(after.totalPage).toBe(Math.ceil(lines / 10));
    expect(after.pages[0]!.length).toBeLessThan(10);
    expect(after.pages[0]).toEqual(before.pages[0]!.slice(0, after.pages[0]!.length));
    const listed = after.pages.flat().map((order) => order.soId);
    expect(new Set(listed)).toEqual(new Set(before.pages.flat().map((order) => order.soId)));
    expect(listed.length).toBeGreaterThan(30);
    const threeItems = { ...ALPHA_ORDER, items: ['A104523', 'A104524', 'A104525'].map((pCode) => ({ ...ALPHA_ORDER.items[0]!, pCode })) };
    for (const server of [clean, faulty]) expect(dataOf(await post(server, 'alpha-order-create', threeItems)).soId).toBe(FIRST_CREATED_ID);
    expect(dataOf(await post(clean, 'alpha-orders-list', FIRST_PAGE)).totalPage).toBe(4);
    expect(dataOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE)).totalPage).toBe(Math.ceil((lines + 3) / 10));
  },
  'page-offset-wraps-at-32-bits': async (clean, faulty) => {
    const brand = { brandId: 1, pageSize: 10 };
    const every = listOf(await post(clean, 'beta-products-by-brand', { ...brand, pageSize: 50, pageNo: 1 }));
    const wrapped = { ...brand, pageNo: 429_496_731 };
    const before = dataOf(await post(clean, 'beta-products-by-brand', wrapped));
    expect(before).toEqual({ totalPage: 4, pageNo: 429_496_731, list: [] });
    const after = dataOf(await post(faulty, 'beta-products-by-brand', wrapped));
    expect(after).toEqual({ ...before, list: every.slice(4, 14) });
    const negative = { ...brand, pageNo: 214_748_366 };
    expect(listOf(await post(clean, 'beta-products-by-brand', negative))).toEqual([]);
    expect(parsed(await post(faulty, 'beta-products-by-brand', negative)).code).toBe('500');
    const second = { ...brand, pageNo: 2 };
    expect(parsed(await post(faulty, 'beta-products-by-brand', second))).toEqual(parsed(await post(clean, 'beta-products-by-brand', second)));
  },
  'deleted-demand-listed-under-its-status': async (clean, faulty) => {
    const { status } = seedState().customDemands.find((demand) => demand.id === 12)!;
    const everyDemand = { pageSize: 1000 };
    const ofStatus = { ...everyDemand, status };
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'custom-demand-delete', { demandId: 12 })).code).toBe('200');
    expect(idsOf(listOf(await post(clean, 'custom-demand-list', ofStatus)))).not.toContain(12);
    const listedByStatus = listOf(await post(faulty, 'custom-demand-list', ofStatus));
    expect(idsOf(listedByStatus)).toContain(12);
    expect(listedByStatus.filter((demand) => demand.id !== 12)).toEqual(listOf(await post(clean, 'custom-demand-list', ofStatus)));
    expect(parsed(await post(faulty, 'custom-demand-list', everyDemand))).toEqual(parsed(await post(clean, 'custom-demand-list', everyDemand)));
    const detail = listedPathOf('custom-demand-detail');
    expect(parsed(await postTo(faulty, detail, { demandId: 12 }, DOCUMENTED_HEADERS))).toEqual(
      parsed(await postTo(clean, detail, { demandId: 12 }, DOCUMENTED_HEADERS)),
    );
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 }))).toEqual(parsed(await post(clean, 'custom-demand-delete', { demandId: 12 })));
  },
  'profiler-left-on-in-production': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-list', FIRST_PAGE);
    expect(field(before, 'x-debug-token')).toBeUndefined();
    const after = await post(faulty, 'bank-card-list', FIRST_PAGE);
    expect(parsed(after)).toEqual(parsed(before));
    const token = field(after, 'x-debug-token')!;
    expect(token).toMatch(/^[0-9a-f]{6}$/);
    const link = new URL(field(after, 'x-debug-token-link')!);
    expect(link.pathname).toBe(`/_profiler/${token}`);
    for (const path of ['/_profiler/latest', link.pathname]) {
      const profile = await callTo(faulty, 'GET', path, undefined, {});
      expect(profile.status).toBe(200);
      expect(text(profile)).toContain(`<tr><th>authorization</th><td>bearer${TOKEN}</td></tr>`);
    }
    const unprofiled = await callTo(clean, 'GET', '/_profiler/latest', undefined, {});
    expect([unprofiled.status, parsed(unprofiled).code]).toEqual([200, '404']);
  },
  'method-override-turns-read-into-delete': async (clean, faulty) => {
    const overriding = { ...DOCUMENTED_HEADERS, 'x-http-method-override': 'DELETE' };
    const before = await post(clean, 'bank-card-by-id', { id: 7 }, overriding);
    expect(dataOf(before).id).toBe(7);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 7 }))).toEqual(parsed(before));
    const after = parsed(await post(faulty, 'bank-card-by-id', { id: 7 }, overriding));
    expect([after.code, after.data]).toEqual(['200', {}]);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 7 })).code).toBe('404');
    expect(dataOf(await post(faulty, 'bank-card-list', { pageSize: 1 })).totalPage).toBe(199);
    expect(dataOf(await post(clean, 'bank-card-list', { pageSize: 1 })).totalPage).toBe(200);
  },
  'forwarded-for-internal-address-trusted': async (clean, faulty) => {
    const internal = { ...UNTOKENED, 'x-forwarded-for': '10.0.0.8, 203.0.113.7' };
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 }, internal)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, { ...UNTOKENED, 'x-forwarded-for': '203.0.113.7' })).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, UNTOKENED)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, internal))).toEqual(parsed(await post(clean, 'consignee-delete', { id: 3 })));
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 4 })).code).toBe('200');
  },
};

describe('red team round 7', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 7),
    demonstrations,
    serve,
  );
});
