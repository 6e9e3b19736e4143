import { SAMPLE_TYPE_KEYWORD } from '../../validation/validator.js';
import { resultData } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';

/** A documented field of the operation's `data` missing or of another type than the spec states. */
export const dataSchema: ExchangeCheck = {
  id: 'data-schema',
  scope: 'exchange',
  rule: '2.2–2.9, 4',
  quote: 'Response `data`: the page or record of section 2 named in the table of section 4.',
  severity: 'error',
  title: 'Response data does not match its documented record',
  needs: 'data',
  appliesTo: (operation) => operation.response.kind !== 'object',
  run(exchange, { validator }) {
    const schemaId = validator.dataSchemaId(exchange.operation.response);
    if (!schemaId) return [];
    return validator
      .validate(schemaId, resultData(exchange))
      .filter((issue) => issue.keyword !== SAMPLE_TYPE_KEYWORD)
      .map((issue) => ({ ...issue, instancePath: `/data${issue.instancePath}` }));
  },
};
