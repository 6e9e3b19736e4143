import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { KitError } from '../../src/errors.js';
import { type HostileKind, type HostileRequest, hostileKinds, hostileKindsOf, hostileRequest } from '../../src/generators/hostile.js';
import { loadSchemaDocuments } from '../../src/validation/schemas.js';

// A fixed seed keeps CI stable; a failure still prints seed and path for replay.
const seed = 20240517;
const coverageRuns = 2_000;

const schemas = new Map(loadSchemaDocuments().map((document) => [document.$id, document]));

interface SchemaNode {
  readonly type?: string;
  readonly properties?: Record<string, SchemaNode>;
  readonly items?: SchemaNode;
}

/** Whether a schema declares a "number" or "integer" field at any depth: read here, not from the generator. */
function hasNumericField(node: SchemaNode): boolean {
  if (node.type === 'number' || node.type === 'integer') return true;
  return Object.values(node.properties ?? {}).some(hasNumericField) || (node.items !== undefined && hasNumericField(node.items));
}

const expectedKinds = (requestSchema: string): HostileKind[] =>
  hostileKinds.filter((kind) => kind !== 'boundary-number' || hasNumericField(schemas.get(requestSchema) as SchemaNode));

const samples = new Map<string, HostileRequest[]>();
/** 2,000 requests per operation, drawn once and shared by the tests below. */
const sample = (operationId: string): HostileRequest[] => {
  let drawn = samples.get(operationId);
  if (!drawn) {
    drawn = fc.sample(hostileRequest(operationId), { seed, numRuns: coverageRuns });
    samples.set(operationId, drawn);
  }
  return drawn;
};
const ofKind = (operationId: string, kind: HostileKind) => sample(operationId).filter((request) => request.kind === kind);

const parses = (text: string | undefined): boolean => {
  try {
    JSON.parse(text as string);
    return true;
  } catch {
    return false;
  }
};

/** Every string in a parsed JSON value, keys included. */
const stringsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => [key, ...stringsIn(child)]);
  return [];
};

/** Kinds whose body is JSON text; boundary-number too, since JavaScript reads the overflowing 1e400 as Infinity. */
const parsingKinds: readonly HostileKind[] = [
  'wrong-type',
  'missing-field',
  'null-field',
  'extra-field',
  'boundary-number',
  'long-string',
  'unicode',
  'injection',
  'non-object-body',
];
/** Kinds that change one field or member and keep the body a JSON object. */
const objectKinds: readonly HostileKind[] = parsingKinds.filter((kind) => kind !== 'non-object-body');

describe('hostileRequest', () => {
  it('throws a kit error naming an unknown operation id', () => {
    expect(() => hostileRequest('no-such-operation')).toThrow(KitError);
    expect(() => hostileRequest('no-such-operation')).toThrow(expect.objectContaining({ code: 'OTP_UNKNOWN_OPERATION' }));
    expect(() => hostileRequest('no-such-operation')).toThrow(/no-such-operation/);
    expect(() => hostileKindsOf('toString')).toThrow(expect.objectContaining({ code: 'OTP_UNKNOWN_OPERATION' }));
  });

  it('lists each kind once', () => {
    expect(new Set(hostileKinds).size).toBe(hostileKinds.length);
  });

  it('skips boundary-number exactly where the request schema has no numeric field', () => {
    const withoutNumbers = operations.filter((op) => !hostileKindsOf(op.id).includes('boundary-number')).map((op) => op.id);
    expect(withoutNumbers.sort()).toEqual(['alpha-order-create', 'beta-order-create', 'consignment-delete', 'login']);
  });

  it('shrinks an overflowing number to the first numeric field of the smallest payload', () => {
    const result = fc.check(
      fc.property(hostileRequest('alpha-orders-list'), (request) => !request.body?.includes('1e400')),
      { seed, numRuns: coverageRuns },
    );
    expect(result.failed).toBe(true);
    expect(result.counterexample?.[0]).toEqual({ kind: 'boundary-number', description: 'pageSize: 1e400', body: '{"pageSize":1e400,"pageNo":1}' });
  });
});

describe.each(operations.map((op) => [op.id, op] as const))('%s hostile requests', (id, op) => {
  it('cover every applicable kind within 2,000 samples', () => {
    expect(hostileKindsOf(id)).toEqual(expectedKinds(op.requestSchema));
    expect(new Set(sample(id).map((request) => request.kind))).toEqual(new Set(expectedKinds(op.requestSchema)));
  });

  it('carry a string body or none, and a short printable description', () => {
    for (const { body, description } of sample(id)) {
      expect(body === undefined || typeof body === 'string').toBe(true);
      expect(description.length).toBeGreaterThan(0);
      expect(description.length).toBeLessThanOrEqual(160);
      expect(description).not.toMatch(/[\p{Cc}\u202E]/u);
    }
  });

  it('are JSON for the kinds that should parse, an object for the field kinds', () => {
    for (const { kind, body } of sample(id).filter((request) => parsingKinds.includes(request.kind))) {
      expect(parses(body), `${kind}: ${body?.slice(0, 80)}`).toBe(true);
      const value: unknown = JSON.parse(body as string);
      if (objectKinds.includes(kind)) expect(value !== null && typeof value === 'object' && !Array.isArray(value)).toBe(true);
      else expect(value === null || typeof value !== 'object' || Array.isArray(value)).toBe(true);
    }
  });

  it('are not JSON for invalid-json, except that a leading BOM hides valid JSON', () => {
    const invalid = ofKind(id, 'invalid-json');
    expect(invalid.length).toBeGreaterThan(0);
    for (const { body } of invalid) {
      expect(parses(body), body).toBe(false);
      // RFC 8259 8.1 lets a parser ignore a leading BOM: the rest is the valid payload.
      if (body?.startsWith('\uFEFF')) expect(parses(body.slice(1))).toBe(true);
    }
  });

  it('send an empty body or none for empty-body', () => {
    const empty = ofKind(id, 'empty-body').map((request) => request.body);
    expect(empty.every((body) => body === undefined || body.trim() === '')).toBe(true);
    expect(empty).toContain(undefined);
    expect(empty).toContain('');
  });

  it('put a string of exactly 10,000 characters in every long-string body', () => {
    for (const { body } of ofKind(id, 'long-string')) {
      expect(stringsIn(JSON.parse(body as string)).some((text) => text.length === 10_000)).toBe(true);
    }
  });

  it('are the same under the same seed', () => {
    const again = fc.sample(hostileRequest(id), { seed, numRuns: 50 });
    expect(again).toEqual(sample(id).slice(0, 50));
  });
});

describe('hostile values reach the wire as written', () => {
  const bodies = operations.flatMap((op) => sample(op.id).map((request) => request.body ?? ''));
  const sent = (text: string) => bodies.some((body) => body.includes(text));

  it.each([
    ['an overflowing number, as raw text', ':1e400'],
    ['a 2^53 boundary', ':9007199254740992'],
    ['a fraction where an integer is declared', ':1.5'],
    ['a __proto__ member written in the JSON text', '"__proto__":{"isAdmin":true}'],
    ['a constructor member', '"constructor":'],
    ['a 1000-character key', `"${'k'.repeat(1000)}":`],
    ['a lone surrogate as a JSON escape', '"\\ud800"'],
    ['a NUL escape', '\\u0000'],
    ['a right-to-left override', '\u202E'],
    ['a surrogate-pair emoji', '🧪'],
    ['SQL', "' OR '1'='1"],
    ['a script tag', '<script>alert(1)</script>'],
    ['path traversal', '../../../../etc/passwd'],
    ['a Windows path', '..\\\\..\\\\windows\\\\win.ini'],
    ['template syntax', '{{7*7}}'],
    ['a format string', '%s%s%n'],
    ['a UTF-8 BOM', '\uFEFF{'],
    ['a trailing comma', ',}'],
    ['single quotes', "{'"],
  ])('%s', (_, text) => {
    expect(sent(text)).toBe(true);
  });

  it('puts hostile strings into the nested items of both order creates', () => {
    for (const id of ['alpha-order-create', 'beta-order-create']) {
      expect(sample(id).some((request) => request.kind === 'injection' && request.description.startsWith('items[0].pCode: '))).toBe(true);
      expect(sample(id).some((request) => request.kind === 'missing-field' && request.description === 'items[0].pCode: removed')).toBe(true);
    }
  });
});
