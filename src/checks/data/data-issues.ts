import type { Operation } from '../../catalogue/operations.js';
import { SAMPLE_TYPE_KEYWORD } from '../../validation/ajv.js';
import type { SchemaIssue, Validator } from '../../validation/validator.js';
import type { DataExchange, Finding } from '../types.js';

/**
 * Schema issues of the response's `data` against the operation's documented record, split by
 * whether the spec states the type (an error) or only shows it in a sample (a warning). The same
 * issue at every record of a list is one finding (the first record's) with its count.
 */
export function dataIssues(exchange: DataExchange, validator: Validator, kind: 'documented' | 'sample'): Finding[] {
  const schemaId = validator.dataSchemaId(exchange.operation.response);
  if (!schemaId) return [];
  const fromSample = (issue: SchemaIssue) => issue.keyword === SAMPLE_TYPE_KEYWORD;
  return validator
    .validate(schemaId, exchange.data)
    .filter((issue) => fromSample(issue) === (kind === 'sample'))
    .map(({ instancePath, expected, actual, occurrences, params }) => ({
      instancePath: `/data${instancePath}`,
      expected,
      actual,
      ...(occurrences > 1 ? { occurrences } : {}),
      ...(Object.keys(params).length > 0 ? { params } : {}),
    }));
}

export const hasDataSchema = (operation: Operation): boolean => operation.response.kind !== 'object';
