import { describe, expect, it } from 'vitest';
import { batchSignIn } from '../../src/flows/batch-sign-in.js';
import type { FlowContext } from '../../src/flows/flow.js';
import { exchangeOf } from '../support/exchange.js';

const refused = { data: {}, status: 'fail', code: '400', message: 'body: not an object', error: { reason: 'bad request' } };

/** A server that refuses every call (each answer as the flow reads it: only its body matters), with the map's token operation body given. */
function server(tokenBody: Record<string, unknown> | undefined, answered = true) {
  const sent: [string, string | undefined, Record<string, unknown>][] = [];
  const context: FlowContext = {
    seed: 7,
    secret: () => undefined,
    mappedBody: (id) => (id === 'token-get' ? tokenBody : undefined),
    call: async (operationId, payload, form) => {
      sent.push([operationId, form, payload]);
      return answered
        ? exchangeOf('login', { intent: 'flow', payload, body: refused })
        : exchangeOf('login', { intent: 'flow', noResponse: true, failure: { kind: 'timeout', message: 'no response in 2000 ms' } });
    },
  };
  return { context, sent };
}

describe('flow-batch-sign-in', () => {
  it("sends the member's sign-in as a batch of one to the token operation and to #12, without a token; the answers are the check's to judge", async () => {
    const { context, sent } = server({ mobile: '13800138000', password: 'Lab#Reagent2026' });
    expect(await batchSignIn.run(context)).toEqual({ completed: true, findings: [] });
    expect(sent).toEqual([
      ['token-get', 'batch-without-token', { mobile: '13800138000', password: 'Lab#Reagent2026' }],
      ['login', 'batch-without-token', { mobile: '13800138000', password: 'Lab#Reagent2026' }],
    ]);
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
