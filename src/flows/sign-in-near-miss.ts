import { keepStep } from '../checks/kept-exchange.js';
import { isPlainObject, jsonBody } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import { mappedSignIn, noMappedSignIn, otherPassword, signInFlowClause } from './_internals/sign-in.js';
import type { CallForm, Flow, FlowFinding } from './flow.js';
import { answered, unanswered } from './records.js';

/** How a client tells answers apart before it reads their data: the status and the envelope's code. */
function kindOf(exchange: Exchange): string {
  const body = jsonBody(exchange);
  return `HTTP ${exchange.response?.status}, code ${JSON.stringify(isPlainObject(body) ? body.code : undefined)}`;
}

interface SignIn {
  readonly operationId: string;
  readonly body: Readonly<Record<string, unknown>>;
  readonly field: string;
  readonly form: CallForm;
}

/**
 * The token operation (4.1), then #12 login, each with the member's mobile and password as the
 * operation map gives them to the token operation: the right password, then the same with one
 * character appended, and, only where that was answered as the right one, a password of the same
 * length that shares no character with it.
 */
export const signInNearMiss: Flow = {
  id: 'flow-sign-in-near-miss',
  group: 'member-account',
  title: "A sign-in with the member's password and one character more answered as the right one",
  description:
    "Signs in with the member's credentials as the operation map gives them to the token operation (4.1; the token operation without a token, as a client that has none asks it, then #12 login with the same mobile and password): the right password, then the same password with one character appended, and, where that is answered as the right one, a password of the same length that shares no character with it. A sign-in whose password has one character more is answered as a success where the other password is refused: the server compares only a part of the password (a hash that reads its first bytes, as bcrypt reads 72, a column or a cache key that cuts it, a prefix compared), so that passwords that start the same are one (NIST SP 800-63B 5.1.1.2: \"Truncation of the secret SHALL NOT be performed\"; OWASP API2, implementation flaws that let attackers \"assume other user's identities\"). A server that takes any password (a sandbox) is not judged; nor a sign-in whose right password is refused. The member's password, and the one with a character more, are secrets of the run; the other password, which tells nothing but the length, is not. Only where an operation map gives the token operation a body with one password. Warning: the spec shows only the operations' names and #12's fields (4, 4.1, 5).",
  ...signInFlowClause,
  async run(context) {
    const signIn = mappedSignIn((id) => context.mappedBody(id));
    if (!signIn) return noMappedSignIn;
    const { body, field, password } = signIn;
    const appended = `${password}${password.endsWith('x') ? 'y' : 'x'}`;
    const other = otherPassword(password);
    // What holds the member's password is a secret; the other one, a run of one letter, would take that run out of everything the kit writes.
    context.secret(appended);
    const signIns: SignIn[] = [
      { operationId: 'token-get', body, field, form: 'without-token' },
      // #12 takes the member's mobile and password (4): the same member, where the token operation names them so.
      ...(typeof body.mobile === 'string'
        ? [{ operationId: 'login', body: { mobile: body.mobile, password }, field: 'password', form: 'documented' as const }]
        : []),
    ];
    const findings: FlowFinding[] = [];
    let judged = false;
    for (const { operationId, body: right, field: asked, form } of signIns) {
      const send = (value: string) => context.call(operationId, { ...right, [asked]: value }, form);
      const first = await send(password);
      if (!answered(first)) continue;
      const near = await send(appended);
      if (unanswered(near)) continue;
      judged = true;
      if (!answered(near)) continue;
      const wrong = await send(other);
      if (unanswered(wrong) || answered(wrong)) continue;
      findings.push({
        instancePath: '',
        expected: "a sign-in whose password is the member's with one character appended refused, as a sign-in with another password is",
        actual: `answered as the right password is (${kindOf(near)}), where a password of the same length that shares no character with it was refused (${kindOf(wrong)}): only a part of the password is compared`,
        exchange: near,
        steps: [first, near, wrong].map(keepStep),
      });
    }
    return judged ? { completed: true, findings } : { completed: false, reason: "no sign-in with the member's password was answered as a success", findings };
  },
};
