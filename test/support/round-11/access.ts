/** How each fault of red team round 11's access, by the OWASP API Top 10 shows, by name. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { listedPathOf } from '../../mutation-set/faults/_internals/struck.js';
import type { ReferenceServer } from '../../../src/reference/server.js';
import { callWithText, dataOf, type Headers, type Json, parsed, postTo, type Reply } from '../raw-http.js';
import { documentedCalls, pathOf } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { BETA_ORDER, documentedHeaders, UNTOKENED } from '../sample-bodies.js';
import { ROUND_11_TOKEN } from './token.js';

const HEADERS = documentedHeaders(ROUND_11_TOKEN);
const { post } = documentedCalls(HEADERS);

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

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

export const round11AccessDemonstrations: Readonly<Record<string, Demonstration>> = {
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
  'sign-in-cache-key-reads-eight-password-bytes': async (clean, faulty) => {
    const signIn = (server: ReferenceServer, password: string, mobile = server.credentials.mobile) =>
      postTo(server, listedPathOf('token-get'), { mobile, password }, UNTOKENED);
    const near = (server: ReferenceServer) => `${server.credentials.password.slice(0, 8)}-not-the-password`;
    const granted = { token: ROUND_11_TOKEN, expiresIn: 7200 };
    const refused = parsed(await signIn(clean, near(clean)));
    expect(refused.code).toBe('401');
    expect(dataOf(await signIn(clean, clean.credentials.password))).toEqual(granted);
    expect(parsed(await signIn(clean, near(clean)))).toEqual(refused);
    expect(parsed(await signIn(faulty, near(faulty)))).toEqual(refused);
    expect(dataOf(await signIn(faulty, faulty.credentials.password))).toEqual(granted);
    const after = parsed(await signIn(faulty, near(faulty)));
    expect([after.code, after.data]).toEqual(['200', granted]);
    expect(dataOf(await signIn(faulty, faulty.credentials.password.slice(0, 8)))).toEqual(granted);
    const right = faulty.credentials.password;
    const offAtEighth = `${right.slice(0, 7)}${right[7] === 'a' ? 'b' : 'a'}-not-the-password`;
    expect(parsed(await signIn(faulty, offAtEighth))).toEqual(refused);
    expect(parsed(await signIn(faulty, near(faulty), '13912345678'))).toEqual(refused);
  },
  'password-change-ignores-old-password-check': async (clean, faulty) => {
    const reset = (server: ReferenceServer, oldPassword: string, headers: Headers = HEADERS, newPassword: unknown = 'Reagent#2026') =>
      postTo(server, listedPathOf('account-reset-password'), { oldPassword, newPassword }, headers);
    const refused = parsed(await reset(clean, 'not-the-password'));
    expect([refused.code, refused.message]).toEqual(['400', 'oldPassword: is not the current password']);
    const changed = parsed(await reset(clean, clean.credentials.password));
    expect([changed.code, changed.data]).toEqual(['200', {}]);
    expect(parsed(await reset(faulty, 'not-the-password'))).toEqual(changed);
    expect(parsed(await reset(faulty, faulty.credentials.password))).toEqual(changed);
    expect(parsed(await reset(faulty, 'not-the-password', HEADERS, 'short'))).toEqual(parsed(await reset(clean, 'not-the-password', HEADERS, 'short')));
    expect(parsed(await reset(faulty, 'not-the-password', UNTOKENED))).toEqual(parsed(await reset(clean, 'not-the-password', UNTOKENED)));
  },
};
