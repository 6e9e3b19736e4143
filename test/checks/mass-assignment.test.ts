import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { massAssignment } from '../../src/checks/abuse/mass-assignment.js';
import type { Exchange } from '../../src/checks/types.js';
import { coverageRequests } from '../../src/generators/coverage/requests.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf } from '../support/exchange.js';
import { judgeAsTheJudgeDoes } from '../support/run-check.js';

const context = { validator: createValidator() };
type Json = Record<string, unknown>;

const judged = (exchange: Exchange) => judgeAsTheJudgeDoes(massAssignment, exchange, context);

/** Every call of the coverage pass's `server-owned-field` class, each with the body it sent and the clean server's answer rewritten. */
function plantedCalls(rewrite: (data: Json, sent: Json) => Json = (data) => data) {
  return operations.flatMap((operation) =>
    coverageRequests(operation.id)
      .filter((request) => request.classId === 'server-owned-field')
      .map((request) => {
        const sent = JSON.parse(request.body) as Json;
        const body = cleanBody(operation.id, sent);
        return { request, exchange: exchangeOf(operation.id, { intent: 'hostile', payload: sent, body: { ...body, data: rewrite(body.data as Json, sent) } }) };
      }),
  );
}

/** The answer with every member the call planted taken as sent: a server that binds the whole request. */
function bindsEverything(data: Json, sent: Json): Json {
  const lines =
    Array.isArray(data.items) && Array.isArray(sent.items) ? { items: data.items.map((line, i) => ({ ...(line as Json), ...(sent.items as Json[])[i] })) } : {};
  return { ...data, ...sent, ...lines };
}

describe('mass-assignment', () => {
  it('stays quiet on every planted call the clean reference server answers: it takes no member the request does not', () => {
    const calls = plantedCalls();
    expect(calls.length).toBe(7);
    for (const { request, exchange } of calls) expect(judged(exchange), `${exchange.operation.id} ${request.field}`).toEqual([]);
  });

  it('reports each planted call a server that binds the whole request answers, once, counting the members it took', () => {
    for (const { request, exchange } of plantedCalls(bindsEverything)) {
      const planted = Number(/: (\d+) record members/.exec(request.description)?.[1]);
      expect(judged(exchange), `${exchange.operation.id} ${request.field}`).toMatchObject([{ occurrences: planted }]);
    }
    const [line] = plantedCalls(bindsEverything).filter(({ request }) => request.field === 'items[0]' && request.description.includes('siPrice'));
    expect(judged(line!.exchange)[0]).toMatchObject({ instancePath: '/data/items/0/siPrice', occurrences: 11 });
  });

  it('no false alarm: a member the request takes answered as sent (the order note, the line quantity), and a planted 0, null or empty text answered alike', () => {
    const sent = {
      soCusPo: 'PO1',
      soCaName: 'Emily Chen',
      soCaMobile: '13912345678',
      soCaPhone: '021-52345678',
      soCaProvince: '上海市',
      soCaCity: '上海市',
      soCaStreet: '张江路88号',
      soNote: '工作日送货',
      items: [{ pCode: 'S81234-500g', brandId: '1', num: '3', siDiscount: 0, cCas: '', ifCancel: null }],
      soPayStatus: 0,
      soCaCounty: '',
    };
    const body = cleanBody('beta-order-create', sent);
    const data = body.data as Json;
    const lines = (data.items as Json[]).map((line) => ({ ...line, siDiscount: 0, cCas: '', ifCancel: null }));
    const exchange = exchangeOf('beta-order-create', {
      intent: 'hostile',
      payload: sent,
      body: { ...body, data: { ...data, soPayStatus: 0, soCaCounty: '', items: lines } },
    });
    expect(judged(exchange)).toEqual([]);
  });

  it('reads the body as sent, compares as text (7 and "7"), and stays quiet on a body that is no JSON', () => {
    const sent = { id: 2, isDefault: '987654321' };
    const body = cleanBody('consignee-by-id', sent);
    const echoed = exchangeOf('consignee-by-id', {
      intent: 'hostile',
      payload: sent,
      body: { ...body, data: { ...(body.data as Json), isDefault: 987654321 } },
    });
    expect(judged(echoed)).toMatchObject([{ instancePath: '/data/isDefault', occurrences: 1 }]);
    const notJson = { ...echoed, request: { ...echoed.request, body: '{"id":2,"isDefault":"987654321"' } };
    expect(judged(notJson)).toEqual([]);
  });

  it('judges the calls of operations whose data is one record, hostile ones only', () => {
    expect(operations.filter((operation) => massAssignment.appliesTo!(operation)).map((operation) => operation.number)).toEqual([6, 8, 9, 14, 15]);
    expect(massAssignment.intents).toEqual(['hostile']);
  });
});
