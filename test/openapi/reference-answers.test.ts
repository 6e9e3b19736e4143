import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { operations, wirePath } from '../../src/catalogue/operations.js';
import { validPayload } from '../../src/generators/payloads.js';
import type { JsonObject } from '../../src/openapi/yaml.js';
import { handle } from '../../src/reference/handlers.js';
import { seedState } from '../../src/reference/seed.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';
import { COMPONENTS_ID, componentsAsSchema, operationsOf, withoutMap } from './support.js';

const ajv = new Ajv2020({ strict: true, allErrors: true, keywords: ['x-otp-sample-type'] });
ajv.addSchema(componentsAsSchema(withoutMap));

/** The 200 response schema of the operation at this path, compiled against the components. */
function responseValidator(path: string): ValidateFunction {
  const schema = operationsOf(withoutMap).find((entry) => entry.path === path)!.operation.responses['200']!.content['application/json']!.schema;
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`)) as JsonObject);
}

/** A success of the reference server: code "200", or data with something in it where the body carries only data (#14). */
const succeeded = (body: JsonObject, dataOnly: boolean) => (dataOnly ? Object.keys(body.data as JsonObject).length > 0 : body.code === '200');

/** The body with one documented field taken away: the first of its record where data holds one, else one of the envelope. */
function withFieldTakenAway(body: JsonObject): JsonObject {
  const broken = structuredClone(body);
  const data = broken.data as JsonObject;
  const list = data.list as JsonObject[] | undefined;
  const record = list ? list[0] : Object.keys(data).length > 0 ? data : undefined;
  if (record) delete record[Object.keys(record)[0]!];
  else if ('message' in broken) delete broken.message;
  else broken.message = 'beside data, where only data may be';
  return broken;
}

describe("the reference server's answers and the description's response schemas agree", () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s: a successful answer conforms; one with a field taken away does not', (_id, op) => {
    const validate = responseValidator(wirePath(op));
    const state = seedState(() => Date.UTC(2026, 10, 22));
    const answers = fc
      .sample(validPayload(op.id), { seed: 42, numRuns: 40 })
      .map((payload) => JSON.parse(JSON.stringify(handle(op.id, payload, state, HANDLER_CONTEXT))) as JsonObject);
    const success = answers.find((body) => succeeded(body, op.envelope === 'data-only'));
    expect(success, 'a successful answer among 40 valid payloads').toBeDefined();
    expect(validate(success), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(withFieldTakenAway(success!))).toBe(false);
  });
});
