import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/openapi/yaml.js';
import { COMPONENTS_ID, componentsAsSchema, withoutMap, withReferenceMap } from './support.js';

describe.each([
  ['without an operation map', withoutMap],
  ["with the reference server's operation map", withReferenceMap],
])('the OpenAPI description %s', (_title, document: JsonObject) => {
  it('validates against the OpenAPI 3.1 schema, every $ref resolving', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has components that strict Ajv compiles as JSON Schema 2020-12, every reference between them resolving', () => {
    // Strict: an unknown keyword or a keyword on the wrong type is an error; the one extension is declared.
    const ajv = new Ajv2020({ strict: true, keywords: ['x-otp-sample-type'] });
    const schema = componentsAsSchema(document);
    ajv.addSchema(schema);
    const names = Object.keys(schema.$defs as JsonObject);
    expect(names.filter((name) => ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`) === undefined)).toEqual([]);
  });
});
