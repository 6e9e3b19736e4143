/**
 * flow-beta-order-lines against the reference server's handlers, in-process: the lines of an order
 * of two catalogue products carry each product's own data; lines that carry each other's are a finding.
 */
import { describe, expect, it } from 'vitest';
import { betaOrderLines } from '../../src/flows/beta-order-lines.js';
import type { FlowContext } from '../../src/flows/flow.js';
import { handle } from '../../src/reference/handlers.js';
import type { Json } from '../../src/reference/json.js';
import { seedState } from '../../src/reference/seed.js';
import { flowExchange } from '../support/flow-exchange.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';

/** The lines of a created order with what comes from the product swapped between the first two: the products matched by place in another order. */
function swapped(body: Json): Json {
  const data = body.data as Json;
  const [first, second, ...rest] = data.items as Json[];
  const productOf = ({ pCode: _code, siNum: _num, ...product }: Json) => product;
  return { ...body, data: { ...data, items: [{ ...first!, ...productOf(second!) }, { ...second!, ...productOf(first!) }, ...rest] } };
}

/** The handlers on one state, each create answer passed through `created`. */
function server(created: (body: Json) => Json = (body) => body): FlowContext & { readonly sent: string[] } {
  const state = seedState(() => Date.UTC(2026, 10, 22, 2, 0, 0));
  const sent: string[] = [];
  return {
    seed: 7,
    mappedBody: () => undefined,
    secret: () => undefined,
    sent,
    async call(operationId, payload) {
      sent.push(operationId);
      const body = handle(operationId, payload, state, HANDLER_CONTEXT) as Json;
      return flowExchange(operationId, payload, operationId === 'beta-order-create' ? created(body) : body);
    },
  };
}

describe('flow-beta-order-lines', () => {
  it('an order of two catalogue products, the later code first, whose lines carry their own products: nothing to report, in two calls', async () => {
    const clean = server();
    expect(await betaOrderLines.run(clean)).toEqual({ completed: true, findings: [] });
    expect(clean.sent).toEqual(['beta-products-by-brand', 'beta-order-create']);
  });

  it("lines that carry each other's product: one finding, at the first line, with the catalogue page and the create as its steps", async () => {
    const outcome = await betaOrderLines.run(server(swapped));
    expect(outcome.completed).toBe(true);
    expect(outcome.findings).toHaveLength(1);
    const [finding] = outcome.findings;
    expect(finding!.instancePath).toBe('/data/items/0');
    expect(finding!.actual).toMatch(/^cCas "[^"]+" \(catalogue cas "[^"]+"\)/);
    expect(finding!.steps!.map((step) => step.operation.id)).toEqual(['beta-products-by-brand', 'beta-order-create']);
  });

  it('a create refused: nothing compared, no verdict', async () => {
    const refused = () => ({ data: {}, status: 'fail', code: '400', message: 'out of stock', error: {} });
    expect(await betaOrderLines.run(server(refused))).toMatchObject({ completed: false, findings: [] });
  });
});
