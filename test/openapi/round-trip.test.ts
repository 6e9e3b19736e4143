import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import type { JsonObject } from '../../src/openapi/yaml.js';
import { endpointRows, fieldTables, requestFieldsOf, responseFieldsOf, specWirePath } from './spec-tables.js';
import { operationsOf, withoutMap } from './support.js';

const components = withoutMap.components as { schemas: Record<string, JsonObject>; securitySchemes: JsonObject };
const REF_PREFIX = '#/components/schemas/';

function resolve(schema: JsonObject): JsonObject {
  return typeof schema.$ref === 'string' ? resolve(components.schemas[schema.$ref.slice(REF_PREFIX.length)]!) : schema;
}

/** The fields a schema describes, through its `$ref`s and `allOf`, array items as `items[].pCode`; fields it forbids (`false`) aside. */
function fieldsOf(schema: JsonObject): string[] {
  const resolved = resolve(schema);
  const inherited = ((resolved.allOf ?? []) as JsonObject[]).flatMap(fieldsOf);
  const own = Object.entries((resolved.properties ?? {}) as Record<string, JsonObject | boolean>).flatMap(([name, property]) => {
    if (typeof property === 'boolean') return [];
    const items = resolve(property).items as JsonObject | undefined;
    return [name, ...(items ? fieldsOf(items).map((field) => `${name}[].${field}`) : [])];
  });
  return [...new Set([...inherited, ...own])].sort();
}

/** The schema of `data` in a 200 response: the member of its `allOf` beside the envelope; none where the envelope's "object" is all. */
function dataSchemaOf(response: JsonObject): JsonObject | undefined {
  const members = (response.allOf ?? []) as JsonObject[];
  const data = members.find((member) => (member.properties as JsonObject | undefined)?.data !== undefined);
  return data && ((data.properties as JsonObject).data as JsonObject);
}

const byPath = new Map(operationsOf(withoutMap).map((entry) => [entry.path, entry]));
const sorted = (values: readonly string[]) => [...values].sort();

describe('the description without a map holds the sixteen operations of section 4, and nothing more', () => {
  it('each row of the table once, at its path as the spec writes it (a doubled slash before /pc and /auth), with its method', () => {
    expect(endpointRows).toHaveLength(16);
    expect(sorted(Object.keys(withoutMap.paths as JsonObject))).toEqual(sorted(endpointRows.map((row) => specWirePath(row.path))));
    for (const row of endpointRows) {
      expect(Object.keys((withoutMap.paths as JsonObject)[specWirePath(row.path)] as JsonObject)).toEqual([row.method.toLowerCase()]);
      expect(byPath.get(specWirePath(row.path))!.operation.operationId).toBe(operations.find((op) => op.number === row.number)!.id);
    }
    expect(byPath.get('//pc/custom_demand/list')).toBeDefined();
    expect(byPath.get('/openapi/alpha/orders/getAlphaOrders')).toBeDefined();
  });

  it("every operation of the catalogue once, by its id, with a note of the spec's section and row", () => {
    const found = operationsOf(withoutMap).map((entry) => entry.operation);
    expect(sorted(found.map((operation) => operation.operationId))).toEqual(sorted(operations.map((op) => op.id)));
    for (const op of operations) expect(found.find((operation) => operation.operationId === op.id)!['x-otp-spec']).toEqual({ section: '4', row: op.number });
  });

  it.each(endpointRows.map((row) => [row.number, row] as const))('#%s: the request fields its row names, and no other', (_number, row) => {
    const { operation } = byPath.get(specWirePath(row.path))!;
    expect(fieldsOf(operation.requestBody!.content['application/json']!.schema)).toEqual(sorted(requestFieldsOf(row)));
  });

  it.each(endpointRows.map((row) => [row.number, row] as const))('#%s: the fields of data its row documents (2.2 to 2.9), and no other', (_number, row) => {
    const { operation } = byPath.get(specWirePath(row.path))!;
    const data = dataSchemaOf(operation.responses['200']!.content['application/json']!.schema);
    const expected = responseFieldsOf(row);
    expect(data && fieldsOf(data)).toEqual(expected && sorted(expected));
  });

  it('the envelope of 2.1 with every field of its table, and the one of #14 that carries only data', () => {
    const envelope = fieldTables('2.1')[0]!;
    expect(fieldsOf(components.schemas.Envelope!)).toEqual(sorted(envelope));
    expect(components.schemas.Envelope!.required).toEqual(envelope);
    const dataOnly = components.schemas.DataOnlyEnvelope!;
    expect(dataOnly.required).toEqual(['data']);
    expect(Object.entries(dataOnly.properties as JsonObject).filter(([, schema]) => schema !== false)).toEqual([['data', { type: 'object' }]]);
    const responseOf = (path: string) => byPath.get(path)!.operation.responses['200']!.content['application/json']!.schema;
    expect((responseOf('/openapi/alpha/orders/createAlphaOrders').allOf as JsonObject[])[0]).toEqual({ $ref: `${REF_PREFIX}DataOnlyEnvelope` });
    expect((responseOf('/openapi/beta/orders/createBetaOrders').allOf as JsonObject[])[0]).toEqual({ $ref: `${REF_PREFIX}Envelope` });
  });

  it('no top-level field, and no component, that the catalogue does not give: each component is reached from an operation', () => {
    expect(Object.keys(withoutMap)).toEqual(['openapi', 'info', 'servers', 'security', 'tags', 'paths', 'components']);
    expect(Object.keys(components)).toEqual(['schemas', 'securitySchemes']);
    const reached = new Set<string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value !== null && typeof value === 'object') {
        const ref = (value as JsonObject).$ref;
        if (typeof ref === 'string' && !reached.has(ref)) {
          reached.add(ref);
          visit(components.schemas[ref.slice(REF_PREFIX.length)]);
        }
        Object.values(value).forEach(visit);
      }
    };
    visit(withoutMap.paths);
    expect(sorted([...reached].map((ref) => ref.slice(REF_PREFIX.length)))).toEqual(sorted(Object.keys(components.schemas)));
  });

  it('the header authorization as 5 documents it: bearer and the token with no space, an apiKey scheme, taken by every operation of section 4', () => {
    expect(components.securitySchemes).toEqual({
      authorization: { type: 'apiKey', in: 'header', name: 'authorization', description: expect.stringContaining('bearer<TOKEN>') },
    });
    expect(withoutMap.security).toEqual([{ authorization: [] }]);
    expect(operationsOf(withoutMap).filter((entry) => entry.operation.security !== undefined)).toEqual([]);
  });

  it("the kit's version, and says the operations of 4.1 are left out", () => {
    expect(withoutMap.info).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), description: expect.stringContaining('--operation-map') });
    expect(operationsOf(withoutMap).filter((entry) => entry.operation['x-otp-listed'])).toEqual([]);
  });
});
