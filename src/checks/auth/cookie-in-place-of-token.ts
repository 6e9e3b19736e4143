import type { OperationCheck } from '../types.js';
import { letInWithoutHeader } from './probes.js';
import { clause } from '../clauses.js';

export const authCookieInPlaceOfToken: OperationCheck = {
  id: 'auth-cookie-in-place-of-token',
  scope: 'operation',
  ...clause('authorization-and-refusal'),
  standards: ['owasp-api2-authentication-flows'],
  severity: 'warning',
  title: 'A call with no token let in by the cookies the sign-in set',
  description:
    'The kit signs in once a run (#12 login, with the coverage pass\'s fixed body) and keeps the cookies its answer sets (those whose value is long enough to be a session: 8 characters or more, each redacted wherever the kit writes). The call with no authorization header is refused, but the same call with those cookies in a Cookie field, as a browser sends them with every request to the host, is answered as calls with the valid token are (the same status and envelope code: a success, or "no such record" where a delete sent again finds its record gone). The operation takes a session in place of the header section 5 has every operation take: a second way in, one any page the member visits can use, since a browser attaches the cookie to the requests other sites make it send (RFC 6265 §8.2). "Make sure you know all the possible flows to authenticate to the API" (OWASP API2). A warning, since the spec does not say what a server must answer to a missing token (5). Not judged where the sign-in set no cookie.',
  run(calls) {
    const shown = letInWithoutHeader(calls, 'session-cookie');
    if (!shown) return [];
    const { noHeader, letIn } = shown;
    return [
      {
        instancePath: '',
        expected: `a call with no authorization header refused whatever cookies it carries, as the call with no header was (HTTP ${noHeader.status}, code ${JSON.stringify(noHeader.envelope.code)})`,
        actual: `answered as calls with the valid token are (HTTP ${letIn.status}, code ${JSON.stringify(letIn.envelope.code)}), where it carries the cookies the sign-in set`,
        calls: [noHeader, letIn],
      },
    ];
  },
};
