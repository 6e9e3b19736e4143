import type { ExchangeCheck } from '../types.js';
import { dataIssues, hasDataSchema } from './data-issues.js';

export const sampleTypes: ExchangeCheck<'data'> = {
  id: 'sample-types',
  scope: 'exchange',
  rule: '2.3',
  quote: 'Types are as the sample gives them. … soCaMobile | integer in the sample',
  standards: [],
  severity: 'warning',
  title: "Field differs from the sample's type",
  description: 'A field the spec types only by its sample ("integer in the sample") carries another type.',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: hasDataSchema,
  run: (exchange, { validator }) => dataIssues(exchange, validator, 'sample'),
};
