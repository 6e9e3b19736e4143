import { type ExchangeCheck, everyIntent } from '../types.js';
import { sfList } from './_internals/structured-fields.js';
import { clause } from '../clauses.js';

export const cacheStatus: ExchangeCheck<'response'> = {
  id: 'cache-status',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9211-2-cache-status'],
  severity: 'warning',
  title: 'A Cache-Status that is no Structured Fields List',
  description:
    'An answer whose Cache-Status is no List of Structured Fields, or holds a member that names no cache: the field\'s "value is a List (Section 3.1 of [STRUCTURED-FIELDS])" (RFC 9211 §2), each member the identifier of a cache that handled the request, a String or a Token, its parameters (`hit`, `fwd=miss`, `ttl=30`) written with lower-case keys (RFC 8941 §3.1.2: `key = ( lcalpha / "*" ) *( lcalpha / DIGIT / "_" / "-" / "." / "*" )`). A parser of Structured Fields throws away the whole field where any of it breaks the grammar (RFC 8941 §4.2): `otp-edge; HIT`, an edge cache\'s own upper-case keyword, tells a client or an operator nothing. A warning: the spec shows no header of an answer.',
  needs: 'response',
  intents: everyIntent,
  run(exchange) {
    const field = exchange.response.headers['cache-status'];
    if (field === undefined) return [];
    const members = sfList(field);
    if (members && members.every(({ kind }) => kind === 'token' || kind === 'string')) return [];
    return [
      {
        instancePath: '',
        expected: 'cache-status: a List of caches, each a Token or String with lower-case parameters (otp-edge; fwd=miss) (RFC 9211 §2, RFC 8941 §3.1)',
        actual: `cache-status: ${field}`,
      },
    ];
  },
};
