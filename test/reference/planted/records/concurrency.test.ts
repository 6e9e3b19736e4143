/**
 * Each red-team fault of test/mutation-set/faults/records/concurrency.ts changes what the reference
 * server sends, in the way it says: the same calls, in the documented form (doubled slash,
 * `authorization: bearer<TOKEN>`), in flight together or on one keep-alive connection, are sent to a
 * clean server and to one with the fault, and the answers compared.
 */

import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { concurrencyFaults } from '../../../mutation-set/faults/records/concurrency.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callTo, dataOf, type Headers, type Json, listOf, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, CONSIGNMENT, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { describe, expect } from 'vitest';

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

const { post } = documentedCalls(HEADERS);

/** A call of an operation of 4.1, at the path the reference server's map gives it. */
const postListed = (server: ReferenceServer, operationId: string, payload: unknown) => postTo(server, listedPathOf(operationId), payload, HEADERS);

const basicInfo = async (server: ReferenceServer) => dataOf(await callTo(server, 'GET', listedPathOf('member-basic-info'), undefined, HEADERS));

/** The JSON body of the one answer read off a connection the server closed. */
function bodyOfAnswer(wire: string): Json {
  return JSON.parse(wire.slice(wire.indexOf('\r\n\r\n') + 4)) as Json;
}

/**
 * A POST whose body is still coming while `meanwhile` runs: its head and half its body are sent, a
 * call on another connection is answered (so the server has read the head), `meanwhile` is awaited,
 * and then the rest of the body goes.
 */
function postInFlight(server: ReferenceServer, path: string, payload: Json, meanwhile: () => Promise<void>): Promise<Json> {
  const { hostname, port } = new URL(server.url);
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    `Content-Length: ${body.length}`,
    ...Object.entries(HEADERS).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body.subarray(0, half)]), () => {
        basicInfo(server)
          .then(meanwhile)
          .then(() => socket.write(body.subarray(half)))
          .catch(reject);
      });
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(bodyOfAnswer(Buffer.concat(chunks).toString('utf8'))));
    socket.on('error', reject);
  });
}

/** The calls sent one after another on one keep-alive connection, each with its payload and header fields, and each answer's body. */
async function onOneConnection(server: ReferenceServer, path: string, calls: readonly (readonly [payload: Json, headers: Headers])[]): Promise<Json[]> {
  const { hostname, port } = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const answers: Json[] = [];
  try {
    for (const [payload, headers] of calls) {
      const text = JSON.stringify(payload);
      answers.push(
        await new Promise<Json>((resolve, reject) => {
          const req = request(
            { hostname, port, path, method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(text)) } },
            (res) => {
              sockets.add(res.socket);
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json));
            },
          );
          req.on('error', reject);
          req.end(text);
        }),
      );
    }
  } finally {
    agent.destroy();
  }
  expect(sockets.size).toBe(1);
  return answers;
}

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'concurrent-profile-changes-lose-one': async (clean, faulty) => {
    const path = listedPathOf('member-change-profile');
    const realName = { realName: '王晓明' };
    const email = { email: 'wangxiaoming@163.com' };
    const before = await basicInfo(clean);
    expect(await basicInfo(faulty)).toEqual(before);
    for (const server of [clean, faulty]) {
      const first = await postInFlight(server, path, realName, async () => {
        expect(parsed(await postTo(server, path, email, HEADERS)).code).toBe('200');
      });
      expect(first.code).toBe('200');
    }
    expect(await basicInfo(clean)).toEqual({ ...before, ...realName, ...email });
    expect(await basicInfo(faulty)).toEqual({ ...before, ...realName });
    // One after the other, both changes hold.
    const later = { realName: '周涛', email: 'zhoutao@163.com' };
    for (const server of [clean, faulty]) {
      expect(parsed(await postTo(server, path, { realName: later.realName }, HEADERS)).code).toBe('200');
      expect(parsed(await postTo(server, path, { email: later.email }, HEADERS)).code).toBe('200');
    }
    expect(await basicInfo(faulty)).toEqual(await basicInfo(clean));
    expect(await basicInfo(faulty)).toEqual({ ...before, ...later });
  },
  'purchase-order-filter-sticks-to-connection': async (clean, faulty) => {
    const path = pathOf('purchase-order-list');
    const everyType = { pageSize: 10, pageNo: 1 };
    const secondType = { ...everyType, cusType: '2' };
    const [cleanSecond, cleanEvery] = await onOneConnection(clean, path, [
      [secondType, HEADERS],
      [everyType, HEADERS],
    ]);
    expect(cleanEvery).not.toEqual(cleanSecond);
    expect(cleanEvery).toEqual(parsed(await post(clean, 'purchase-order-list', everyType)));
    const [faultySecond, faultyEvery] = await onOneConnection(faulty, path, [
      [secondType, HEADERS],
      [everyType, HEADERS],
    ]);
    expect(faultySecond).toEqual(cleanSecond);
    expect(faultyEvery).toEqual(cleanSecond);
    expect(parsed(await post(faulty, 'purchase-order-list', everyType))).toEqual(cleanEvery);
  },
  'order-numbers-counted-per-instance': async (clean, faulty) => {
    const place = async (server: ReferenceServer) => dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER));
    const cleanOrders = [await place(clean), await place(clean)];
    const faultyOrders = [await place(faulty), await place(faulty)];
    expect(cleanOrders.map((order) => String(order.soNo).slice(-4))).toEqual(['0201', '0202']);
    expect(faultyOrders.map((order) => String(order.soNo).slice(-4))).toEqual(['0001', '0001']);
    expect(faultyOrders.map((order) => order.soId)).toEqual([201, 202]);
    const listed = listOf(await post(faulty, 'alpha-orders-list', { pageSize: 2, pageNo: 1 }));
    expect(listed.map((order) => [order.soId, order.soNo])).toEqual([
      [202, faultyOrders[0]!.soNo],
      [201, faultyOrders[0]!.soNo],
    ]);
    expect(dataOf(await postListed(faulty, 'alpha-order-detail', { soNo: faultyOrders[0]!.soNo }))).toMatchObject({ soId: 201, soNo: faultyOrders[0]!.soNo });
    expect(dataOf(await postListed(clean, 'alpha-order-detail', { soNo: cleanOrders[1]!.soNo }))).toMatchObject({ soId: 202 });
    expect(parsed(await postListed(faulty, 'alpha-order-detail', { soNo: cleanOrders[1]!.soNo })).code).toBe('404');
  },
  'token-checked-once-per-connection': async (clean, faulty) => {
    const path = pathOf('bank-card-list');
    const wrongToken = { ...UNTOKENED, authorization: 'bearerNOT-THE-TOKEN' };
    const cleanAnswers = await onOneConnection(clean, path, [
      [FIRST_PAGE, HEADERS],
      [FIRST_PAGE, UNTOKENED],
      [FIRST_PAGE, wrongToken],
    ]);
    expect(cleanAnswers.map((answer) => answer.code)).toEqual(['200', '401', '401']);
    const faultyAnswers = await onOneConnection(faulty, path, [
      [FIRST_PAGE, HEADERS],
      [FIRST_PAGE, UNTOKENED],
      [FIRST_PAGE, wrongToken],
    ]);
    expect(faultyAnswers).toEqual([cleanAnswers[0], cleanAnswers[0], cleanAnswers[0]]);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, UNTOKENED))).toEqual(cleanAnswers[1]);
  },
  'publishes-in-flight-keep-one': async (clean, faulty) => {
    const packs = async (server: ReferenceServer, pageSize = 3) =>
      listOf(await postListed(server, 'consignment-list', { pageSize, pageNo: 1 })).map((record) => record.productPack);
    const path = pathOf('consignment-publish');
    for (const server of [clean, faulty]) {
      const first = await postInFlight(server, path, { ...CONSIGNMENT, pack: '500ml' }, async () => {
        expect(parsed(await postTo(server, path, { ...CONSIGNMENT, pack: '2.5L' }, HEADERS)).code).toBe('200');
      });
      expect(first.code).toBe('200');
    }
    const [newest, second] = await packs(clean);
    expect([newest, second]).toEqual(['500ml', '2.5L']);
    const faultyPacks = await packs(faulty);
    expect(faultyPacks[0]).toBe('2.5L');
    expect(faultyPacks.slice(1)).toEqual((await packs(clean, 4)).slice(2));
    // One after the other, each is listed.
    for (const pack of ['1L', '5L']) expect(parsed(await postTo(faulty, path, { ...CONSIGNMENT, pack }, HEADERS)).code).toBe('200');
    expect((await packs(faulty)).slice(0, 3)).toEqual(['5L', '1L', '2.5L']);
  },
};

describe('the red team faults of faults/records/concurrency.ts', () => {
  demonstrated(concurrencyFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
