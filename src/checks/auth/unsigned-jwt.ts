import { succeeded } from '../call-record.js';
import type { OperationCheck } from '../types.js';
import { probeOf } from './probes.js';
import { clause } from '../clauses.js';

export const authUnsignedJwt: OperationCheck = {
  id: 'auth-unsigned-jwt',
  scope: 'operation',
  ...clause('authorization-and-token-lifetime'),
  standards: ['owasp-api2-unsigned-jwt'],
  severity: 'warning',
  title: 'An unsigned JWT ("alg": "none") is accepted',
  description:
    'The server refuses an unrelated token but accepts an Unsecured JWT (RFC 7519 §6.1): the header {"alg":"none","typ":"JWT"}, the claims of the valid token where it is a JWT (else {"sub":"1"}), and an empty signature. It trusts the algorithm a token names, so anyone can write a token it takes, for whatever subject. A warning, since the spec does not say what a server must answer to an invalid token (5); judged only where the same operation refused the wrong token, so a server that checks no token at all is not reported twice.',
  run(calls) {
    const wrongToken = calls.find((call) => probeOf(call) === 'wrong-token');
    if (wrongToken?.status === undefined || succeeded(wrongToken)) return [];
    const unsigned = calls.find((call) => probeOf(call) === 'unsigned-jwt');
    if (!unsigned || !succeeded(unsigned)) return [];
    return [
      {
        instancePath: '',
        expected: 'a JWT with "alg": "none" and no signature refused, as the wrong token was',
        actual: 'accepted: answered HTTP 200 with data, as calls with the valid token are',
      },
    ];
  },
};
