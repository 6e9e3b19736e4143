import { type ExchangeCheck, everyIntent } from '../types.js';
import { clause } from '../clauses.js';

export const hstsCleartext: ExchangeCheck<'response'> = {
  id: 'hsts-cleartext',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc6797-7.2-no-sts-over-cleartext'],
  severity: 'warning',
  title: 'Strict-Transport-Security sent over cleartext',
  description:
    'An answer to a request sent to an `http://` URL carries Strict-Transport-Security. "An HSTS Host MUST NOT include the STS header field in HTTP responses conveyed over non-secure transport" (RFC 6797 §7.2): a user agent ignores it there (§8.1), so the policy is not what protects the host, and a field that an attacker on the path could as well have added or removed says the server\'s TLS and plain-HTTP configurations are mixed (a header snippet written for the TLS server block included in the one that serves cleartext). Over `https://` the field is what it is for, and is not judged. A warning: the spec says nothing of transport security.',
  needs: 'response',
  intents: everyIntent,
  run(exchange) {
    const sts = exchange.response.headers['strict-transport-security'];
    if (sts === undefined || !/^http:/i.test(exchange.request.url)) return [];
    return [
      {
        instancePath: '',
        expected: 'no Strict-Transport-Security over a non-secure transport (RFC 6797 §7.2)',
        actual: `strict-transport-security: ${sts} over http://`,
      },
    ];
  },
};
