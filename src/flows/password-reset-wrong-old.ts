import { keepStep } from '../checks/kept-exchange.js';
import { mappedSignIn, otherPassword, passwordFieldOf } from './_internals/sign-in.js';
import type { Flow } from './flow.js';
import { answered, unanswered } from './records.js';

/** Whether a password field's name says it takes the new password, not the one to confirm. */
const namesTheNew = (name: string) => /new/i.test(name);

/**
 * Reset password (4.1) with the member's password as the new one and another as the old one; where
 * that is answered as a success, #12 login with the member's mobile and password, to show whether
 * it still signs in.
 */
export const passwordResetWrongOld: Flow = {
  id: 'flow-password-reset-wrong-old',
  group: 'member-account',
  title: 'A password change answered as done for an old password that is not the current one',
  description:
    "Sends reset password (4.1) as the operation map writes it, with the token, its old password a text of the member's password's length that shares no character with it and its new password the member's current one, so that a server that takes the call changes nothing: the member's password stays what it was. The current password is the one the map gives the token operation to sign in with, and the flow runs only where the map's reset body sends that same password as its old one (one password field whose name says new, one that does not): where the kit does not know the current password, it sends none. A change answered as a success lets whoever holds a token, stolen or left in a shared browser, set the password and take the account (OWASP API2: an API is vulnerable if it \"Allows users to change sensitive information, such as email address, current password, or phone number without asking for password confirmation\"); #12 login is then called with the member's mobile and password, and a refusal is reported with it. A refusal, whatever it says, is what a server should answer. The member's password is a secret of the run; the old password sent, which tells nothing but its length, is not. Warning: the spec shows only the operation's name (4.1).",
  rule: '4.1',
  quote: 'Account | reset password; forgot password; send SMS code | POST',
  severity: 'warning',
  operations: ['account-reset-password', 'login'],
  async run(context) {
    const signIn = mappedSignIn((id) => context.mappedBody(id));
    const template = context.mappedBody('account-reset-password');
    const oldField = template && passwordFieldOf(template, (name) => !namesTheNew(name));
    const newField = template && passwordFieldOf(template, namesTheNew);
    // A new password the kit does not know would lock the member out of the server it checks.
    if (!signIn || !template || !oldField || !newField || template[oldField] !== signIn.password)
      return {
        completed: false,
        reason: "the operation map's reset body does not send the password the token operation signs in with as its old one",
        findings: [],
      };
    const { password } = signIn;
    const wrong = otherPassword(password);
    const reset = await context.call('account-reset-password', { ...template, [oldField]: wrong, [newField]: password });
    if (unanswered(reset)) return { completed: false, reason: 'the reset gave no answer', findings: [] };
    if (!answered(reset)) return { completed: true, findings: [] };
    const mobile = signIn.body.mobile;
    const after = typeof mobile === 'string' ? await context.call('login', { mobile, password }) : undefined;
    const lockedOut = after !== undefined && !unanswered(after) && !answered(after);
    return {
      completed: true,
      findings: [
        {
          instancePath: `/${oldField}`,
          expected: `a password change whose ${oldField} is not the current password refused`,
          actual: `answered as done, with ${oldField} another text than the current password${lockedOut ? ", and the member's password then no longer signs in" : ''}`,
          exchange: reset,
          steps: [reset, ...(after ? [after] : [])].map(keepStep),
        },
      ],
    };
  },
};
