/**
 * flow-lookups-apart against the reference server's handlers, in-process: the consignee and the bank
 * card of one id are two records; two lookups answering from one cache by id are a finding.
 */
import { describe, expect, it } from 'vitest';
import type { FlowContext } from '../../src/flows/flow.js';
import { lookupsApart } from '../../src/flows/lookups-apart.js';
import { handle } from '../../src/reference/handlers.js';
import type { Json } from '../../src/reference/json.js';
import { seedState } from '../../src/reference/seed.js';
import { flowExchange } from '../support/flow-exchange.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';

/** The handlers on one state; with `shared`, the two lookups answer from one cache of successes by id, whichever filled it. */
function server(shared = false): FlowContext & { readonly sent: string[] } {
  const state = seedState(() => Date.UTC(2026, 10, 22, 2, 0, 0));
  const sent: string[] = [];
  const cache = new Map<unknown, Json>();
  return {
    seed: 7,
    mappedBody: () => undefined,
    secret: () => undefined,
    sent,
    async call(operationId, payload) {
      sent.push(operationId);
      const body = cache.get(payload.id) ?? (handle(operationId, payload, state, HANDLER_CONTEXT) as Json);
      if (shared && body.code === '200') cache.set(payload.id, body);
      return flowExchange(operationId, payload, body);
    },
  };
}

const refusing = (refused: string, context: FlowContext): FlowContext => ({
  ...context,
  call: async (operationId, payload) =>
    operationId === refused
      ? flowExchange(operationId, payload, { data: {}, status: 'fail', code: '404', message: 'not found', error: {} })
      : context.call(operationId, payload),
});

describe('flow-lookups-apart', () => {
  it('a consignee and a bank card of one id, each its own record: nothing to report, in two calls', async () => {
    const clean = server();
    expect(await lookupsApart.run(clean)).toEqual({ completed: true, findings: [] });
    expect(clean.sent).toEqual(['consignee-by-id', 'bank-card-by-id']);
  });

  it('the two lookups answering from one cache: the bank card lookup is the finding, with the consignee lookup before it', async () => {
    const outcome = await lookupsApart.run(server(true));
    expect(outcome.completed).toBe(true);
    expect(outcome.findings.map((finding) => `${finding.exchange.operation.id} ${finding.instancePath}`)).toEqual(['bank-card-by-id /data']);
    expect(outcome.findings[0]!.steps!.map((step) => step.operation.id)).toEqual(['consignee-by-id', 'bank-card-by-id']);
  });

  it('a lookup that refuses every id: nothing to compare, no verdict', async () => {
    expect(await lookupsApart.run(refusing('bank-card-by-id', server(true)))).toMatchObject({ completed: false, findings: [] });
  });
});
