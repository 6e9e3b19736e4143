import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import type { FlowContext } from '../../src/flows/flow.js';
import { signInNearMiss } from '../../src/flows/sign-in-near-miss.js';
import { exchangeOf } from '../support/exchange.js';

const PASSWORD = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const granted = { data: { token: 'issued-token-1234', expiresIn: 7200 }, status: 'success', code: '200', message: 'ok', error: {} };
const refused = { data: {}, status: 'fail', code: '401', message: 'wrong mobile or password', error: { reason: 'unauthorized' } };
/** An answer as the flow reads it: only its body matters. */
const answer = (payload: Record<string, unknown>, body: unknown): Exchange => exchangeOf('login', { intent: 'flow', payload, body });

type Sent = { readonly operationId: string; readonly form: string | undefined } & Record<string, unknown>;

/** A server whose sign-ins take a password as `takes` says, with the map's token operation body given. */
function server(takes: (password: string) => boolean, tokenBody: Record<string, unknown> | null = { mobile: '13800138000', password: PASSWORD }) {
  const sent: Sent[] = [];
  const secrets: string[] = [];
  const context: FlowContext = {
    seed: 7,
    secret: (value) => secrets.push(value),
    mappedBody: (id) => (id === 'token-get' && tokenBody !== null ? tokenBody : undefined),
    call: async (operationId, payload, form) => {
      sent.push({ operationId, form, ...payload });
      return answer(payload, takes(String(payload.password)) ? granted : refused);
    },
  };
  return { context, sent, secrets };
}

const exact = (password: string) => password === PASSWORD;
const firstEight = (password: string) => password.slice(0, 8) === PASSWORD.slice(0, 8);

describe('flow-sign-in-near-miss', () => {
  it('signs in with the right password, then with one character more, at the token operation without a token and at #12 with it', async () => {
    const { context, sent, secrets } = server(exact);
    expect(await signInNearMiss.run(context)).toEqual({ completed: true, findings: [] });
    expect(sent.map(({ operationId, form, password }) => [operationId, form, password])).toEqual([
      ['token-get', 'without-token', PASSWORD],
      ['token-get', 'without-token', `${PASSWORD}x`],
      ['login', 'documented', PASSWORD],
      ['login', 'documented', `${PASSWORD}x`],
    ]);
    expect(sent.every((call) => call.mobile === '13800138000')).toBe(true);
    // What holds the member's password is a secret of the run before it is sent; the other password, a run of one letter, is none.
    expect(secrets).toEqual([`${PASSWORD}x`]);
  });

  it('reports a password with one character more answered as the right one where another password is refused', async () => {
    const { context, sent } = server(firstEight);
    const outcome = await signInNearMiss.run(context);
    expect(outcome.completed).toBe(true);
    // Once for each sign-in operation: both compare only a part of the password here.
    expect(outcome.findings.map((finding) => finding.instancePath)).toEqual(['', '']);
    expect(outcome.findings[0]!.steps).toHaveLength(3);
    const other = sent[2]!.password as string;
    expect(other).toHaveLength(PASSWORD.length);
    expect([...other].every((character, index) => character !== PASSWORD[index])).toBe(true);
  });

  it('does not judge a server that takes any password (a sandbox), nor one whose right password is refused', async () => {
    const any = server(() => true);
    expect(await signInNearMiss.run(any.context)).toEqual({ completed: true, findings: [] });
    expect(any.sent).toHaveLength(6);
    const none = server(() => false);
    expect(await signInNearMiss.run(none.context)).toMatchObject({ completed: false, findings: [] });
    expect(none.sent).toHaveLength(2);
  });

  it('sends nothing where the map gives the token operation no body with a password', async () => {
    const unmapped = server(exact, null);
    expect(await signInNearMiss.run(unmapped.context)).toMatchObject({ completed: false, findings: [] });
    const withoutPassword = server(exact, { mobile: '13800138000', code: '246810' });
    expect(await signInNearMiss.run(withoutPassword.context)).toMatchObject({ completed: false, findings: [] });
    expect([...unmapped.sent, ...withoutPassword.sent]).toEqual([]);
  });
});
