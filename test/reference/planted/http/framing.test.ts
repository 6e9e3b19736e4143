/**
 * Each red-team fault of test/mutation-set/faults/http/framing.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { findOperation } from '../../../../src/catalogue/operations.js';
import type { ReferenceServer } from '../../../../src/reference/server.js';
import { framingFaults } from '../../../mutation-set/faults/http/framing.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callTo, converse, dataOf, field, firstHead, type Json, parsed, requestText } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders } from '../../../support/sample-bodies.js';
import { connect } from 'node:net';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

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

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** The documented call written on a bare socket, asking the server to close after it: every byte of the answer, however it is framed. */
const rawPost = (server: ReferenceServer, operationId: string, payload: unknown) =>
  converse(server, requestText('POST', pathOf(operationId), { ...DOCUMENTED_HEADERS, connection: 'close' }, JSON.stringify(payload)));

/** A created order without what depends on the second it was placed at (soCtime). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** The documented call written on the wire, for answers node:http refuses to read. */
const wireCall = (operationId: string, payload: unknown): string => requestText('POST', pathOf(operationId), DOCUMENTED_HEADERS, JSON.stringify(payload));

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

/** What a browser sends before a cross-origin POST with the token. */
const PREFLIGHT = {
  origin: 'https://member.example',
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, content-type',
};

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'chunked-beside-content-length': async (clean, faulty) => {
    expect(parsed(await sendByNodeHttp(clean, 'consignment-delete', { cid: '12' })).code).toBe('200');
    expect((await sendByNodeHttp(faulty, 'consignment-delete', { cid: '12' })).failure).toMatch(/^HPE_/);
    const head = (await postRaw(faulty, 'consignment-delete', { cid: '13' })).toString('latin1').split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^Content-Length: \d+$/m);
    expect(head).toMatch(/^Transfer-Encoding: chunked$/m);
  },
  'chunked-body-without-last-chunk': async (clean, faulty) => {
    const before = await sendByNodeHttp(clean, 'alpha-order-create', ALPHA_ORDER);
    expect(before.failure).toBeUndefined();
    const after = await sendByNodeHttp(faulty, 'alpha-order-create', ALPHA_ORDER);
    expect(after.failure).toBeDefined();
    expect(dataOf(after).soNo).toMatch(/^SO/);
    const raw = (await postRaw(faulty, 'alpha-order-create', ALPHA_ORDER)).toString('latin1');
    expect(raw).toMatch(/^Transfer-Encoding: chunked$/im);
    expect(raw.endsWith('}\r\n')).toBe(true);
    expect(raw).not.toMatch(/\r\n0\r\n\r\n$/);
  },
  'status-line-without-reason-space': async (clean, faulty) => {
    const before = await rawPost(clean, 'consignment-publish', CONSIGNMENT);
    expect(before.text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    const after = await rawPost(faulty, 'consignment-publish', CONSIGNMENT);
    expect(after.text.startsWith('HTTP/1.1 200\r\nDate: ')).toBe(true);
    expect(JSON.parse(firstHead(after).rest)).toEqual(JSON.parse(firstHead(before).rest));
  },
  'header-lines-end-in-bare-lf': async (clean, faulty) => {
    const asked = { cid: '12' };
    expect(parsed(await post(clean, 'consignment-delete', asked)).code).toBe('200');
    const after = (await rawPost(faulty, 'consignment-delete', { cid: '13' })).text;
    const end = after.indexOf('\n\n');
    expect(after.startsWith('HTTP/1.1 200 OK\nDate: ')).toBe(true);
    expect(after.slice(0, end)).not.toContain('\r');
    expect(JSON.parse(after.slice(end + 2))).toMatchObject({ code: '200', data: { id: 13 } });
    await expect(post(faulty, 'consignment-delete', { cid: '14' })).rejects.toMatchObject({ code: 'HPE_CR_EXPECTED' });
  },
  'pagination-link-field-folded': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 2 };
    const before = await post(clean, 'beta-products-by-brand', asked);
    expect(field(before, 'link')).toBeUndefined();
    const after = firstHead(await rawPost(faulty, 'beta-products-by-brand', asked));
    const path = findOperation('beta-products-by-brand')!.path;
    expect(after.head).toContain(
      [
        `Link: <${path}?brandId=1&pageSize=10&pageNo=1>; rel="first",`,
        ` <${path}?brandId=1&pageSize=10&pageNo=1>; rel="prev",`,
        ` <${path}?brandId=1&pageSize=10&pageNo=3>; rel="next",`,
        ` <${path}?brandId=1&pageSize=10&pageNo=4>; rel="last"`,
      ].join('\r\n'),
    );
    expect(JSON.parse(after.rest)).toEqual(parsed(before));
    await expect(post(faulty, 'beta-products-by-brand', asked)).rejects.toMatchObject({ code: expect.stringMatching(/^HPE_/) });
  },
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
  'preflight-204-with-content-length': async (clean, faulty) => {
    const path = pathOf('custom-demand-create');
    const before = await callTo(clean, 'OPTIONS', path, undefined, PREFLIGHT);
    expect([before.status, parsed(before).code, field(before, 'access-control-allow-origin')]).toEqual([200, '405', undefined]);
    const after = await callTo(faulty, 'OPTIONS', path, undefined, PREFLIGHT);
    expect([after.status, after.body.length]).toEqual([204, 0]);
    expect(field(after, 'content-length')).toBe('0');
    expect(field(after, 'access-control-allow-origin')).toBe('*');
    expect(field(after, 'access-control-allow-headers')).toMatch(/Authorization/);
    // On the wire: the 204's status line, then the field it must not carry.
    const { head } = firstHead(await converse(faulty, requestText('OPTIONS', pathOf('bank-card-list'), PREFLIGHT)));
    expect(head).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(head).toMatch(/^content-length: 0$/im);
    // The calls themselves, and OPTIONS under /openapi, are answered as by the clean server.
    const created = await post(faulty, 'custom-demand-create', DEMAND);
    expect([created.status, parsed(created)]).toEqual([200, parsed(await post(clean, 'custom-demand-create', DEMAND))]);
    const partner = await callTo(faulty, 'OPTIONS', pathOf('alpha-orders-list'), undefined, PREFLIGHT);
    expect([partner.status, parsed(partner).code]).toEqual([200, '405']);
  },
  'field-name-with-a-space': async (clean, faulty) => {
    const path = pathOf('purchase-order-list');
    const body = JSON.stringify(FIRST_PAGE);
    const before = firstHead(await converse(clean, requestText('POST', path, DOCUMENTED_HEADERS, body)));
    const after = firstHead(await converse(faulty, requestText('POST', path, DOCUMENTED_HEADERS, body)));
    expect(before.head).not.toMatch(/^X-Execution Time:/m);
    expect(after.head).toMatch(/^X-Execution Time: \d+ms$/m);
    expect(after.head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(after.rest)).toEqual(JSON.parse(before.rest));
    // A strict parser refuses the whole answer; the clean one it reads.
    await expect(post(faulty, 'purchase-order-list', FIRST_PAGE)).rejects.toMatchObject({ code: 'HPE_INVALID_HEADER_TOKEN' });
    expect(parsed(await post(clean, 'purchase-order-list', FIRST_PAGE)).code).toBe('200');
    const refused = firstHead(await converse(faulty, requestText('POST', path, { 'content-type': 'application/json' }, body)));
    expect(refused.head).toMatch(/^X-Execution Time: \d+ms$/m);
    expect(JSON.parse(refused.rest)).toMatchObject({ code: '401' });
    expect(parsed(await post(faulty, 'custom-demand-list', FIRST_PAGE)).code).toBe('200');
  },
};

describe('the red team faults of faults/http/framing.ts', () => {
  demonstrated(framingFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
