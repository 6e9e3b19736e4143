import { succeeded } from '../call-record.js';
import type { OperationCheck } from '../types.js';
import { type AuthProbe, otherForms, probeOf } from './probes.js';

const formShown: Partial<Record<AuthProbe, string>> = { 'bearer-space': 'Bearer <TOKEN>', 'bearer-lowercase-space': 'bearer <TOKEN>', 'token-only': '<TOKEN>' };

export const authDocumentedHeader: OperationCheck = {
  id: 'auth-documented-header',
  scope: 'operation',
  rule: '5 rule 2',
  quote: 'The header value shown is the word bearer directly followed by the token, with no separating space: bearer<ACCESS_TOKEN>.',
  standards: [],
  severity: 'error',
  title: 'Documented authorization header refused',
  description:
    'The documented header is refused while the same token written another way is accepted: every client written from the spec fails. Judged only when every conforming call failed, so that a refusal for another reason (a missing record, a rule the spec does not show) is not mistaken for it.',
  run(calls) {
    // An answer a recording cut short is neither a refusal nor a success.
    const documented = calls.filter((call) => call.intent === 'conforming' && !call.bodyCut);
    if (documented.length === 0 || documented.some(succeeded)) return [];
    const accepted = calls
      .map((call) => ({ call, probe: probeOf(call) }))
      .find(({ call, probe }) => probe !== undefined && otherForms.includes(probe) && succeeded(call));
    if (accepted?.probe === undefined) return [];
    return [
      {
        instancePath: '',
        expected: 'authorization: bearer<TOKEN> accepted (no space)',
        actual: `refused on all ${documented.length} call${documented.length === 1 ? '' : 's'}, while ${accepted.probe} (${formShown[accepted.probe]}) is accepted`,
      },
    ];
  },
};
