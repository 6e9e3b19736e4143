import { type ExchangeCheck, everyIntent } from '../types.js';
import { listMembers } from './_internals/field-list.js';
import { clause } from '../clauses.js';

/** The options a Connection field lists (RFC 9110 7.6.1: `Connection = #connection-option`), in lower case: they are case-insensitive. */
const connectionOptions = (field: string | undefined): string[] => listMembers(field).map((option) => option.toLowerCase());

export const upgradeConnectionOption: ExchangeCheck<'response'> = {
  id: 'upgrade-connection-option',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-7.8-upgrade-connection-option'],
  severity: 'warning',
  title: 'Upgrade without the "upgrade" connection option',
  description:
    'An answer carries an Upgrade header whose Connection header lists no `upgrade` option (or is absent). "A sender of Upgrade MUST also send an "Upgrade" connection option in the Connection header field (Section 7.6.1) to inform intermediaries not to forward this field" (RFC 9110 §7.8): Upgrade offers protocols for one connection only, and without the option a proxy passes the offer on to hops it was never made to, where clients that take it as an offer of their own connection fail (Safari refuses such answers behind nginx). The option is matched without regard to case, as one member of the Connection list (`Connection: keep-alive, Upgrade` is right). Typical cause: a front proxy that writes its own Connection field but copies the upstream\'s Upgrade through. Judged on every call, probes included. A warning: the spec says nothing of protocol upgrades.',
  needs: 'response',
  intents: everyIntent,
  run(exchange) {
    const { headers } = exchange.response;
    const upgrade = headers.upgrade;
    if (upgrade === undefined || connectionOptions(headers.connection).includes('upgrade')) return [];
    return [
      {
        instancePath: '',
        expected: 'Connection listing the "upgrade" option beside Upgrade (RFC 9110 §7.8)',
        actual: `upgrade: ${upgrade} with ${headers.connection === undefined ? 'no Connection field' : `connection: ${headers.connection}`}`,
      },
    ];
  },
};
