/**
 * flow-order-listed against the reference server's handlers, in-process: the orders it creates are
 * found in the list as created, and a list that tells an order otherwise than its create did is a finding.
 */
import { describe, expect, it } from 'vitest';
import type { FlowContext } from '../../src/flows/flow.js';
import { orderListed } from '../../src/flows/order-listed.js';
import { listed } from '../../src/flows/records.js';
import { recordKey } from '../../src/checks/call-record.js';
import { resultData } from '../../src/checks/preconditions.js';
import { pageOf } from '../../src/reference/handlers/_internals/state.js';
import { handle } from '../../src/reference/handlers.js';
import type { Json } from '../../src/reference/json.js';
import { seedState } from '../../src/reference/seed.js';
import { flowExchange } from '../support/flow-exchange.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';

/** An order whose lines after the first it places, then refuses the whole: what a create without a transaction leaves. */
const keepsFirstLine = (payload: Record<string, unknown>): Record<string, unknown> => ({ ...payload, items: (payload.items as Json[]).slice(0, 1) });

/** The handlers on one state, each answer of the order list passed through `listedAs`; each create through `placing` first, where given. */
function server(listedAs: (order: Json) => Json = (order) => order, placing?: typeof keepsFirstLine): FlowContext & { readonly created: Json[] } {
  const state = seedState(() => Date.UTC(2026, 10, 22, 2, 0, 0));
  const created: Json[] = [];
  return {
    seed: 7,
    mappedBody: () => undefined,
    secret: () => undefined,
    created,
    async call(operationId, payload) {
      const body = handle(operationId, payload, state, HANDLER_CONTEXT) as Json;
      const refused = operationId === 'alpha-order-create' && typeof (body.data as Json).soNo !== 'string';
      if (refused && placing) handle(operationId, placing(payload), state, HANDLER_CONTEXT);
      if (operationId === 'alpha-order-create' && !refused) created.push(body.data as Json);
      if (operationId !== 'alpha-orders-list') return flowExchange(operationId, payload, body);
      const data = body.data as Json;
      return flowExchange(operationId, payload, { ...body, data: { ...data, list: (data.list as Json[]).map(listedAs) } });
    },
  };
}

/** The newest order of the seed, paid: the record the reference server's map names for the order detail. */
const SAMPLE = { operation: 'alpha-order-detail', payload: { soNo: 'SO202606270030' } };

/**
 * The context with the run's walk of the order list at 10 a page, and its lookup's sample; the
 * list leaves out the orders `hidden` picks from every page and its count, where given.
 */
function walking(context: FlowContext, hidden?: (order: Json) => boolean): FlowContext {
  const call: FlowContext['call'] = async (operationId, payload) => {
    if (operationId !== 'alpha-orders-list' || !hidden) return context.call(operationId, payload);
    const every = listed(await context.call(operationId, { pageSize: 1000, pageNo: 1 })) as Json[];
    const page = pageOf(
      every.filter((order) => !hidden(order)),
      Number(payload.pageSize),
      Number(payload.pageNo ?? 1),
      'newest-first',
    );
    return flowExchange(operationId, payload, { data: page as unknown as Json });
  };
  return {
    ...context,
    call,
    async walked() {
      const keys = new Set<string>();
      let pages = 0;
      for (let pageNo = 1; pageNo <= Number(resultData(await call('alpha-orders-list', { pageSize: 10, pageNo: 1 }))?.totalPage); pageNo++, pages++)
        for (const order of listed(await call('alpha-orders-list', { pageSize: 10, pageNo }))) keys.add(recordKey(order));
      return { operation: 'alpha-orders-list', body: {}, pageSize: 10, pages, keys, sample: SAMPLE };
    },
  };
}

describe('flow-order-listed', () => {
  it("the order the list's lookup answers for its sample body, on no page of the list read whole: a finding on the list", async () => {
    const outcome = await orderListed.run(walking(server(), (order) => order.soPayStatus !== 0));
    const leftOut = outcome.findings.filter((finding) => finding.actual.startsWith('on no page'));
    expect(leftOut).toHaveLength(1);
    expect(leftOut[0]!.expected).toMatch(/^id 30, the record alpha-order-detail answers/);
    expect(leftOut[0]!.steps![0]!.operation.id).toBe('alpha-order-detail');
    const clean = await orderListed.run(walking(server()));
    expect(clean).toMatchObject({ completed: true, findings: [] });
  });

  it('creates the generated order and one unit of its first line, and finds both in the list as created', async () => {
    const context = server();
    const outcome = await orderListed.run(context);
    expect(outcome).toMatchObject({ completed: true, findings: [] });
    expect(context.created).toHaveLength(2);
    const small = context.created[1]!;
    expect((small.items as Json[]).map((line) => line.siNum)).toEqual([1]);
  });

  it('a create answered with no order, whose first line the server placed all the same, is a finding on the page that lists it', async () => {
    const outcome = await orderListed.run(server(undefined, keepsFirstLine));
    expect(outcome.completed).toBe(true);
    expect(outcome.findings).toHaveLength(1);
    expect(outcome.findings[0]).toMatchObject({ instancePath: '/data/list/0', expected: expect.stringContaining('otp-refused-7') });
    expect(outcome.findings[0]!.steps!.map((step) => step.operation.id)).toEqual(['alpha-order-create', 'alpha-orders-list']);
  });

  it('an order the list tells otherwise than its create answered: the fields both carry, statuses and soCtime aside', async () => {
    const context = server((order) => ({ ...order, soTotal: Number(order.soTotal) + 15, soReviewStatus: 1, soCtime: 1768352400 }));
    const outcome = await orderListed.run(context);
    expect(outcome.completed).toBe(true);
    const totals = context.created.map((order) => Number(order.soTotal));
    expect(new Set(outcome.findings.map((finding) => finding.actual))).toEqual(
      new Set(totals.map((soTotal) => `listed with soTotal ${Math.round((soTotal + 15) * 100) / 100} (created ${soTotal})`)),
    );
    for (const finding of outcome.findings) expect(finding.steps!.map((step) => step.operation.id)).toEqual(['alpha-order-create', 'alpha-orders-list']);
  });
});
