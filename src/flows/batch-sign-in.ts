import { mappedSignIn } from './_internals/sign-in.js';
import type { Flow } from './flow.js';
import { unanswered } from './records.js';

/**
 * The member's sign-in, as the operation map gives it to the token operation (4.1), sent to the
 * token operation and to #12 login in a JSON array of one: a batch, whose answers the exchange
 * check `batch-sign-in` judges as it judges every step.
 */
export const batchSignIn: Flow = {
  id: 'flow-batch-sign-in',
  group: 'member-account',
  title: 'A sign-in sent as a batch of credentials',
  description:
    "Sends the member's sign-in as the operation map gives it to the token operation (4.1) in a JSON array of one, to the token operation and then, as {mobile, password}, to #12 login, both without a token as a client that has none asks them: the body of a batch of sign-ins, where each operation takes an object. One call each: an array of one is already no object, and a server that takes one takes a thousand. The answers are judged by `batch-sign-in` (a success is a batch of password guesses in one request); the flow has no verdict of its own. The member's password is a secret of the run. Only where an operation map gives the token operation a body with one password. Warning: the spec shows only the operations' names and #12's fields (4, 4.1, 5).",
  rule: '5 rule 3',
  quote: 'A token is obtained with the token operation (group Token, POST, listed in 4.1). … /pc/auth/login | mobile, password',
  severity: 'warning',
  operations: ['token-get', 'login'],
  async run(context) {
    const signIn = mappedSignIn((id) => context.mappedBody(id));
    if (!signIn) return { completed: false, reason: 'the operation map gives the token operation no body with a password', findings: [] };
    const { body, password } = signIn;
    const batches = [
      { operationId: 'token-get', credentials: body },
      ...(typeof body.mobile === 'string' ? [{ operationId: 'login', credentials: { mobile: body.mobile, password } }] : []),
    ];
    for (const { operationId, credentials } of batches) {
      if (unanswered(await context.call(operationId, { ...credentials }, 'batch-without-token')))
        return { completed: false, reason: `the batch sent to ${operationId} gave no answer`, findings: [] };
    }
    return { completed: true, findings: [] };
  },
};
