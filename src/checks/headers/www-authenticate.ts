import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';
import { requiredField } from './_internals/field-required.js';

export const wwwAuthenticate: ExchangeCheck<'response'> = {
  id: 'www-authenticate',
  scope: 'exchange',
  ...clause('token-behaviour-not-shown'),
  standards: ['rfc9110-11.6.1-www-authenticate'],
  severity: 'warning',
  title: 'HTTP 401 without a WWW-Authenticate challenge',
  description:
    'An HTTP 401 answer without a WWW-Authenticate header: "A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge" (RFC 9110 §11.6.1), which tells a client how to authenticate (`Bearer realm="otp"`). A warning: how a server refuses a token is not shown (5), and refusing in the envelope with HTTP 200 is as good.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'auth-probe'],
  run: (exchange) =>
    requiredField(exchange, { status: 401, name: 'WWW-Authenticate', emptySays: false }, 'a WWW-Authenticate challenge with the 401 (RFC 9110 §11.6.1)'),
};
