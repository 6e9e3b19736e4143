import { answerKind, type EnvelopedCall, refusedToken, withTheToken } from '../call-record.js';
import type { OperationCheck } from '../types.js';
import { type AuthProbe, probedWith, probeOf } from './probes.js';
import { clause } from '../clauses.js';

/**
 * The probes at the documented path that carry a header but no valid token; the call with no header
 * is what they are compared with. (The call at the path with one slash may be answered "no such
 * path" in the words of "no such record".)
 */
const INVALID_TOKENS: readonly AuthProbe[] = ['empty-value', 'wrong-token'];

export const authUnauthorizedChange: OperationCheck = {
  id: 'auth-unauthorized-change',
  scope: 'operation',
  ...clause('authorization-and-refusal'),
  standards: ['owasp-api2-token-authenticity'],
  severity: 'warning',
  title: 'A call without a valid token answered past the token',
  description:
    'On a create, publish or delete (an operation whose `data` is an empty object, so no records show what was let through), a call with an empty header or a wrong token gets an answer that calls with the valid token get (the same status and envelope code: a success, or "no such record"), while the call with no header at all is refused otherwise. The server read the call past its token, and would carry it out for anyone: it does not check the token, or checks only its form ("Doesn\'t validate the authenticity of tokens", OWASP API2). A server that answers every failure with one code is not judged, nor are the operations of signing in (#11, #12), which a client calls before it has a token. A warning: the spec does not say what a server must answer to an invalid token (5).',
  appliesTo: (operation) => operation.response.kind === 'object' && operation.signsIn !== true,
  run(calls) {
    const noHeader = calls.find((call) => probeOf(call) === 'no-header');
    if (noHeader?.envelope === undefined) return [];
    const refusal = answerKind(noHeader);
    const answeredWithTheToken = new Set(calls.filter((call) => withTheToken(call) && call.envelope !== undefined).map(answerKind));
    const passed = calls.filter(
      (call): call is EnvelopedCall =>
        probedWith(call, INVALID_TOKENS) &&
        call.envelope !== undefined &&
        !refusedToken(call) &&
        answerKind(call) !== refusal &&
        answeredWithTheToken.has(answerKind(call)),
    );
    const [first] = passed;
    if (!first) return [];
    return [
      {
        instancePath: '',
        expected: `a call without a valid token refused, as the call with no header was (HTTP ${noHeader.status}, code ${JSON.stringify(noHeader.envelope.code)})`,
        actual: `answered as calls with the valid token are (HTTP ${first.status}, code ${JSON.stringify(first.envelope.code)}): ${passed.map((call) => probeOf(call)).join(', ')}`,
        calls: [noHeader, ...passed],
      },
    ];
  },
};
