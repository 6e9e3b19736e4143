import { describe, expect, it } from 'vitest';
import { declaredMembers } from '../../src/validation/declared-members.js';
import type { SchemaDocument } from '../../src/validation/schemas.js';
import { createValidator } from '../../src/validation/validator.js';

const validator = createValidator();

describe('the members a schema declares', () => {
  it('reads a record of 2.3 through allOf, with its own members and the lines of its items', () => {
    const order = validator.members('records/created-order.schema.json');
    expect(order.get('soTotal')).toEqual({ type: 'number', format: undefined });
    // "integer in the sample" (2.3): the type the sample shows.
    expect(order.get('soCaMobile')?.type).toBe('integer');
    expect(order.get('soCtime')?.type).toBe('string');
    expect([...(order.get('items')?.elements?.keys() ?? [])]).toEqual([
      'siPrice',
      'pId',
      'siDiscount',
      'siNum',
      'siAmount',
      'siVamount',
      'pCode',
      'pCnName',
      'pLevel',
      'cCas',
      'deliveryTerm',
      'ifCancel',
    ]);
  });

  it('reads a request schema, an array of objects declared in place', () => {
    const request = validator.members('requests/beta-order-create.schema.json');
    expect(request.has('soCusPo')).toBe(true);
    expect(request.has('soTotal')).toBe(false);
    expect([...(request.get('items')?.elements?.keys() ?? [])]).toEqual(['pCode', 'brandId', 'num']);
  });

  it('gives a member of no type none (createdAt: "type and format … not shown", 2.10)', () => {
    expect(validator.members('records/consignee.schema.json').get('createdAt')).toEqual({ type: undefined, format: undefined });
  });

  it('resolves a $ref against the document that holds it, and throws where it leads nowhere', () => {
    const documents = new Map<string, SchemaDocument>([
      [
        'a/outer.schema.json',
        { $id: 'a/outer.schema.json', properties: { at: { type: 'string', format: 'date-time' } }, allOf: [{ $ref: 'inner.schema.json' }] },
      ],
      ['a/inner.schema.json', { $id: 'a/inner.schema.json', properties: { n: { type: 'integer' } } }],
      ['b/broken.schema.json', { $id: 'b/broken.schema.json', allOf: [{ $ref: 'missing.schema.json' }] }],
    ]);
    expect(Object.fromEntries(declaredMembers(documents, 'a/outer.schema.json'))).toEqual({
      n: { type: 'integer', format: undefined },
      at: { type: 'string', format: 'date-time' },
    });
    expect(() => declaredMembers(documents, 'b/broken.schema.json')).toThrow('b/missing.schema.json');
  });
});
