import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** Headers that exist only to name the software behind the answer, whatever they say. */
const NAMING_HEADERS = ['x-powered-by', 'x-aspnet-version', 'x-aspnetmvc-version'];
/** A version number: what turns a product's name into a list of its known flaws. */
const VERSION = /\d+\.\d+/;

export const versionDisclosure: ExchangeCheck<'response'> = {
  id: 'version-disclosure',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['rfc9110-10.2.4-server', 'owasp-api8-out-of-date'],
  severity: 'info',
  title: 'Response headers name the server software and its version',
  description:
    'Headers that name the software behind the answer: a Server header with a version (`nginx/1.18.0`, `Apache/2.4.41 (Ubuntu)`), and X-Powered-By, X-AspNet-Version or X-AspNetMvc-Version whatever they say. "An origin server SHOULD NOT generate a Server header field containing needlessly fine-grained detail" (RFC 9110 §10.2.4): a version lets an attacker look up the flaws of that release (OWASP API8). Info: the spec says nothing of headers, and the name alone harms no client.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const { headers } = exchange.response;
    const named = NAMING_HEADERS.filter((name) => headers[name] !== undefined).map((name) => `${name}: ${headers[name]}`);
    const server = headers.server;
    if (server !== undefined && VERSION.test(server)) named.unshift(`server: ${server}`);
    if (named.length === 0) return [];
    return [{ instancePath: '', expected: 'no product version in the headers (RFC 9110 §10.2.4)', actual: named.join('; ') }];
  },
};
