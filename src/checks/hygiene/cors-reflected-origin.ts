import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

export const corsReflectedOrigin: ExchangeCheck<'response'> = {
  id: 'cors-reflected-origin',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['owasp-api8-cors'],
  severity: 'warning',
  title: 'CORS shares credentialed answers with an origin the server cannot know',
  description:
    'The kit sends the first valid call of each operation again with `Origin: https://otp-conformance.invalid`, a site under a name reserved never to resolve (RFC 2606), as a browser sends a call that a page of another site makes, and a CORS preflight with that Origin to one operation of each path style. The answer grants that origin `Access-Control-Allow-Origin` beside `Access-Control-Allow-Credentials: true`: the server allows whatever origin asks (it echoes the Origin, or matches every one), so any page a signed-in member opens may send calls with the member\'s credentials and read the answers (OWASP API8, "A Cross-Origin Resource Sharing (CORS) policy is missing or improperly set"). No CORS fields, or a grant to the server\'s own origins only, is right. A warning: the spec says nothing of browsers.',
  needs: 'response',
  intents: ['http-probe'],
  run(exchange) {
    const sent = exchange.request.headers.origin;
    if (sent === undefined) return [];
    const { headers } = exchange.response;
    const origin = headers['access-control-allow-origin']?.trim();
    const credentials = headers['access-control-allow-credentials']?.trim().toLowerCase();
    // Origins are compared as strings (Fetch, CORS check); a scheme or host in capitals is the same one.
    if (origin?.toLowerCase() !== sent.toLowerCase() || credentials !== 'true') return [];
    return [
      {
        instancePath: '',
        expected: 'credentials shared only with the origins the server names, not with one it cannot know',
        actual: `to Origin: ${sent}, access-control-allow-origin: ${origin}, access-control-allow-credentials: true`,
      },
    ];
  },
};
