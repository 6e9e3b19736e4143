import { hasDataSchema } from '../data/data-issues.js';
import type { OperationCheck } from '../types.js';

export const operationVerified: OperationCheck = {
  id: 'operation-verified',
  scope: 'operation',
  rule: '4',
  quote: 'Result payload. Its shape depends on the operation.',
  standards: [],
  severity: 'info',
  title: 'No call returned a result whose data could be checked',
  description:
    'Every call answered with an error result (or not at all), so the documented shape of `data` was never seen. Not a broken rule: the kit could not verify, and says so. The calls of a delete to an id no server holds (where the run could make no record of its own to delete) are left out: an error result is what they ask for.',
  appliesTo: hasDataSchema,
  run(calls) {
    // An answer a recording cut short shows neither data nor its absence. A delete that could make no
    // record of its own asks for ids no server holds (`unknown-id:`): an error result is its answer.
    const conforming = calls.filter((call) => call.intent === 'conforming' && !call.bodyCut && !call.path.startsWith('unknown-id:'));
    // Calls that got no answer at all are response-received's finding; this one is about answers.
    if (!conforming.some((call) => call.status !== undefined && call.status !== 429) || conforming.some((call) => call.envelope?.hasData)) return [];
    return [
      {
        instancePath: '/data',
        expected: 'at least one result with data to check',
        actual: `${conforming.length} calls, none with a result whose data could be checked (error results, or bodies that are not the envelope)`,
      },
    ];
  },
};
