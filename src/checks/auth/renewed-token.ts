import { refusedToken, succeeded, withTheToken } from '../call-record.js';
import type { OperationCheck } from '../types.js';
import { probeOf } from './probes.js';

export const authRenewedToken: OperationCheck = {
  id: 'auth-renewed-token',
  scope: 'operation',
  rule: '5 rule 3',
  quote: 'A token is obtained with the token operation (group Token, POST, listed in 4.1).',
  standards: [],
  severity: 'warning',
  title: 'A token the token operation issued is refused',
  description:
    "Where the run has the token operation (4.1, placed by an operation map), the kit asks it for a token twice, one call after the other, so that the second is a renewal however the run got its own token, and sends the first valid call of each operation again with the token the renewal answered (in the run's scheme, read at the map's `token` pointer, or where it names none as the one credential the answer holds; redacted wherever the kit writes). That token is refused (HTTP 401 or 403, or code \"401\" or \"403\") where the run's token is accepted: the operation hands out tokens the operations do not take, so a client that renews its token, as every client does once its token expires, is locked out. A token is what the token operation answers (5 rule 3). A warning: the shape of the operation's answer and the lifetime of tokens are not shown (5), and the kit reads the token where the map says it is. Not judged where the renewal answered the run's own token. A server that keeps one token per member, each issue revoking the one before, is one the kit cannot run against with its token operation called: the renewal ends the run's token, which the kit renews once, as after any refusal, and the renewal's token is then refused.",
  run(calls) {
    const renewed = calls.find((call) => probeOf(call) === 'renewed-token');
    if (!renewed || !refusedToken(renewed)) return [];
    // A success shows the token accepted best; any answer that does not refuse it shows it too.
    const accepted = calls.find((call) => withTheToken(call) && succeeded(call)) ?? calls.find((call) => withTheToken(call) && !refusedToken(call));
    if (!accepted) return [];
    return [
      {
        instancePath: '',
        expected: "a token the token operation issued accepted, as the run's token is",
        actual: `the token a renewal answered refused (HTTP ${renewed.status}, code ${JSON.stringify(renewed.envelope?.code)}), where the run's token was accepted (HTTP ${accepted.status}, code ${JSON.stringify(accepted.envelope?.code)})`,
        calls: [accepted, renewed],
      },
    ];
  },
};
