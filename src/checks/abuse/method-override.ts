import { askedAlike, type EnvelopedCall } from '../call-record.js';
import { httpProbeOf, METHOD_OVERRIDE } from '../http-probes.js';
import type { CallRecord, OperationCheck } from '../types.js';
import { clause } from '../clauses.js';

/** HTTP 200 and no error result: the server says it did what the call asked. */
const done = (call: CallRecord): call is EnvelopedCall => call.status === 200 && call.envelope !== undefined && !call.envelope.errorResult && !call.bodyCut;

const fields = Object.keys(METHOD_OVERRIDE)
  .map((name) => `\`${name}: ${METHOD_OVERRIDE[name]}\``)
  .join(', ');

export const methodOverride: OperationCheck = {
  id: 'method-override',
  scope: 'operation',
  ...clause('post-unless-marked'),
  standards: ['owasp-api5-method-change'],
  severity: 'warning',
  title: 'A read turned into something else by a method-override field',
  description: `The kit sends the first valid call of each operation that only reads again with ${fields}, fields that method-override middleware reads as the method to route by. The documented call was answered with records, and this one with a success that carries none: the server took the call for another method, a delete or an update, on a path that section 4 gives to a read. A client that can change the method can do what the path's guard was never asked about ("Can a user perform sensitive actions (e.g. creation, modification, or deletion) that they should not have access to by simply changing the HTTP method (e.g. from GET to DELETE)?", OWASP API5:2023). The same records, or a refusal, is right. A warning: the spec says nothing of these fields.`,
  appliesTo: (operation) => operation.mutates === false,
  run(calls) {
    const probe = calls.filter(done).find((call) => httpProbeOf(call) === 'methodOverride');
    if (!probe || probe.envelope.records > 0) return [];
    const documented = calls.filter(done).find((call) => call.intent === 'conforming' && askedAlike(call, probe) && call.envelope.records > 0);
    if (!documented) return [];
    return [
      {
        instancePath: '',
        expected: `the records the same call got without the fields (${documented.envelope.records}), or a refusal`,
        actual: `HTTP ${probe.status}, code ${JSON.stringify(probe.envelope.code)}, a success with no records`,
        calls: [documented, probe],
      },
    ];
  },
};
