import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import type { FlowContext } from '../../src/flows/flow.js';
import { weakPasswordChange } from '../../src/flows/weak-password-change.js';
import { exchangeOf } from '../support/exchange.js';

const done = { data: { id: 201 }, status: 'success', code: '200', message: 'ok', error: {} };
const tooShort = { data: {}, status: 'fail', code: '400', message: 'password: 6 to 32 characters', error: { field: 'password' } };
/** An answer as the flow reads it: only its body matters. */
const answer = (payload: Record<string, unknown>, body: unknown): Exchange => exchangeOf('login', { intent: 'flow', payload, body });

const MAPPED: Readonly<Record<string, Record<string, unknown>>> = {
  'token-get': { mobile: '13800138000', password: 'Lab#Reagent2026' },
  'account-register': { mobile: '15901234567', password: 'Reagent#2026', code: '246810' },
  'account-forgot-password': { mobile: '13800138000', code: '246810', newPassword: 'Reagent#2026' },
};

/** A server whose registration holds passwords to 6 characters and up, and whose forgot password answers `change`. */
function server(change: unknown, mapped: Readonly<Record<string, Record<string, unknown>>> = MAPPED) {
  const sent: Record<string, unknown>[] = [];
  const secrets: string[] = [];
  const context: FlowContext = {
    seed: 7,
    secret: (value) => secrets.push(value),
    mappedBody: (id) => mapped[id],
    call: async (operationId, payload: Record<string, unknown>) => {
      sent.push({ operationId, ...payload });
      if (operationId === 'account-register') return answer(payload, String(payload.password).length < 6 ? tooShort : done);
      return answer(payload, operationId === 'login' ? done : change);
    },
  };
  return { context, sent, secrets };
}

describe('flow-weak-password-change', () => {
  it('changes the password of an account of its own only, to one character, and says nothing where that is refused', async () => {
    const { context, sent, secrets } = server({ ...tooShort, error: { field: 'newPassword' } });
    expect(await weakPasswordChange.run(context)).toEqual({ completed: true, findings: [] });
    expect(sent.map((call) => call.operationId)).toEqual(['account-register', 'account-register', 'account-forgot-password']);
    const own = sent[0]!.mobile;
    expect(own).toMatch(/^140\d{8}$/);
    expect(sent.every((call) => call.mobile === own)).toBe(true);
    expect(sent[2]).toMatchObject({ code: '246810', newPassword: '1' });
    expect(secrets).toEqual([sent[1]!.password]);
  });

  it('reports a one-character new password answered as done, and the sign-in with it', async () => {
    const { context, sent } = server(done);
    const outcome = await weakPasswordChange.run(context);
    expect(outcome.findings.map((finding) => finding.instancePath)).toEqual(['/newPassword']);
    expect(outcome.findings[0]!.actual).toContain('signs in');
    expect(sent.at(-1)).toMatchObject({ operationId: 'login', password: '1' });
  });

  it('sends nothing where the forgot-password body may name another account, and judges no server whose registration takes the password', async () => {
    const named = server(done, { ...MAPPED, 'account-forgot-password': { ...MAPPED['account-forgot-password'], email: 'boss@example.com' } });
    expect((await weakPasswordChange.run(named.context)).completed).toBe(false);
    expect(named.sent).toEqual([]);
    const lax = server(done);
    const takesAny: FlowContext = { ...lax.context, call: async (_operationId, payload: Record<string, unknown>) => answer(payload, done) };
    expect(await weakPasswordChange.run(takesAny)).toMatchObject({ completed: false, findings: [] });
  });
});
