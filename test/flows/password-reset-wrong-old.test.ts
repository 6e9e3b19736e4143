import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import type { FlowContext } from '../../src/flows/flow.js';
import { passwordResetWrongOld } from '../../src/flows/password-reset-wrong-old.js';
import { exchangeOf } from '../support/exchange.js';

const PASSWORD = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const done = { data: {}, status: 'success', code: '200', message: 'ok', error: {} };
const notCurrent = { data: {}, status: 'fail', code: '400', message: 'oldPassword: is not the current password', error: { field: 'oldPassword' } };
/** An answer as the flow reads it: only its body matters. */
const answer = (payload: Record<string, unknown>, body: unknown): Exchange => exchangeOf('login', { intent: 'flow', payload, body });

type Sent = { readonly operationId: string } & Record<string, unknown>;

const MAPPED: Readonly<Record<string, Record<string, unknown>>> = {
  'token-get': { mobile: '13800138000', password: PASSWORD },
  'account-reset-password': { oldPassword: PASSWORD, newPassword: 'Reagent#2026' },
};

/** A server whose reset checks the old password or not, with the map's bodies given. */
function server(checksOld: boolean, mapped: Readonly<Record<string, Record<string, unknown>>> = MAPPED) {
  const sent: Sent[] = [];
  const secrets: string[] = [];
  const context: FlowContext = {
    seed: 7,
    secret: (value) => secrets.push(value),
    mappedBody: (id) => mapped[id],
    call: async (operationId, payload) => {
      sent.push({ operationId, ...payload });
      if (operationId === 'login') return answer(payload, done);
      return answer(payload, !checksOld || payload.oldPassword === PASSWORD ? done : notCurrent);
    },
  };
  return { context, sent, secrets };
}

describe('flow-password-reset-wrong-old', () => {
  it('asks for the current password as the new one with another as the old one: nothing changes, whatever the server does', async () => {
    const { context, sent, secrets } = server(true);
    expect(await passwordResetWrongOld.run(context)).toEqual({ completed: true, findings: [] });
    expect(sent).toHaveLength(1);
    const [reset] = sent;
    expect(reset).toMatchObject({ operationId: 'account-reset-password', newPassword: PASSWORD });
    expect(reset!.oldPassword).not.toBe(PASSWORD);
    // The old password sent is a run of one letter, no secret: as one, it would take every such run out of the report.
    expect(secrets).toEqual([]);
  });

  it('reports a change answered as done for an old password that is not the current one, then signs in with the password', async () => {
    const { context, sent } = server(false);
    const outcome = await passwordResetWrongOld.run(context);
    expect(outcome.findings.map((finding) => finding.instancePath)).toEqual(['/oldPassword']);
    expect(sent.map((call) => call.operationId)).toEqual(['account-reset-password', 'login']);
    expect(sent[1]).toMatchObject({ mobile: '13800138000', password: PASSWORD });
  });

  it('sends nothing where the kit does not know the current password: the reset body sends another than the token operation signs in with', async () => {
    const literal = server(false, { ...MAPPED, 'account-reset-password': { oldPassword: 'Example#1', newPassword: 'Reagent#2026' } });
    expect(await passwordResetWrongOld.run(literal.context)).toMatchObject({ completed: false, findings: [] });
    const noTokenBody = server(false, { 'account-reset-password': MAPPED['account-reset-password']! });
    expect(await passwordResetWrongOld.run(noTokenBody.context)).toMatchObject({ completed: false, findings: [] });
    const noNewField = server(false, { ...MAPPED, 'account-reset-password': { oldPassword: PASSWORD, password: 'Reagent#2026' } });
    expect(await passwordResetWrongOld.run(noNewField.context)).toMatchObject({ completed: false, findings: [] });
    expect([...literal.sent, ...noTokenBody.sent, ...noNewField.sent]).toEqual([]);
  });
});
