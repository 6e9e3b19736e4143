import { SAMPLE_TYPE_KEYWORD } from '../../validation/validator.js';
import { resultData } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';

/** A field the spec types only by its sample ("integer in the sample") carries another type. */
export const sampleTypes: ExchangeCheck = {
  id: 'sample-types',
  scope: 'exchange',
  rule: '2.3',
  quote: 'Types are as the sample gives them. soCaMobile: integer in the sample.',
  severity: 'warning',
  title: "Field differs from the sample's type",
  needs: 'data',
  appliesTo: (operation) => operation.response.kind !== 'object',
  run(exchange, { validator }) {
    const schemaId = validator.dataSchemaId(exchange.operation.response);
    if (!schemaId) return [];
    return validator
      .validate(schemaId, resultData(exchange))
      .filter((issue) => issue.keyword === SAMPLE_TYPE_KEYWORD)
      .map((issue) => ({ ...issue, instancePath: `/data${issue.instancePath}` }));
  },
};
