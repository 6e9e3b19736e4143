import { describe, expect, it } from 'vitest';
import { batchSignIn } from '../../src/flows/batch-sign-in.js';
import type { FlowContext } from '../../src/flows/flow.js';
import type { Json } from '../../src/reference/json.js';
import { exchangeOf } from '../support/exchange.js';
import { flowExchange } from '../support/flow-exchange.js';

const refused = { data: {}, status: 'fail', code: '400', message: 'body: not an object', error: { reason: 'bad request' } };

/** One answer per guess, the right one carrying a token: a batch taken. */
const taken = {
  data: [refused, { data: { token: 'T0KEN' }, status: 'success', code: '200', message: 'ok', error: {} }],
  status: 'success',
  code: '200',
  message: 'ok',
  error: {},
};

/** A server that answers every call with `body` (each answer as the flow reads it: only its body matters), with the map's token operation body given. */
function server(tokenBody: Record<string, unknown> | undefined, answered = true, body: unknown = refused) {
  const sent: [string, string | undefined, Record<string, unknown>][] = [];
  const context: FlowContext = {
    seed: 7,
    secret: () => undefined,
    mappedBody: (id) => (id === 'token-get' ? tokenBody : undefined),
    call: async (operationId, payload, form) => {
      sent.push([operationId, form, payload]);
      return answered
        ? flowExchange(operationId, payload, body as Json)
        : exchangeOf('login', { intent: 'flow', noResponse: true, failure: { kind: 'timeout', message: 'no response in 2000 ms' } });
    },
  };
  return { context, sent };
}

describe('flow-batch-sign-in', () => {
  it("sends the member's sign-in as a batch of one to the token operation and to #12, without a token; both refused is no finding", async () => {
    const { context, sent } = server({ mobile: '13800138000', password: 'Lab#Reagent2026' });
    expect(await batchSignIn.run(context)).toEqual({ completed: true, findings: [] });
    expect(sent).toEqual([
      ['token-get', 'batch-without-token', { mobile: '13800138000', password: 'Lab#Reagent2026' }],
      ['login', 'batch-without-token', { mobile: '13800138000', password: 'Lab#Reagent2026' }],
    ]);
  });

  it('reports a batch answered as a success, naming each operation that took it', async () => {
    const { context } = server({ mobile: '13800138000', password: 'Lab#Reagent2026' }, true, taken);
    const outcome = await batchSignIn.run(context);
    expect(outcome.completed).toBe(true);
    expect(outcome.findings).toHaveLength(1);
    expect(outcome.findings[0]).toMatchObject({
      expected: 'a body that is no JSON object refused',
      actual: 'a JSON array of sign-ins answered as a success by /auth/get_token and /pc/auth/login',
    });
  });

  it('sends nothing where the map gives the token operation no password, and stops at a batch that gets no answer', async () => {
    const none = server({ apiKey: 'k' });
    expect((await batchSignIn.run(none.context)).completed).toBe(false);
    expect(none.sent).toEqual([]);
    const silent = server({ mobile: '13800138000', password: 'Lab#Reagent2026' }, false);
    expect(await batchSignIn.run(silent.context)).toMatchObject({ completed: false, reason: 'the batch sent to token-get gave no answer' });
    expect(silent.sent).toHaveLength(1);
  });
});
