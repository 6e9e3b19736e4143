import { wirePath } from '../../catalogue/operations.js';
import { succeeded } from '../call-record.js';
import type { CallRecord, OperationCheck } from '../types.js';

/** Whether the call went to the operation's path with the doubled slash section 4 writes. */
const atDocumentedPath = (call: CallRecord) => call.wirePath.endsWith(wirePath(call.operation));

export const documentedPath: OperationCheck = {
  id: 'documented-path',
  scope: 'operation',
  rule: '4',
  quote: 'Paths under /pc and /auth are written with a doubled slash after the base address; paths under /openapi with a single one.',
  standards: [],
  severity: 'error',
  title: 'Documented path refused',
  description:
    'The operation is refused at its documented path, with the doubled slash, while the same call with a single slash is served: every client written from the spec fails. Judged only when every call at the documented path failed, so that a refusal for another reason is not mistaken for it.',
  appliesTo: (operation) => operation.pathStyle === 'double-slash',
  run(calls) {
    // An answer a recording cut short is neither a refusal nor a success.
    const documented = calls.filter((call) => call.intent === 'conforming' && !call.bodyCut && atDocumentedPath(call));
    if (documented.length === 0 || documented.some(succeeded)) return [];
    const served = calls.find((call) => !atDocumentedPath(call) && succeeded(call));
    if (!served) return [];
    return [
      {
        instancePath: '',
        expected: `${wirePath(served.operation)} served (a doubled slash after the base address)`,
        actual: `refused on all ${documented.length} call${documented.length === 1 ? '' : 's'} at ${wirePath(served.operation)}, while ${served.operation.path} is served`,
      },
    ];
  },
};
