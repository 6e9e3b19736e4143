import { type ExchangeCheck, everyIntent } from '../types.js';
import { clause } from '../clauses.js';
import { requiredField } from './_internals/field-required.js';

export const upgradeHeader: ExchangeCheck<'response'> = {
  id: 'upgrade-header',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-15.5.22-upgrade'],
  severity: 'warning',
  title: 'HTTP 426 without an Upgrade header',
  description:
    'An HTTP 426 (Upgrade Required) answer without an Upgrade header: "The server MUST send an Upgrade header field in a 426 response to indicate the required protocol(s) (Section 7.8)" (RFC 9110 §15.5.22). The kit meets a 426 most often on the first valid call it sends in HTTP/1.0 (the HTTP probes), which a server may refuse: refusing HTTP/1.0 is allowed, but a client told "not this protocol" must be told which (`Upgrade: HTTP/1.1`). Judged on every call, probes included. A warning: the spec says nothing of HTTP versions.',
  needs: 'response',
  intents: everyIntent,
  run: (exchange) =>
    requiredField(exchange, { status: 426, name: 'Upgrade', emptySays: false }, 'an Upgrade header naming the protocols required (RFC 9110 §15.5.22)'),
};
