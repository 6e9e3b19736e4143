import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';
import { requiredField } from './_internals/field-required.js';

export const allowHeader: ExchangeCheck<'response'> = {
  id: 'allow-header',
  scope: 'exchange',
  ...clause('post-unless-marked'),
  standards: ['rfc9110-15.5.6-allow'],
  severity: 'warning',
  title: 'HTTP 405 without an Allow header',
  description:
    'An HTTP 405 (Method Not Allowed) answer without an Allow header: "The origin server MUST generate an Allow header field in a 405 response containing a list of the target resource\'s currently supported methods" (RFC 9110 §15.5.6). The kit meets it on the HEAD it sends to each operation\'s path (the HTTP probes); a client told "not this method" is not told which. A warning: section 4 documents no other method, and answering HTTP 200 with a refusal in the envelope is as good.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  // "An empty Allow field value indicates that the resource allows no methods" (RFC 9110 §10.2.1).
  run: (exchange) =>
    requiredField(exchange, { status: 405, name: 'Allow', emptySays: true }, 'an Allow header listing the methods the path takes (RFC 9110 §15.5.6)'),
};
