import type { OperationCheck } from '../types.js';
import { INTERNAL_CALLER_FIELDS, letInWithoutHeader } from './probes.js';
import { clause } from '../clauses.js';

const fields = Object.entries(INTERNAL_CALLER_FIELDS)
  .map(([name, value]) => `\`${name}: ${value}\``)
  .join(', ');

export const authInternalCaller: OperationCheck = {
  id: 'auth-internal-caller',
  scope: 'operation',
  ...clause('authorization-and-refusal'),
  standards: ['owasp-api2-internal-caller'],
  severity: 'warning',
  title: 'A call with no token let in for naming loopback as its address',
  description: `The call with no authorization header is refused, but the same call with ${fields} (the fields a proxy names the client's address in, RFC 7239 and the two before it) is answered as calls with the valid token are (the same status and envelope code: a success, or "no such record" where a delete sent again finds its record gone). The server lets callers from its own network in without a token and believes the address the request writes: anyone can claim to be one of its services ("a microservice is vulnerable if … Other microservices can access it without authentication", OWASP API2). A warning, since the spec does not say what a server must answer to a missing token (5).`,
  run(calls) {
    const shown = letInWithoutHeader(calls, 'internal-caller');
    if (!shown) return [];
    const { noHeader, letIn: internal } = shown;
    return [
      {
        instancePath: '',
        expected: `a call with no authorization header refused whatever address it names, as the call with no header was (HTTP ${noHeader.status}, code ${JSON.stringify(noHeader.envelope.code)})`,
        actual: `answered as calls with the valid token are (HTTP ${internal.status}, code ${JSON.stringify(internal.envelope.code)}), where it names 127.0.0.1 in Forwarded, X-Forwarded-For and X-Real-IP`,
        calls: [noHeader, internal],
      },
    ];
  },
};
