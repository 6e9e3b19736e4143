import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const corsCredentialsWildcard: ExchangeCheck<'response'> = {
  id: 'cors-credentials-wildcard',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['owasp-api8-cors'],
  severity: 'warning',
  title: 'CORS allows every origin with credentials',
  description:
    'Access-Control-Allow-Origin: * beside Access-Control-Allow-Credentials: true. Browsers refuse the pair, so the policy does not work as written; and a server configured to share credentialed answers with every origin is one step from echoing the Origin it is sent, which lets any page read a signed-in user\'s records (OWASP API8, "A Cross-Origin Resource Sharing (CORS) policy is missing or improperly set"). A warning: the spec says nothing of browsers. Judged on the calls that send no Origin, the policy a server sends to everyone; the grant a call with an Origin gets is `cors-reflected-origin`\'s.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const { headers } = exchange.response;
    const origin = headers['access-control-allow-origin']?.trim();
    const credentials = headers['access-control-allow-credentials']?.trim().toLowerCase();
    if (origin !== '*' || credentials !== 'true') return [];
    return [
      {
        instancePath: '',
        expected: 'credentials shared only with named origins',
        actual: 'access-control-allow-origin: *, access-control-allow-credentials: true',
      },
    ];
  },
};
