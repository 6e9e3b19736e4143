import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { casCheckDigit } from '../../src/generators/fields.js';
import { validPayload, validPayloads } from '../../src/generators/payloads.js';
import { loadSchemaDocuments } from '../../src/validation/schemas.js';
import { createValidator } from '../../src/validation/validator.js';

const seed = 20240517;
const validator = createValidator();
const schemas = new Map(loadSchemaDocuments().map((document) => [document.$id, document]));

const sample = (operationId: string, numRuns = 100) => fc.sample(validPayload(operationId), { seed, numRuns });

interface ObjectSchema {
  readonly properties?: Record<string, ObjectSchema>;
  readonly items?: ObjectSchema;
}

/**
 * Paths of properties the schema does not declare. The request schemas allow additional
 * properties, so validation alone would not catch a generator sending an extra field.
 */
function undeclaredPaths(schema: ObjectSchema, value: unknown, path = ''): string[] {
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    return value.flatMap((element, index) => undeclaredPaths(items, element, `${path}/${index}`));
  }
  if (value === null || typeof value !== 'object' || !schema.properties) return [];
  const properties = schema.properties;
  return Object.entries(value).flatMap(([key, child]) => {
    const declared = properties[key];
    return declared ? undeclaredPaths(declared, child, `${path}/${key}`) : [`${path}/${key}`];
  });
}

const orderCreates = operations.filter((op) => op.createsOrder);

describe('validPayloads', () => {
  it('has a generator for every catalogue operation and no other', () => {
    expect(Object.keys(validPayloads).sort()).toEqual(operations.map((op) => op.id).sort());
  });

  it('throws a kit error naming an unknown operation id', () => {
    expect(() => validPayload('no-such-operation')).toThrow(expect.objectContaining({ code: 'OTP_UNKNOWN_OPERATION' }));
    expect(() => validPayload('no-such-operation')).toThrow(/no-such-operation/);
  });

  it('does not mistake inherited object keys for operations', () => {
    expect(() => validPayload('toString')).toThrow(/toString/);
  });
});

describe.each(operations.map((op) => [op.id, op] as const))('%s payloads', (id, op) => {
  it('conform to the request schema', () => {
    for (const payload of sample(id)) expect(validator.validate(op.requestSchema, payload)).toEqual([]);
  });

  it('carry no property the request schema does not declare', () => {
    const schema = schemas.get(op.requestSchema) as ObjectSchema;
    for (const payload of sample(id)) expect(undeclaredPaths(schema, payload)).toEqual([]);
  });

  it('are the same under the same seed', () => {
    expect(sample(id, 20)).toEqual(sample(id, 20));
  });
});

describe.each(orderCreates.map((op) => [op.id] as const))('%s items', (id) => {
  const lines = (payload: Record<string, unknown>) => payload.items as Array<Record<string, unknown>>;

  it('are 1–5 lines with distinct pCodes', () => {
    for (const payload of sample(id)) {
      const codes = lines(payload).map((line) => line.pCode);
      expect(codes.length).toBeGreaterThanOrEqual(1);
      expect(codes.length).toBeLessThanOrEqual(5);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('write num as a positive number in text, whole or in tenths', () => {
    for (const payload of sample(id)) {
      for (const line of lines(payload)) expect(line.num).toMatch(/^([1-9]\d*|\d+\.\d)$/);
    }
  });

  it('send a mobile and a landline contact number', () => {
    for (const payload of sample(id)) {
      expect(payload.soCaMobile).toMatch(/^1[3-9]\d{9}$/);
      expect(payload.soCaPhone).toMatch(/^0\d{2,3}-\d{7,8}$/);
    }
  });
});

describe('beta-order-create items', () => {
  it('carry brandId as text "1".."20"', () => {
    for (const payload of sample('beta-order-create')) {
      for (const line of payload.items as Array<Record<string, unknown>>) {
        expect(line.brandId).toMatch(/^([1-9]|1\d|20)$/);
      }
    }
  });
});

describe('consignment-publish', () => {
  it('sends a checked CAS number with hasCas 1 and an empty one with hasCas 0', () => {
    const payloads = sample('consignment-publish');
    for (const { hasCas, cas } of payloads) {
      if (hasCas === 0) {
        expect(cas).toBe('');
      } else {
        expect(hasCas).toBe(1);
        const [first, second, check] = String(cas).split('-');
        expect(casCheckDigit(`${first}${second}`)).toBe(Number(check));
      }
    }
    // Both branches are exercised, so neither goes untested.
    expect(new Set(payloads.map((payload) => payload.hasCas))).toEqual(new Set([0, 1]));
  });
});
