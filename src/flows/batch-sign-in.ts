import { keepStep } from '../checks/kept-exchange.js';
import { carriesData, isErrorResult, isPlainObject, jsonBody } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';
import { mappedSignIn, noMappedSignIn, signInFlowClause } from './_internals/sign-in.js';
import type { Flow, FlowFinding } from './flow.js';
import { unanswered } from './records.js';

/**
 * Answered as a success: no refusal status, no error result on evidence (isErrorResult), and a
 * result to show for it: `data` that holds something (an object with members, an array with
 * elements, one answer per sign-in), or the code "200" beside an empty one, as login's sample
 * success is (4 #12: "empty object in the sample").
 */
function answeredAsSuccess(exchange: Exchange): boolean {
  const body = jsonBody(exchange);
  const status = exchange.response?.status ?? 0;
  if (status >= 400 || !isPlainObject(body) || isErrorResult(body, status)) return false;
  const { data } = body;
  return carriesData(data) || (Array.isArray(data) && data.length > 0) || String(body.code) === '200';
}

/** The member's sign-in, as the operation map gives it to the token operation (4.1), sent to the token operation and to #12 login in a JSON array of one: a batch. */
export const batchSignIn: Flow = {
  id: 'flow-batch-sign-in',
  group: 'member-account',
  title: 'A sign-in sent as a batch of credentials',
  description:
    'Sends the member\'s sign-in as the operation map gives it to the token operation (4.1) in a JSON array of one, to the token operation and then, as {mobile, password}, to #12 login, both without a token as a client that has none asks them: the body of a batch of sign-ins, where each operation takes an object. One call each: an array of one is already no object, and a server that takes one takes a thousand. Reported where either is answered as a success (no refusal status, no error result on evidence, and data that holds something or the code "200"): an array of {mobile, password} is a batch of guesses, one request trying as many passwords as it holds, past any limit or lockout that counts requests (OWASP API2, "Permits attackers to perform a brute force attack on the same user account, without presenting captcha/account lockout mechanism"; API4, no limit on the "Number of operations to perform in a single API client request"). A refusal, whatever it says, is what a server should answer. The member\'s password is a secret of the run. Only where an operation map gives the token operation a body with one password. Warning: the spec shows only the operations\' names and #12\'s fields (4, 4.1, 5).',
  ...signInFlowClause,
  async run(context) {
    const signIn = mappedSignIn((id) => context.mappedBody(id));
    if (!signIn) return noMappedSignIn;
    const { body, password } = signIn;
    const batches = [
      { operationId: 'token-get', credentials: body },
      ...(typeof body.mobile === 'string' ? [{ operationId: 'login', credentials: { mobile: body.mobile, password } }] : []),
    ];
    const taken: Exchange[] = [];
    for (const { operationId, credentials } of batches) {
      const answer = await context.call(operationId, { ...credentials }, 'batch-without-token');
      if (unanswered(answer)) return { completed: false, reason: `the batch sent to ${operationId} gave no answer`, findings: [] };
      if (answeredAsSuccess(answer)) taken.push(answer);
    }
    const [first] = taken;
    const findings: FlowFinding[] = first
      ? [
          {
            instancePath: '',
            expected: 'a body that is no JSON object refused',
            actual: `a JSON array of sign-ins answered as a success by ${taken.map((answer) => answer.operation.path).join(' and ')}`,
            exchange: first,
            steps: taken.map(keepStep),
          },
        ]
      : [];
    return { completed: true, findings };
  },
};
