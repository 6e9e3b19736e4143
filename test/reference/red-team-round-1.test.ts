/**
 * Each fault of red team round 1 changes what the reference server sends, in the way it says: the
 * same plain HTTP call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`), is
 * sent to a clean server and to one with the fault, and the answers compared.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer } from '../../src/reference/server.js';
import { orderHeader } from '../support/orders.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';

const distinct = (items: readonly unknown[]): number => new Set(items).size;

type Json = Record<string, unknown>;

const TOKEN = 'red-team-round-1';
const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const DEMAND = { type: 1, cas: '64-17-5', level: 'AR', nums: 5, pack: '500ml', price: 1280 };
const CONSIGNMENT = { id: 0, type: 1, hasCas: 1, cas: '67-64-1', productName: '丙酮', level: 'AR', nums: 4, pack: '2.5L', price: 96.5 };
const ALPHA_ORDER = { ...orderHeader, items: [{ pCode: 'A104523', num: '2', siCusNote: '', siSendNote: '' }] };
const BETA_ORDER = { ...orderHeader, items: [{ pCode: 'AL104523', brandId: '1', num: '3' }] };
const FIRST_PAGE = { pageSize: 10, pageNo: 1 };

interface Reply {
  readonly status: number;
  /** Header fields in the order and case they came, duplicates kept. */
  readonly fields: readonly (readonly [string, string])[];
  readonly body: Buffer;
  /** Why the HTTP client gave up on the answer, where it did. */
  readonly failure?: string;
}

const serve = redTeamServers(TOKEN);

function pathOf(operationId: string): string {
  return wirePath(findOperation(operationId)!);
}

/** One POST with node:http on a connection of its own. */
function post(server: ReferenceServer, operationId: string, payload: unknown, headers: Readonly<Record<string, string>> = DOCUMENTED_HEADERS): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  const text = JSON.stringify(payload);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let reply: Omit<Reply, 'body'> | undefined;
    let refused: string | undefined;
    let settled = false;
    const settle = (failure = refused) => {
      if (settled) return;
      settled = true;
      resolve({ ...(reply ?? { status: 0, fields: [] }), body: Buffer.concat(chunks), ...(failure ? { failure } : {}) });
    };
    const req = request(
      { hostname, port, path: pathOf(operationId), method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(text) } },
      (res) => {
        const raw = res.rawHeaders;
        reply = { status: res.statusCode ?? 0, fields: raw.flatMap((name, index) => (index % 2 === 0 ? [[name, raw[index + 1]!] as const] : [])) };
        res.on('data', (data: Buffer) => chunks.push(data));
        res.on('end', () => settle());
        res.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
        res.on('close', () => settle(res.complete ? refused : 'closed before the message ended'));
      },
    );
    // Bytes past the end of a message fail the request while its response still streams the body: that ends the reply.
    req.on('error', (error: NodeJS.ErrnoException) => {
      refused = error.code ?? error.message;
      if (!reply) settle();
    });
    req.end(text);
  });
}

/** The same call written on a bare socket, and every byte the server sends until it closes: what node:http would refuse or reframe. */
function postRaw(server: ReferenceServer, operationId: string, payload: unknown): Promise<Buffer> {
  const { hostname, port } = new URL(server.url);
  const text = JSON.stringify(payload);
  const head = [
    `POST ${pathOf(operationId)} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    ...Object.entries(DOCUMENTED_HEADERS).map(([name, value]) => `${name}: ${value}`),
  ];
  const message = [...head, `Content-Length: ${Buffer.byteLength(text)}`, 'Connection: close', '', text].join('\r\n');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(message));
    socket.on('data', (data: Buffer) => chunks.push(data));
    socket.on('end', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
}

const values = (reply: Reply, name: string): string[] => reply.fields.filter(([field]) => field.toLowerCase() === name).map(([, value]) => value);
const field = (reply: Reply, name: string): string | undefined => values(reply, name)[0];
const parsed = (reply: Reply): Json => JSON.parse(reply.body.toString('utf8')) as Json;
const dataOf = (reply: Reply): Json => parsed(reply).data as Json;
const listOf = (reply: Reply): Json[] => dataOf(reply).list as Json[];
const strictUtf8 = (bytes: Buffer): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

/** "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110, 5.6.7). */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'content-length-counts-utf16-units': async (clean, faulty) => {
    const [before, after] = [await post(clean, 'custom-demand-create', DEMAND), await post(faulty, 'custom-demand-create', DEMAND)];
    expect(parsed(before).code).toBe('200');
    expect(Number(field(after, 'content-length'))).toBe(Number(field(before, 'content-length')) - 8);
    expect(after.body.length).toBe(Number(field(after, 'content-length')));
    expect(() => parsed(after)).toThrow(SyntaxError);
  },
  'chunked-beside-content-length': async (clean, faulty) => {
    expect(parsed(await post(clean, 'consignment-delete', { cid: '12' })).code).toBe('200');
    expect((await post(faulty, 'consignment-delete', { cid: '12' })).failure).toMatch(/^HPE_/);
    const head = (await postRaw(faulty, 'consignment-delete', { cid: '13' })).toString('latin1').split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^Content-Length: \d+$/m);
    expect(head).toMatch(/^Transfer-Encoding: chunked$/m);
  },
  'chunked-body-without-last-chunk': async (clean, faulty) => {
    const before = await post(clean, 'alpha-order-create', ALPHA_ORDER);
    expect(before.failure).toBeUndefined();
    const after = await post(faulty, 'alpha-order-create', ALPHA_ORDER);
    expect(after.failure).toBeDefined();
    expect(dataOf(after).soNo).toMatch(/^SO/);
    const raw = (await postRaw(faulty, 'alpha-order-create', ALPHA_ORDER)).toString('latin1');
    expect(raw).toMatch(/^Transfer-Encoding: chunked$/im);
    expect(raw.endsWith('}\r\n')).toBe(true);
    expect(raw).not.toMatch(/\r\n0\r\n\r\n$/);
  },
  'gzip-applied-twice-listed-once': async (clean, faulty) => {
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE);
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect(field(before, 'content-encoding')).toBeUndefined();
    expect(field(after, 'content-encoding')).toBe('gzip');
    const once = gunzipSync(after.body);
    expect([...once.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(gunzipSync(once).toString('utf8'))).toEqual(parsed(before));
    // Where the client rules gzip out, nothing is compressed, so no other rule is broken.
    expect(
      field(await post(faulty, 'alpha-orders-list', FIRST_PAGE, { ...DOCUMENTED_HEADERS, 'accept-encoding': 'identity' }), 'content-encoding'),
    ).toBeUndefined();
  },
  'content-type-sent-twice': async (clean, faulty) => {
    expect(values(await post(clean, 'consignee-delete', { id: 3 }), 'content-type')).toEqual(['application/json; charset=utf-8']);
    expect(values(await post(faulty, 'consignee-delete', { id: 3 }), 'content-type')).toEqual(['application/json; charset=utf-8', 'text/html; charset=UTF-8']);
  },
  'retry-after-fractional-seconds': async (clean, faulty) => {
    expect((await post(clean, 'consignment-publish', CONSIGNMENT)).status).toBe(200);
    const first = await post(faulty, 'consignment-publish', CONSIGNMENT);
    expect(first.status).toBe(503);
    expect(field(first, 'retry-after')).toBe('1.5');
    expect(field(first, 'retry-after')).not.toMatch(/^\d+$/);
    const again = await post(faulty, 'consignment-publish', CONSIGNMENT);
    expect([again.status, parsed(again).code]).toEqual([200, '200']);
  },
  'date-header-iso-8601': async (clean, faulty) => {
    expect(field(await post(clean, 'consignee-delete', { id: 3 }), 'date')).toMatch(IMF_FIXDATE);
    const date = field(await post(faulty, 'consignee-delete', { id: 3 }), 'date');
    expect(date).not.toMatch(IMF_FIXDATE);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  },
  'unauthorized-without-challenge': async (clean, faulty) => {
    const untokened = { 'content-type': 'application/json' };
    const before = await post(clean, 'bank-card-by-id', { id: 3 }, untokened);
    expect([before.status, parsed(before).code]).toEqual([200, '401']);
    const after = await post(faulty, 'bank-card-by-id', { id: 3 }, untokened);
    expect(after.status).toBe(401);
    expect(field(after, 'www-authenticate')).toBeUndefined();
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }))).toEqual(parsed(await post(clean, 'bank-card-by-id', { id: 3 })));
  },
  'duplicate-created-at-member': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1, cusType: '1' };
    const [before, after] = [await post(clean, 'purchase-order-list', asked), await post(faulty, 'purchase-order-list', asked)];
    const records = listOf(before).length;
    expect(records).toBeGreaterThan(0);
    expect(before.body.toString('utf8').match(/"createdAt":/g)).toHaveLength(records);
    expect(after.body.toString('utf8').match(/"createdAt":/g)).toHaveLength(2 * records);
    // A parser that keeps the last of two names sees nothing wrong.
    expect(parsed(after)).toEqual(parsed(before));
  },
  'truncated-emoji-lone-surrogate': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const loneAtEnd = (reply: Reply) => listOf(reply).filter((record) => /[\uD800-\uDBFF]$/.test(String(record.remark))).length;
    expect(loneAtEnd(await post(clean, 'custom-demand-list', asked))).toBe(0);
    const after = await post(faulty, 'custom-demand-list', asked);
    expect(loneAtEnd(after)).toBe(10);
    expect(after.body.toString('utf8')).toContain('\\ud83e"');
  },
  'snowflake-order-ids-beyond-double': async (clean, faulty) => {
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE);
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect(after.body.toString('utf8')).toMatch(/"soId":\d{19}[,}]/);
    expect(distinct(listOf(before).map((order) => order.soId))).toBe(10);
    expect(distinct(listOf(after).map((order) => order.soId))).toBeLessThan(10);
  },
  'utf8-bom-before-json': async (clean, faulty) => {
    expect((await post(clean, 'custom-demand-delete', { demandId: 7 })).body[0]).toBe(0x7b);
    expect([...(await post(faulty, 'custom-demand-delete', { demandId: 7 })).body.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x7b]);
  },
  'cesu8-astral-name': async (clean, faulty) => {
    const before = (await post(clean, 'consignee-by-id', { id: 3 })).body;
    expect(() => strictUtf8(before)).not.toThrow();
    const after = (await post(faulty, 'consignee-by-id', { id: 3 })).body;
    expect(after.includes(Buffer.from([0xed, 0xa1, 0xb0, 0xed, 0xb0, 0xa9]))).toBe(true);
    expect(() => strictUtf8(after)).toThrow(TypeError);
  },
  'utf8-cut-mid-character': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const names = listOf(await post(clean, 'bank-card-list', asked)).map((card) => Buffer.from(String(card.bankName)));
    const after = (await post(faulty, 'bank-card-list', asked)).body;
    for (const name of names) expect(after.includes(Buffer.concat([Buffer.from('"bankName":"'), name.subarray(0, 10), Buffer.from('"')]))).toBe(true);
    expect(after.includes(Buffer.concat([Buffer.from('"bankName":"招商银'), Buffer.from([0xe8]), Buffer.from('"')]))).toBe(true);
    expect(() => strictUtf8(after)).toThrow(TypeError);
  },
  'gbk-encoded-json': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-create', DEMAND);
    const after = await post(faulty, 'custom-demand-create', DEMAND);
    expect(field(after, 'content-type')).toBe('application/json; charset=GBK');
    expect(after.body.includes(Buffer.from([0xb2, 0xd9, 0xd7, 0xf7, 0xb3, 0xc9, 0xb9, 0xa6]))).toBe(true);
    expect(() => strictUtf8(after.body)).toThrow(TypeError);
    expect(JSON.parse(new TextDecoder('gbk').decode(after.body))).toEqual(parsed(before));
  },
  'send-code-returns-the-code': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    expect(dataOf(await post(clean, 'send-code', asked))).toEqual({});
    expect(dataOf(await post(faulty, 'send-code', asked)).verifyCode).toMatch(/^\d{6}$/);
  },
  'login-returns-password-hash': async (clean, faulty) => {
    const asked = { mobile: '13812345678', password: 'Reagent2024' };
    expect(dataOf(await post(clean, 'login', asked))).toEqual({});
    expect(dataOf(await post(faulty, 'login', asked)).password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
  },
  'cors-any-origin-with-credentials': async (clean, faulty) => {
    expect(field(await post(clean, 'bank-card-by-id', { id: 3 }), 'access-control-allow-origin')).toBeUndefined();
    const after = await post(faulty, 'bank-card-by-id', { id: 3 });
    expect([field(after, 'access-control-allow-origin'), field(after, 'access-control-allow-credentials')]).toEqual(['*', 'true']);
  },
  'internal-upstream-in-headers': async (clean, faulty) => {
    expect(field(await post(clean, 'beta-order-create', BETA_ORDER), 'x-upstream-addr')).toBeUndefined();
    const after = await post(faulty, 'beta-order-create', BETA_ORDER);
    expect(field(after, 'x-upstream-addr')).toMatch(/^10\.\d+\.\d+\.\d+:\d+$/);
    expect(field(after, 'x-served-by')).toMatch(/\.internal$/);
  },
  'foreign-consignee-by-unknown-id': async (clean, faulty) => {
    expect(parsed(await post(clean, 'consignee-by-id', { id: 100000 })).code).toBe('404');
    const after = await post(faulty, 'consignee-by-id', { id: 100000 });
    expect(parsed(after).code).toBe('200');
    expect(dataOf(after)).toMatchObject({ id: 100000, mobile: expect.stringMatching(/^1\d{10}$/) });
  },
  'page-size-ignored-whole-table': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = dataOf(await post(clean, 'bank-card-list', asked));
    const after = dataOf(await post(faulty, 'bank-card-list', asked));
    expect([before.totalPage, (before.list as Json[]).length]).toEqual([20, 10]);
    expect([after.totalPage, (after.list as Json[]).length]).toEqual([1, 200]);
  },
  'bank-cards-cacheable-by-shared-caches': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    expect(field(await post(clean, 'bank-card-list', asked), 'cache-control')).toBeUndefined();
    expect(field(await post(faulty, 'bank-card-list', asked), 'cache-control')).toBe('public, max-age=86400');
  },
  'total-page-rounds-down': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 1 };
    expect(dataOf(await post(clean, 'beta-products-by-brand', asked)).totalPage).toBe(4);
    expect(dataOf(await post(faulty, 'beta-products-by-brand', asked)).totalPage).toBe(3);
    expect(listOf(await post(faulty, 'beta-products-by-brand', { ...asked, pageNo: 4 }))).toHaveLength(9);
  },
  'brand-filter-ignored': async (clean, faulty) => {
    const codes = (reply: Reply) => listOf(reply).map((product) => product.code);
    const brandOne = codes(await post(clean, 'beta-products-by-brand', { brandId: 1, ...FIRST_PAGE }));
    const brandTwo = await post(clean, 'beta-products-by-brand', { brandId: 2, ...FIRST_PAGE });
    const askedTwo = await post(faulty, 'beta-products-by-brand', { brandId: 2, ...FIRST_PAGE });
    expect(codes(brandTwo)).not.toEqual(brandOne);
    expect(codes(askedTwo)).toEqual(brandOne);
    expect(dataOf(askedTwo).totalPage as number).toBeGreaterThan(dataOf(brandTwo).totalPage as number);
  },
  'one-extra-record-per-page': async (clean, faulty) => {
    const soNos = (reply: Reply) => listOf(reply).map((order) => order.soNo);
    expect(soNos(await post(clean, 'alpha-orders-list', FIRST_PAGE))).toHaveLength(10);
    const first = soNos(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    const second = soNos(await post(faulty, 'alpha-orders-list', { pageSize: 10, pageNo: 2 }));
    expect(first).toHaveLength(11);
    expect(first.at(-1)).toBe(second[0]);
  },
  'status-text-frozen-at-creation': async (clean, faulty) => {
    const asked = { pageSize: 20 };
    const before = listOf(await post(clean, 'purchase-order-list', asked));
    const after = listOf(await post(faulty, 'purchase-order-list', asked));
    const statuses = distinct(after.map((order) => order.status));
    expect(statuses).toBeGreaterThan(1);
    expect(distinct(before.map((order) => order.statusText))).toBe(statuses);
    expect(distinct(after.map((order) => order.statusText))).toBe(1);
  },
  'deleted-consignee-still-readable': async (clean, faulty) => {
    for (const server of [clean, faulty]) {
      expect(dataOf(await post(server, 'consignee-by-id', { id: 3 })).id).toBe(3);
      expect(parsed(await post(server, 'consignee-delete', { id: 3 })).code).toBe('200');
    }
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('404');
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect([parsed(after).code, dataOf(after).id]).toEqual(['200', 3]);
  },
  'total-page-stale-after-create': async (clean, faulty) => {
    const asked = { pageSize: 50 };
    for (const server of [clean, faulty]) {
      expect(dataOf(await post(server, 'custom-demand-list', asked)).totalPage).toBe(4);
      expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    }
    expect(dataOf(await post(clean, 'custom-demand-list', asked)).totalPage).toBe(5);
    expect(dataOf(await post(faulty, 'custom-demand-list', asked)).totalPage).toBe(4);
  },
};

describe('red team round 1', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 1),
    demonstrations,
    serve,
  );
});
