import { keepStep } from '../checks/kept-exchange.js';
import { namesAPassword } from '../checks/secret-names.js';
import { ownMobile, ownPassword } from './_internals/own-account.js';
import { passwordFieldOf } from './_internals/sign-in.js';
import type { Flow } from './flow.js';
import { answered, unanswered } from './records.js';

/** A password no rule of any registration takes: one character. */
const WEAK = '1';

/**
 * Member names that may say whose account a call changes besides its mobile: where the forgot
 * password body holds one, the kit cannot be sure the change lands on its own account.
 */
const IDENTIFIES = /mail|user|account|member|name|phone|^id$|id$/i;

/**
 * The forgot-password body (4.1) the flow sends for its own account: the map's, with the flow's
 * mobile and the weak new password. Undefined where the map's body may point at anyone else: a
 * member beside the mobile, the new password and a code that names an account, or holds what the
 * token operation signs in with.
 */
function forgotBodyFor(
  template: Readonly<Record<string, unknown>>,
  member: ReadonlySet<unknown>,
  mobile: string,
): { body: Record<string, unknown>; field: string } | undefined {
  const field = passwordFieldOf(template, (name) => /new/i.test(name));
  if (field === undefined || typeof template.mobile !== 'string') return undefined;
  const others = Object.entries(template).filter(([name]) => name !== 'mobile' && name !== field);
  if (others.some(([name, value]) => IDENTIFIES.test(name) || namesAPassword(name) || member.has(value))) return undefined;
  return { body: { ...template, mobile, [field]: WEAK }, field };
}

/** Register (4.1) a mobile of the flow's own with a one-character password → with a password of its own → forgot password (4.1) for it with a one-character new one (→ #12 login with it). */
export const weakPasswordChange: Flow = {
  id: 'flow-weak-password-change',
  group: 'member-account',
  title: 'A new password registration refuses, taken by a password change',
  description:
    "On an account of its own only: registers a mobile of its own (140 and eight digits from the seed; the rest of the body the operation map's register body) with a one-character password, which a registration is expected to refuse; then with a password drawn for the run; then sends forgot password (4.1) for that mobile, as the map writes it, with a one-character new password, and, where that is answered as done, signs in (#12 login) with it. A password change that takes the password registration refused lets an account be left with one a guess finds (OWASP API2, an API is vulnerable if it \"Permits weak passwords\"; \"'Forgot password / reset password' should be treated the same way as authentication mechanisms\"). The member's own account is never changed: the flow runs only where the map's forgot-password body names the account by its `mobile` alone (no other member that may name an account, nor a value the token operation signs in with). A server whose registration takes the one-character password holds no rule to compare with, and is not judged; a refusal, whatever it says, is what a server should answer. The drawn password is a secret of the run. Warning: the spec shows only the operations' names (4.1).",
  rule: '4.1',
  quote: 'Account | reset password; forgot password; send SMS code | POST',
  severity: 'warning',
  operations: ['account-register', 'account-forgot-password', 'login'],
  async run(context) {
    const mobile = ownMobile(context.seed);
    const register = context.mappedBody('account-register');
    const forgot = context.mappedBody('account-forgot-password');
    const member = new Set(Object.values(context.mappedBody('token-get') ?? {}));
    const change = forgot && forgotBodyFor(forgot, member, mobile);
    // A change the kit cannot be sure lands on its own account would set the member's password to one they do not know.
    if (register === undefined || typeof register.mobile !== 'string' || change === undefined)
      return { completed: false, reason: "the operation map's register and forgot-password bodies do not name the account by its mobile alone", findings: [] };
    const weak = await context.call('account-register', { ...register, mobile, password: WEAK }, 'without-token');
    if (unanswered(weak)) return { completed: false, reason: 'the registration with a one-character password gave no answer', findings: [] };
    if (answered(weak)) return { completed: false, reason: 'registration takes a one-character password: no rule to hold a change to', findings: [] };
    const password = ownPassword();
    context.secret(password);
    const first = await context.call('account-register', { ...register, mobile, password }, 'without-token');
    if (!answered(first)) return { completed: false, reason: 'the registration of an account of its own was not answered as done', findings: [] };
    const changed = await context.call('account-forgot-password', change.body, 'without-token');
    if (unanswered(changed)) return { completed: false, reason: 'the password change gave no answer', findings: [] };
    if (!answered(changed)) return { completed: true, findings: [] };
    const signIn = await context.call('login', { mobile, password: WEAK });
    const signsIn = !unanswered(signIn) && answered(signIn);
    return {
      completed: true,
      findings: [
        {
          instancePath: `/${change.field}`,
          expected: `a ${change.field} of one character refused, as registration refused it as a password`,
          actual: `answered as done${signsIn ? ', and the account then signs in with it' : ''}`,
          exchange: changed,
          steps: [weak, first, changed, signIn].map(keepStep),
        },
      ],
    };
  },
};
