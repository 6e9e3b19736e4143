/**
 * Each red-team fault of test/mutation-set/faults/access/resources.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { resourceFaults } from '../../../mutation-set/faults/access/resources.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callWithText, dataOf, type Headers, type Json, parsed, type Reply } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { BETA_ORDER, documentedHeaders } from '../../../support/sample-bodies.js';
import { createServer, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postText = (server: ReferenceServer, path: string, body: string, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  callWithText(server, 'POST', path, body, headers);

/** Milliseconds the call takes, and its answer. */
async function timed(call: Promise<Reply>): Promise<{ readonly ms: number; readonly reply: Reply }> {
  const started = performance.now();
  const reply = await call;
  return { ms: performance.now() - started, reply };
}

/** A mobile that V8's /^(\d+)+$/ spends its longest on: 31 digits that do not reach the end. */
const BACKTRACKING_MOBILE = `${'1'.repeat(31)}x`;

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

/** What an instance metadata service answers at /latest/meta-data/: the names of what it holds. */
const METADATA = 'ami-id\nhostname\niam/\nlocal-ipv4\n';

interface InternalService {
  readonly url: string;
  /** Each request it got: method, path and body. */
  readonly received: { readonly method: string; readonly path: string; readonly body: string }[];
  close(): Promise<void>;
}

/** A service on the loopback, as the server's own network holds them: it answers every request with METADATA. */
async function internalService(): Promise<InternalService> {
  const received: InternalService['received'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(METADATA);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: one just given up by a listener. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A POST whose body is these bytes, as a client that codes its bodies sends it. */
function postBytes(server: ReferenceServer, path: string, body: Buffer, headers: Headers): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = { ...headers, 'content-length': String(body.length) };
    const req = request({ hostname, port, path, method: 'POST', agent: false, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, fields: [], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The list asked, and the same object padded with 4 MiB of whitespace: over the server's 1 MiB, still the same JSON value. */
const LISTED = { pageSize: 10, status: 1 };

const PADDED = `{"pageSize":10,"status":1${' '.repeat(4 * 1024 * 1024)}}`;

const codeAndMessage = (reply: Reply): unknown[] => {
  const body = parsed(reply);
  return [body.code, body.message];
};

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'page-size-ignored-whole-table': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = dataOf(await sendByNodeHttp(clean, 'bank-card-list', asked));
    const after = dataOf(await sendByNodeHttp(faulty, 'bank-card-list', asked));
    expect([before.totalPage, (before.list as Json[]).length]).toEqual([20, 10]);
    expect([after.totalPage, (after.list as Json[]).length]).toEqual([1, 200]);
  },
  'duplicate-id-checked-first-read-last': async (clean, faulty) => {
    const path = pathOf('bank-card-by-id');
    const twice = '{"id":3,"id":100003}';
    const before = parsed(await postText(clean, path, twice));
    expect([before.code, before.message]).toEqual(['404', 'id: no bank card has the id 100003']);
    const after = parsed(await postText(faulty, path, twice));
    expect(after.code).toBe('200');
    const card = after.data as Json;
    expect(card.id).toBe(100_003);
    const own = await walk(clean, 'bank-card-list', { pageSize: 50 });
    expect(own.pages.flat().map((listed) => listed.accountName)).not.toContain(card.consigneeName);
    expect(card.mobile).toMatch(/^1\d{10}$/);
    expect(parsed(await postText(faulty, path, '{"id":100003}'))).toEqual(parsed(await postText(clean, path, '{"id":100003}')));
    expect(parsed(await postText(faulty, path, '{"id":100003,"id":3}'))).toEqual(parsed(await postText(clean, path, '{"id":100003,"id":3}')));
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }))).toEqual(parsed(await post(clean, 'bank-card-by-id', { id: 3 })));
  },
  'mobile-pattern-backtracks': async (clean, faulty) => {
    const probe = { mobile: BACKTRACKING_MOBILE, source: 1 };
    const before = await timed(post(clean, 'send-code', probe));
    expect(parsed(before.reply).code).toBe('400');
    expect(before.ms).toBeLessThan(1000);
    const started = performance.now();
    const stalling = timed(post(faulty, 'send-code', probe));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const behind = await post(faulty, 'bank-card-by-id', { id: 3 });
    const behindAnsweredAt = performance.now() - started;
    const after = await stalling;
    expect(parsed(after.reply)).toEqual(parsed(before.reply));
    expect(after.ms).toBeGreaterThanOrEqual(1900);
    expect(behindAnsweredAt).toBeGreaterThanOrEqual(1900);
    expect(dataOf(behind).id).toBe(3);
    const quick = await timed(post(faulty, 'send-code', { mobile: '13812345678', source: 1 }));
    expect([parsed(quick.reply).code, quick.ms < 1000]).toEqual(['200', true]);
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
  'page-size-zero-lists-everything': async (clean, faulty) => {
    expect(parsed(await post(clean, 'bank-card-list', { pageSize: 0 })).code).toBe('400');
    const every = dataOf(await post(clean, 'bank-card-list', { pageSize: 200 }));
    const after = parsed(await post(faulty, 'bank-card-list', { pageSize: 0 }));
    expect(after.code).toBe('200');
    expect(after.data).toEqual({ ...every, totalPage: 1, pageNo: 1 });
    expect(((after.data as Json).list as Json[]).length).toBe(200);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(parsed(await post(clean, 'bank-card-list', FIRST_PAGE)));
  },
  'order-notify-url-fetched-from-inside': async (clean, faulty) => {
    const internal = await internalService();
    try {
      const order = { ...BETA_ORDER, notifyUrl: `${internal.url}/latest/meta-data/` };
      const closed = await closedPort();
      const closedPortOrder = { ...BETA_ORDER, notifyUrl: `http://127.0.0.1:${closed}/` };
      const before = parsed(await post(clean, 'beta-order-create', order));
      expect(before.code).toBe('200');
      expect(before.data).not.toHaveProperty('notifyResult');
      expect(dataOf(await post(clean, 'beta-order-create', closedPortOrder))).not.toHaveProperty('notifyResult');
      expect(internal.received).toEqual([]);
      const after = parsed(await post(faulty, 'beta-order-create', order));
      expect(after.code).toBe('200');
      const created = after.data as Json;
      expect(created.notifyResult).toEqual({ status: 200, body: METADATA });
      expect(internal.received.map(({ method, path }) => [method, path])).toEqual([['POST', '/latest/meta-data/']]);
      expect((JSON.parse(internal.received[0]!.body) as Json).soNo).toBe(created.soNo);
      const scanned = dataOf(await post(faulty, 'beta-order-create', closedPortOrder));
      expect(scanned.notifyResult).toEqual({ error: `connect ECONNREFUSED 127.0.0.1:${closed}` });
      const { notifyResult: _shown, ...withoutResult } = created;
      expect(timeless(withoutResult)).toEqual(timeless(before.data as Json));
      const plain = async (server: ReferenceServer) => timeless(dataOf(await post(server, 'beta-order-create', BETA_ORDER)));
      expect(await plain(faulty)).toEqual(await plain(clean));
    } finally {
      await internal.close();
    }
  },
  'gzip-request-inflated-past-body-limit': async (clean, faulty) => {
    const path = pathOf('custom-demand-list');
    const coded = gzipSync(PADDED);
    expect(coded.length).toBeLessThan(8 * 1024);
    const gzipHeaders = { ...HEADERS, 'content-encoding': 'gzip' };
    for (const server of [clean, faulty]) {
      expect(codeAndMessage(await callWithText(server, 'POST', path, PADDED, HEADERS))).toEqual(['413', 'Request body over 1048576 bytes.']);
    }
    expect(codeAndMessage(await postBytes(clean, path, coded, gzipHeaders))).toEqual(['400', 'Request body is not valid JSON.']);
    const page = parsed(await post(clean, 'custom-demand-list', LISTED));
    expect(page.code).toBe('200');
    expect(parsed(await postBytes(faulty, path, coded, gzipHeaders))).toEqual(page);
    expect(parsed(await post(faulty, 'custom-demand-list', LISTED))).toEqual(page);
  },
};

describe('the red team faults of faults/access/resources.ts', () => {
  demonstrated(resourceFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
