import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import type { FlowContext } from '../../src/flows/flow.js';
import { registrationAgain } from '../../src/flows/registration-again.js';
import { exchangeOf } from '../support/exchange.js';

const envelope = (data: Record<string, unknown>, refused = false) =>
  refused
    ? { data: {}, status: 'fail', code: '400', message: 'mobile: already registered', error: { field: 'mobile' } }
    : { data, status: 'success', code: '200', message: 'ok', error: {} };
/** An answer as the flow reads it: only its body matters. */
const answer = (payload: Record<string, unknown>, body: unknown): Exchange => exchangeOf('login', { intent: 'flow', payload, body });

/** A server whose second registration of a mobile answers `again`; every sign-in with the first password answers `signIn`. */
function server(again: unknown, signIn: unknown = envelope({})): FlowContext & { readonly sent: Record<string, unknown>[]; readonly secrets: string[] } {
  const sent: Record<string, unknown>[] = [];
  const secrets: string[] = [];
  return {
    seed: 7,
    sent,
    secrets,
    secret: (value) => secrets.push(value),
    mappedBody: (id) => (id === 'account-register' ? { mobile: '15901234567', password: 'Reagent#2026', code: '246810' } : undefined),
    call: async (operationId, payload) => {
      sent.push({ operationId, ...payload });
      if (operationId === 'login') return answer(payload, signIn);
      return answer(payload, sent.filter((call) => call.operationId === 'account-register').length === 1 ? envelope({ id: 201 }) : again);
    },
  };
}

describe('flow-registration-again', () => {
  it('registers a mobile of its own, with the map body around it, and then again with another password', async () => {
    const context = server(envelope({}, true));
    expect(await registrationAgain.run(context)).toEqual({ completed: true, findings: [] });
    const [first, again] = context.sent;
    expect(first).toMatchObject({ operationId: 'account-register', code: '246810' });
    expect(first!.mobile).toMatch(/^140\d{8}$/);
    expect(first!.mobile).not.toBe('15901234567');
    expect(again).toMatchObject({ mobile: first!.mobile, code: '246810' });
    expect(again!.password).not.toBe(first!.password);
    expect(context.sent).toHaveLength(2);
    // Both passwords are secrets of the run before either is sent, and neither comes from the seed.
    expect(context.secrets).toEqual([first!.password, again!.password]);
    const rerun = server(envelope({}, true));
    await registrationAgain.run(rerun);
    expect(rerun.sent[0]!.password).not.toBe(first!.password);
  });

  it('reports a second registration answered with the member the first made, and a first password then refused', async () => {
    const outcome = await registrationAgain.run(server(envelope({ id: 201 }), envelope({}, true)));
    expect(outcome.findings.map((finding) => finding.instancePath)).toEqual(['/data/id']);
    expect(outcome.findings[0]!.actual).toContain('no longer signs in');
    expect(outcome.findings[0]!.steps).toHaveLength(3);
  });

  it('does not judge a success that names no member or another one: a server that hides which mobiles have an account', async () => {
    expect(await registrationAgain.run(server(envelope({})))).toEqual({ completed: true, findings: [] });
    expect(await registrationAgain.run(server(envelope({ id: 202 })))).toEqual({ completed: true, findings: [] });
  });

  it('stops without a verdict where its own registration is refused (a mobile an earlier run registered)', async () => {
    const refusing: FlowContext = {
      seed: 7,
      secret: () => undefined,
      mappedBody: () => ({ code: '246810' }),
      call: async (_id, payload) => answer(payload, envelope({}, true)),
    };
    expect(await registrationAgain.run(refusing)).toMatchObject({ completed: false, findings: [] });
    // And sends nothing where the map gives register no body.
    const calls: string[] = [];
    const unmapped: FlowContext = {
      seed: 7,
      secret: () => undefined,
      mappedBody: () => undefined,
      call: async (id, payload) => (calls.push(id), answer(payload, envelope({ id: 1 }))),
    };
    expect(await registrationAgain.run(unmapped)).toMatchObject({ completed: false, findings: [] });
    expect(calls).toEqual([]);
  });
});
