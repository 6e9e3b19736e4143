import { carriesData, isErrorResult, isPlainObject, jsonBody } from '../preconditions.js';
import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';

/**
 * Answered as a success: no refusal status, no error result on evidence (isErrorResult), and a
 * result to show for it: `data` that holds something (an object with members, an array with
 * elements, one answer per sign-in), or the code "200" beside an empty one, as login's sample
 * success is (4 #12: "empty object in the sample").
 */
function answeredAsSuccess(body: unknown, status: number): boolean {
  if (status >= 400 || !isPlainObject(body) || isErrorResult(body, status)) return false;
  const { data } = body;
  return carriesData(data) || (Array.isArray(data) && data.length > 0) || String(body.code) === '200';
}

export const batchSignIn: ExchangeCheck = {
  id: 'batch-sign-in',
  scope: 'exchange',
  rule: '4 #12, 5 rule 3',
  quote: '/pc/auth/login | mobile, password | empty object in the sample',
  standards: ['owasp-api4-operations-per-request'],
  severity: 'warning',
  title: 'A sign-in answered as a success to a batch of credentials',
  description:
    'At an operation a client signs in with (the token operation of 4.1, #12 login), a body that is a JSON array where the operation takes an object of fields (the member’s sign-in in an array of one, which the flow `flow-batch-sign-in` sends; an array among the hostile bodies), answered as a success: no refusal status, no error result on evidence, and data that holds something or the code "200". An array of {mobile, password} is a batch of guesses: one request tries as many passwords as it holds, past any limit or lockout that counts requests (OWASP API2, "Permits attackers to perform a brute force attack on the same user account, without presenting captcha/account lockout mechanism"; API4, no limit on the "Number of operations to perform in a single API client request"). A refusal, whatever it says, is what a server should answer. A warning: what a sign-in answers to a body of another JSON type is not shown (4.1).',
  needs: 'json',
  intents: ['hostile', 'flow'],
  appliesTo: (operation) => operation.signsIn === true || operation.id === 'token-get',
  run(exchange) {
    const sent = sentBody(exchange);
    if (!Array.isArray(sent) || !answeredAsSuccess(jsonBody(exchange), exchange.response!.status)) return [];
    return [
      {
        instancePath: '',
        expected: 'a body that is no JSON object refused',
        actual: `a JSON array of ${sent.length} element${sent.length === 1 ? '' : 's'}, answered as a success`,
      },
    ];
  },
};
