import { afterEach, describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { pathText } from '../../src/generators/hostile/json-text.js';
import { shapeOf } from '../../src/generators/hostile.js';
import { valueClasses } from '../../src/generators/coverage/classes.js';
import { coverageRequests } from '../../src/generators/coverage/requests.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { kitFor, line, testSettings } from '../support/kit.js';
import { DELETE_OPERATIONS, ID_NAME, mayNameARecord } from '../../src/catalogue/record-ids.js';

const token = 'coverage-token';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The bodies one operation's run sent, in order, under a seed (coverage only: no generated calls). */
async function coverageBodies(seed: number, operationId: string): Promise<string[]> {
  const reference = await startReferenceServer({ token });
  const { client, context } = kitFor(testSettings(reference.url, token, { seed, runs: 0, hostileRuns: 0, authProbes: false }));
  stops.push(async () => {
    await client.close();
    await reference.close();
  });
  const bodies: string[] = [];
  const send = client.send.bind(client);
  client.send = async (request) => {
    bodies.push(String(request.body));
    return send(request);
  };
  await runOperation(
    operations.find((op) => op.id === operationId)!,
    context,
  );
  return bodies.sort();
}

describe('the coverage pass', () => {
  it('sends the same requests under two different seeds', async () => {
    expect(await coverageBodies(1, 'beta-order-create')).toEqual(await coverageBodies(987654321, 'beta-order-create'));
    expect(await coverageBodies(1, 'bank-card-list')).toEqual(await coverageBodies(2, 'bank-card-list'));
  });

  it.each(operations.map((op) => [op.id] as const))('%s: every class reaches every field it applies to, top-level and nested', (operationId) => {
    const requests = coverageRequests(operationId);
    const reached = new Set(requests.map((request) => `${request.classId} ${request.field}`));
    for (const field of shapeOf(operationId).fields) {
      const name = pathText(field.path);
      expect(reached, name).toContain(`null ${name}`);
      const everywhere = valueClasses.filter((c) => !c.oncePerOperation);
      if (field.type === 'string')
        for (const valueClass of everywhere.filter((c) => c.targets.includes('string'))) expect(reached).toContain(`${valueClass.id} ${name}`);
      // A delete's id takes no value that may name a record (the guest test below): its numeric classes are those that name none.
      const namesRecords = DELETE_OPERATIONS.has(operationId) && ID_NAME.test(String(field.path.at(-1)));
      if ((field.type === 'number' || field.type === 'integer') && !namesRecords)
        for (const valueClass of everywhere.filter((c) => c.targets.includes('numeric'))) expect(reached).toContain(`${valueClass.id} ${name}`);
      if (field.type === 'array' || field.type === 'object')
        for (const valueClass of everywhere.filter((c) => c.targets.includes('structure'))) expect(reached).toContain(`${valueClass.id} ${name}`);
      if (typeof field.path[field.path.length - 1] === 'string') {
        expect(reached).toContain(`absent ${name}`);
        expect(reached).toContain(`duplicate-key ${name}`);
      }
    }
    expect(requests.filter((request) => request.classId === 'prototype-key').length).toBe(2 * shapeOf(operationId).containers.length);
    // A class that costs too much to send everywhere goes to the first field it fits, once.
    const firstString = shapeOf(operationId).fields.find((field) => field.type === 'string');
    expect(requests.filter((request) => request.classId === 'large').map((request) => request.field)).toEqual(firstString ? [pathText(firstString.path)] : []);
  });

  it.each([...DELETE_OPERATIONS].filter((id) => operations.some((op) => op.id === id)))(
    "%s: names an id no server shows, and sends its id no value that may name a record (another client's, on a sandbox)",
    (operationId) => {
      const requests = coverageRequests(operationId);
      expect(requests.length).toBeGreaterThan(10);
      for (const request of requests) {
        const parsed: unknown = (() => {
          try {
            return JSON.parse(request.body);
          } catch {
            return undefined;
          }
        })();
        const body = Array.isArray(parsed) ? parsed[0] : parsed;
        if (body === null || typeof body !== 'object') continue;
        // The fields the delete takes (4): a member planted as the record's own (server-owned-field) carries a value no server makes up.
        const taken = new Set(shapeOf(operationId).fields.map((field) => pathText(field.path)));
        for (const [field, value] of Object.entries(body)) {
          if (taken.has(field) && ID_NAME.test(field)) expect(mayNameARecord(JSON.stringify(value)), `${request.classId}: ${request.body}`).toBe(false);
        }
      }
    },
  );

  it('reaches the fields of order lines', () => {
    const fields = new Set(coverageRequests('alpha-order-create').map((request) => request.field));
    for (const nested of ['items', 'items[0]', 'items[0].pCode', 'items[0].num', 'items[0].siCusNote', 'items[0].siSendNote', 'items[0].__proto__'])
      expect(fields).toContain(nested);
  });

  it('writes duplicate keys and __proto__ members into the JSON text itself', () => {
    const requests = coverageRequests('alpha-orders-list');
    expect(requests.find((r) => r.classId === 'duplicate-key' && r.field === 'pageNo')?.body).toMatch(/"pageNo":1.*"pageNo":0/);
    expect(requests.find((r) => r.classId === 'prototype-key' && r.field === '__proto__')?.body).toContain('"__proto__":{"isAdmin":true}');
  });

  it('plants, one request an object, every member the answered record carries and the request does not take', () => {
    const planted = (operationId: string) => coverageRequests(operationId).filter((request) => request.classId === 'server-owned-field');
    // Only where `data` is one record (4): #6, #8, #9, #14, #15.
    expect(operations.filter((op) => planted(op.id).length > 0).map((op) => op.number)).toEqual([6, 8, 9, 14, 15]);
    const [body, line] = planted('beta-order-create');
    expect([body?.field, line?.field, body?.judgedAs, line?.judgedAs]).toEqual(['body', 'items[0]', 'hostile', 'hostile']);
    const sent = JSON.parse(line!.body) as { items: Array<Record<string, unknown>>; soTotal?: unknown };
    // The line's members of 2.4 beside the three #15 takes, each with a value of its type no server makes up.
    expect(sent.items[0]).toMatchObject({ pCode: 'S81234-500g', brandId: '1', num: '3', siPrice: 98765.43, pId: 987654321, pCnName: 'planted-by-client' });
    expect(sent.soTotal).toBeUndefined();
    expect(JSON.parse(body!.body)).toMatchObject({ soId: 987654321, soTotal: 98765.43, soCtime: 'planted-by-client', soCaName: 'Emily Chen' });
    // A member the request takes keeps its base value: consigneeInfoById's id.
    expect(JSON.parse(planted('consignee-by-id')[0]!.body)).toMatchObject({ id: 2, consigneeName: 'planted-by-client', isDefault: 987654321 });
  });

  it("writes several recipients into the field that names a paid message's one recipient", () => {
    const several = coverageRequests('send-code').filter((request) => request.classId === 'several-recipients');
    expect(several.map((request) => JSON.parse(request.body).mobile)).toEqual([
      '13812345678,13812345678',
      '13812345678;13812345678',
      '13812345678 13812345678',
      [13812345678, 13812345678],
    ]);
    expect(new Set(several.map((request) => request.judgedAs))).toEqual(new Set(['hostile']));
    expect(operations.filter((op) => coverageRequests(op.id).some((request) => request.classId === 'several-recipients')).map((op) => op.id)).toEqual([
      'send-code',
    ]);
  });

  it('judges a value the spec allows there as a valid call, and every other class as a hostile one', () => {
    const requests = coverageRequests('alpha-order-create');
    const judged = (classId: string, field: string) => requests.find((r) => r.classId === classId && r.field === field)?.judgedAs;
    expect(judged('decimal-text', 'items[0].num')).toBe('conforming');
    expect(judged('apostrophe', 'soCaName')).toBe('conforming');
    expect(judged('apostrophe', 'items[0].pCode')).toBe('hostile');
    expect(judged('null', 'soCaName')).toBe('hostile');
    // 4 rule 4: the samples show null; a list's status filter then filters nothing.
    expect(coverageRequests('bank-card-list').find((r) => r.classId === 'null' && r.field === 'status')?.judgedAs).toBe('conforming');
    expect(coverageRequests('bank-card-list').find((r) => r.classId === 'null' && r.field === 'pageSize')?.judgedAs).toBe('hostile');
  });

  it('gives the clean reference server no deviation, and tallies every class it sent', async () => {
    const reference = await startReferenceServer({ token });
    const { client, context } = kitFor(testSettings(reference.url, token, { runs: 0, hostileRuns: 0, authProbes: false }));
    stops.push(async () => {
      await client.close();
      await reference.close();
    });
    const result = await runOperation(
      operations.find((op) => op.id === 'consignment-publish')!,
      context,
    );
    expect(result.deviations.map(line)).toEqual([]);
    expect(result.coveragePass?.requests).toBe(coverageRequests('consignment-publish').length);
    expect(result.coveragePass?.classes.find((c) => c.class === 'apostrophe')).toMatchObject({ requests: 4, statuses: { '200': 4 } });
  });
});
