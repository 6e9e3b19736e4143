import { answerKind, refusedToken, succeeded, withTheToken } from '../call-record.js';
import { httpProbeOf } from '../http-probes.js';
import { probeOf } from '../auth/probes.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

/** "No such record" as HTTP names it (RFC 9110 15.5.5): HTTP 404, or 404 as the envelope's code, whose values the spec does not show (7). */
const notFound = (call: CallRecord): boolean => call.status === 404 || String(call.envelope?.code) === '404';

/**
 * Whether the OPTIONS probe was answered as the operation: the records a read answers, or, where
 * the operation's data is the empty object (a create, a publish, a delete: nothing but the envelope
 * shows it was done), a success, or the "no such record" calls with the token got (where the delete
 * the probe re-sends already took its record). Not another refusal calls with the token got: a
 * server may refuse a method it does not take with the code it gives bad input or a server error.
 */
function servedAsTheOperation(options: CallRecord, calls: readonly CallRecord[]): boolean {
  if (succeeded(options) && options.envelope.records > 0) return true;
  if (options.operation.response.kind !== 'object') return false;
  if (succeeded(options)) return true;
  return notFound(options) && calls.some((call) => withTheToken(call) && call.envelope !== undefined && answerKind(call) === answerKind(options));
}

export const optionsServedAsOperation: OperationCheck = {
  id: 'options-served-as-operation',
  scope: 'operation',
  ...clause('authorization-and-refusal'),
  standards: ['owasp-api5-method-change'],
  severity: 'warning',
  title: 'An OPTIONS without a token served as the operation',
  description:
    'The kit sends the first valid call of each operation again as OPTIONS, with its body and without the authorization header, as a CORS preflight reaches the path (a preflight carries no credentials, so servers let OPTIONS past their token check). The call with no header is refused, and the OPTIONS is answered as the operation: with the records the operation answers, or, on an operation whose data is the empty object (a create, a publish, a delete), with its success envelope or the "no such record" (HTTP 404 or code "404") calls with the token got, where the delete the probe sends again already took its record. Other refusals are not held against it, even where calls with the token got the same: a server may refuse a method it does not take with the code it gives bad input or a server error. A server that answers a method it does not route with the same 404 it gives a record it does not have is reported on such operations. The server routed the OPTIONS to the operation\'s handler past the guard: anyone can carry the operation out, or read what it answers, by changing the method ("Exploitation requires the attacker to send legitimate API calls to an API endpoint that they should not have access to as anonymous users", OWASP API5:2023). An OPTIONS answered with no body, with Allow or CORS fields, a 405, or any refusal the calls with the token did not get is right. A success envelope without records is not judged on a read; on an operation whose data is the empty object it cannot be told from the operation done, and is reported. A warning: the spec says nothing of OPTIONS.',
  run(calls) {
    const noHeader = calls.find((call) => probeOf(call) === 'no-header');
    if (noHeader?.envelope === undefined || succeeded(noHeader)) return [];
    const options = calls.find((call) => httpProbeOf(call) === 'options');
    if (options?.envelope === undefined || options.bodyCut || refusedToken(options) || answerKind(options) === answerKind(noHeader)) return [];
    if (!servedAsTheOperation(options, calls)) return [];
    return [
      {
        instancePath: '',
        expected: `an OPTIONS without a token answered for the path (no body, Allow or CORS fields, a 405) or refused, as the call with no header was (HTTP ${noHeader.status}, code ${JSON.stringify(noHeader.envelope.code)})`,
        actual: `answered as the operation (HTTP ${options.status}, code ${JSON.stringify(options.envelope.code)}${options.envelope.records > 0 ? `, ${options.envelope.records} record(s)` : ''})`,
        calls: [noHeader, options],
      },
    ];
  },
};
