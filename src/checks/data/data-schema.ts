import type { ExchangeCheck } from '../types.js';
import { dataIssues, hasDataSchema } from './data-issues.js';

export const dataSchema: ExchangeCheck<'data'> = {
  id: 'data-schema',
  scope: 'exchange',
  rule: '2.2–2.9, 4',
  quote:
    'Result payload. Its shape depends on the operation. … array of records (the record type depends on the operation) … Types are as the sample gives them.',
  standards: [],
  severity: 'error',
  title: 'Response data does not match its documented record',
  description: "A documented field of the operation's `data` missing or of another type than the spec states.",
  needs: 'data',
  intents: ['conforming'],
  appliesTo: hasDataSchema,
  run: (exchange, { validator }) => dataIssues(exchange, validator, 'documented'),
};
