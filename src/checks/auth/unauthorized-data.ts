import type { OperationCheck } from '../types.js';
import { probedWith, probeOf, servedRecords, withoutValidToken } from './probes.js';
import { clause } from '../clauses.js';

export const authUnauthorizedData: OperationCheck = {
  id: 'auth-unauthorized-data',
  scope: 'operation',
  ...clause('authorization-and-refusal'),
  standards: ['owasp-api2-token-authenticity'],
  severity: 'warning',
  title: 'Data served without valid authorization',
  description:
    'Records handed out to a call with no valid token: no header, an empty one, a wrong token, or no header at the path written with one slash where section 4 writes two (`/pc/…`), which a front that normalises paths may route past an authorization bound to the documented path. The spec does not say what a server must answer then (5), but every operation "takes the header authorization, a required string".',
  appliesTo: (operation) => operation.response.kind !== 'object',
  run(calls) {
    return calls
      .filter((call) => probedWith(call, withoutValidToken) && servedRecords(call))
      .map((call) => ({
        instancePath: '/data',
        expected: 'no records without a valid token',
        actual:
          probeOf(call) === 'no-header-single-slash'
            ? `records served to a call with no authorization header at ${call.wirePath}, the path with one slash`
            : `records served to a call with ${probeOf(call)}`,
      }));
  },
};
