import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** Directives that let a shared cache keep an answer to a request with credentials (RFC 9111 §3.5). */
const SHARED = /(?:^|,)\s*(?:public|s-maxage\s*=)/i;

export const sharedCache: ExchangeCheck<'response'> = {
  id: 'shared-cache',
  scope: 'exchange',
  ...clause('authorization-header'),
  standards: ['owasp-api8-cache-control'],
  severity: 'warning',
  title: "The member's answer offered to shared caches",
  description:
    'An answer to a call carrying the member\'s token whose Cache-Control says `public` or gives `s-maxage`. A shared cache (a proxy, a CDN) does not store an answer to a request with an `authorization` header unless the answer allows it with just these directives (RFC 9111 §3.5): with them, the next client that asks the same thing through that cache may be handed this member\'s records (OWASP API8, "Security or cache control directives are not sent to clients"). A warning: the spec says nothing of caching.',
  needs: 'response',
  intents: ['conforming'],
  run(exchange) {
    const cacheControl = exchange.response.headers['cache-control'];
    if (cacheControl === undefined || !SHARED.test(cacheControl) || !exchange.request.headers.authorization) return [];
    return [{ instancePath: '', expected: 'no public or s-maxage on an answer to a call with the token', actual: `cache-control: ${cacheControl}` }];
  },
};
