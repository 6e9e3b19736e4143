import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import { consigneeDeleted } from '../../src/flows/consignee-deleted.js';
import { demandLifecycle } from '../../src/flows/demand-lifecycle.js';
import type { Flow, FlowContext } from '../../src/flows/flow.js';
import { mappedLifecycleFlow } from '../../src/flows/mapped-lifecycle.js';
import { orderListed } from '../../src/flows/order-listed.js';
import { differences } from '../../src/flows/records.js';
import { cleanBody, exchangeOf } from '../support/exchange.js';

type Answer = (payload: Record<string, unknown>) => Exchange;

/** A flow context that answers each operation as scripted. */
const scripted = (answers: Record<string, Answer>): FlowContext => ({
  seed: 7,
  call: async (operationId, payload) => answers[operationId]!(payload),
  mappedBody: () => undefined,
  secret: () => undefined,
});

const timedOut =
  (operationId: string): Answer =>
  () =>
    exchangeOf(operationId, { intent: 'flow', noResponse: true, failure: { kind: 'timeout', message: 'no response in 2000 ms' } });
const clean =
  (operationId: string): Answer =>
  (payload) =>
    exchangeOf(operationId, { intent: 'flow', payload, body: cleanBody(operationId, payload) });
const success =
  (operationId: string): Answer =>
  (payload) =>
    exchangeOf(operationId, { intent: 'flow', payload, body: { data: {}, status: 'success', code: '200', message: 'ok', error: {} } });
const notFound =
  (operationId: string): Answer =>
  (payload) =>
    exchangeOf(operationId, { intent: 'flow', payload, body: { data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } } });

const run = (flow: Flow, answers: Record<string, Answer>) => flow.run(scripted(answers));

/**
 * A step that got no answer (a timeout on a loaded machine, a reset) says nothing about what the
 * server holds: the flow ends without a verdict instead of reporting "not listed" or "still there".
 */
describe('no false alarm from a flow step that got no answer', () => {
  it('flow-order-listed: an order list that timed out is no missing order', async () => {
    const outcome = await run(orderListed, { 'alpha-order-create': clean('alpha-order-create'), 'alpha-orders-list': timedOut('alpha-orders-list') });
    expect(outcome).toMatchObject({ completed: false, findings: [] });
  });

  it('flow-demand-lifecycle: a demand list that timed out is no missing demand', async () => {
    const outcome = await run(demandLifecycle, {
      'custom-demand-create': success('custom-demand-create'),
      'custom-demand-list': timedOut('custom-demand-list'),
    });
    expect(outcome).toMatchObject({ completed: false, findings: [] });
  });

  it('flow-consignee-deleted: a step that timed out is no verdict; a not-found is a pass; a consignee still answered after its delete was refused is reported', async () => {
    const base = { 'consignee-by-id': clean('consignee-by-id'), 'consignee-delete': success('consignee-delete') };
    let reads = 0;
    const readThen =
      (after: Answer): Answer =>
      (payload) =>
        reads++ % 2 === 0 ? base['consignee-by-id'](payload) : after(payload);
    expect(await run(consigneeDeleted, { ...base, 'consignee-by-id': readThen(timedOut('consignee-by-id')) })).toMatchObject({
      completed: false,
      findings: [],
    });
    reads = 0;
    expect(await run(consigneeDeleted, { ...base, 'consignee-by-id': readThen(notFound('consignee-by-id')) })).toMatchObject({ completed: true, findings: [] });
    reads = 0;
    const stillThere = await run(consigneeDeleted, { ...base, 'consignee-by-id': readThen(base['consignee-by-id']) });
    expect(stillThere.findings.map((finding) => finding.actual)).toEqual(['still answered']);
    // The finding names the calls that show it: the consignee found, the delete, the consignee still there.
    expect(stillThere.findings[0]!.steps!.map((step) => step.operation.id)).toEqual(['consignee-by-id', 'consignee-delete', 'consignee-by-id']);
    reads = 0;
    const refused = await run(consigneeDeleted, { 'consignee-delete': notFound('consignee-delete'), 'consignee-by-id': readThen(base['consignee-by-id']) });
    expect(refused.findings.map((finding) => finding.actual)).toEqual(['still answered; deleteConsignee answered an error result for it']);
    reads = 0;
    expect(
      await run(consigneeDeleted, { 'consignee-delete': timedOut('consignee-delete'), 'consignee-by-id': readThen(base['consignee-by-id']) }),
    ).toMatchObject({
      completed: false,
      findings: [],
    });
  });

  it('a mapped lifecycle: a list that timed out is no missing record', async () => {
    const flow = mappedLifecycleFlow(
      {
        id: 'flow-invoice-profile-lifecycle',
        create: { operation: 'invoice-profile-edit', body: { invoiceTitle: '${UNIQUE}' } },
        list: { operation: 'invoice-profile-list', body: { pageSize: 50, pageNo: 1 } },
        match: 'invoiceTitle',
        idField: 'id',
        delete: { operation: 'invoice-profile-delete', body: { id: '${id}' } },
      },
      'member-account',
      7,
    );
    const outcome = await run(flow, { 'invoice-profile-edit': success('custom-demand-create'), 'invoice-profile-list': timedOut('bank-card-list') });
    expect(outcome).toMatchObject({ completed: false, findings: [] });
  });
});

describe('a created record is compared with what was sent, number for number', () => {
  it('the same number written as a number or a numeric string is the same value; other text is not', () => {
    expect(differences({ demandPrice: '12.50', productNums: '5', productLevel: 'AR' }, { demandPrice: 12.5, productNums: 5, productLevel: 'AR' })).toEqual([]);
    expect(differences({ productLevel: '', soNote: 'x' }, { productLevel: 'AR', soNote: 'x' })).toEqual(['productLevel "" (sent "AR")']);
    expect(differences({}, { soNote: 'fragile' })).toEqual(['soNote absent (sent "fragile")']);
  });
});
