import { succeeded } from '../call-record.js';
import type { OperationCheck } from '../types.js';
import { nearMissTokens, probedWith, probeOf } from './probes.js';
import { clause } from '../clauses.js';

export const authNearMissToken: OperationCheck = {
  id: 'auth-near-miss-token',
  scope: 'operation',
  ...clause('authorization-and-token-lifetime'),
  standards: ['owasp-api2-token-authenticity'],
  severity: 'warning',
  title: 'A token one slip away from the valid one is accepted',
  description:
    'The server refuses an unrelated token but accepts one that is the valid token with a character appended, its last character changed, cut to its first half or in another letter case: it compares tokens loosely, so a guessed or mistyped token gets in. A warning, since the spec does not say what a server must answer to an invalid token (5); judged only where the same operation refused the wrong token, so a server that checks no token at all is not reported twice.',
  run(calls) {
    const wrongToken = calls.find((call) => probeOf(call) === 'wrong-token');
    if (wrongToken?.status === undefined || succeeded(wrongToken)) return [];
    const accepted = calls.filter((call) => probedWith(call, nearMissTokens) && succeeded(call));
    if (accepted.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: 'a token that is not the valid one refused, as the wrong token was',
        actual: `accepted: ${accepted.map((call) => probeOf(call)).join(', ')}`,
      },
    ];
  },
};
