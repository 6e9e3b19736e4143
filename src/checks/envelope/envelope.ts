import { envelopeSchemaIds } from '../../validation/validator.js';
import type { ExchangeCheck } from '../types.js';

export const envelope: ExchangeCheck<'json'> = {
  id: 'envelope',
  scope: 'exchange',
  rule: '2.1',
  quote:
    'Every response body is a JSON object with these fields. … data | object | Result payload. … status | string | Result hint text. … code | string | Response code. … message | string | Result hint text. … error | object | Error result data. … The create-order response for the alpha catalogue carries only `data`.',
  standards: [],
  severity: 'error',
  title: 'Envelope does not match 2.1',
  description:
    'Fields of the envelope missing or mistyped; on #14, envelope fields beside `data`. One deviation per answer, listing every field that fails. Every answer is judged, auth probes included: "Every response body is a JSON object with these fields."',
  needs: 'json',
  intents: ['conforming', 'hostile', 'auth-probe'],
  run(exchange, { validator }) {
    const issues = validator.validate(envelopeSchemaIds[exchange.operation.envelope], exchange.json);
    if (issues.length <= 1)
      return issues.map(({ instancePath, expected, actual, params }) => ({
        instancePath,
        expected,
        actual,
        ...(Object.keys(params).length > 0 ? { params } : {}),
      }));
    // One broken envelope is one cause: a single finding naming each field, at the envelope itself.
    const field = (instancePath: string) => instancePath || 'the body';
    return [
      {
        instancePath: '',
        expected: issues.map((issue) => `${field(issue.instancePath)}: ${issue.expected}`).join('; '),
        actual: issues.map((issue) => `${field(issue.instancePath)}: ${issue.actual}`).join('; '),
      },
    ];
  },
};
