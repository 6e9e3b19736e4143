import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedState } from '../../src/reference/seed.js';
import { type compiledSchema as sourceCompiledSchema, createAjv, fingerprintOf, STANDALONE_MODULE, standaloneLookup } from '../../src/validation/ajv.js';
import { compiledDocuments, type SchemaDocument } from '../../src/validation/schemas.js';
import { standaloneModuleSource } from '../../src/validation/standalone.js';
import { createValidator, recordSchemaId } from '../../src/validation/validator.js';

const require = createRequire(import.meta.url);
const documents = compiledDocuments();
const runtime = createAjv(documents);

/** The standalone module as `npm run build` writes it, loaded in memory (its `require`s resolve from here). */
function loadStandalone(source: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', source)(module, module.exports, require);
  return module.exports;
}
const standalone = standaloneLookup(loadStandalone(standaloneModuleSource()), documents)!;

/** A document's verdict on a value, Ajv's errors included: what the validator builds its issues from. */
function verdict(validate: ReturnType<typeof standalone>, value: unknown) {
  const valid = validate!(value);
  return { valid, errors: validate!.errors ?? null };
}

const state = seedState(() => 0);
const seedRecords: ReadonlyArray<readonly [string, readonly Record<string, unknown>[]]> = [
  ['custom-demand', state.customDemands as unknown as Record<string, unknown>[]],
  ['purchase-order', state.purchaseOrders.map((entry) => entry.record as unknown as Record<string, unknown>)],
  ['bank-card', state.bankCards.map((entry) => entry.record as unknown as Record<string, unknown>)],
  ['consignee', state.consignees as unknown as Record<string, unknown>[]],
  ['order', state.alphaOrders.map((stored) => stored.order as unknown as Record<string, unknown>)],
  ['order-line', state.alphaOrders.flatMap((stored) => stored.lines as unknown as Record<string, unknown>[])],
];

/** A seed record with one field dropped or given any JSON value: near-valid values reach every keyword of a record. */
const nearlyValid = (records: readonly Record<string, unknown>[]) =>
  fc.tuple(fc.constantFrom(...records), fc.nat(), fc.option(fc.jsonValue(), { nil: undefined })).map(([record, pick, replacement]) => {
    const keys = Object.keys(record);
    const key = keys[pick % keys.length]!;
    const copy: Record<string, unknown> = { ...record };
    if (replacement === undefined) delete copy[key];
    else copy[key] = replacement;
    return copy;
  });

/** An object with some of a document's own property names, each any JSON value. */
const shapedLike = (document: SchemaDocument) =>
  fc.dictionary(fc.constantFrom('unknown', ...Object.keys((document.properties ?? {}) as object)), fc.jsonValue(), { maxKeys: 8 });

describe('schemas compiled to standalone code (what the compiled kit runs) judge as the schemas compiled at run time', () => {
  it('every document and outline is in the standalone code', () => {
    expect(documents.filter(({ $id }) => standalone($id) === undefined).map(({ $id }) => $id)).toEqual([]);
  });

  it.each(documents.map((document) => [document.$id, document] as const))('%s: the same verdict and errors on any value', (id, document) => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), shapedLike(document)), (value) => {
        expect(verdict(standalone(id), value)).toEqual(verdict(runtime.getSchema(id), value));
      }),
      { seed: 13, numRuns: 200 },
    );
  });

  it.each(seedRecords)('records/%s: the same verdict and errors on seed records with one field changed', (record, records) => {
    const id = recordSchemaId(record as never);
    fc.assert(
      fc.property(nearlyValid(records), (value) => {
        expect(verdict(standalone(id), value)).toEqual(verdict(runtime.getSchema(id), value));
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('a standalone module built from other schemas is not used', () => {
    expect(standaloneLookup({ fingerprint: fingerprintOf(documents) }, documents)).toBeDefined();
    expect(standaloneLookup({ fingerprint: fingerprintOf(documents.slice(1)) }, documents)).toBeUndefined();
    expect(standaloneLookup({}, documents)).toBeUndefined();
  });

  it('the sample-type keyword is generated code: another type is an issue of its own keyword, naming the type', () => {
    const order = seedRecords.find(([name]) => name === 'order')![1][0]!;
    const issues = createValidator().validate(recordSchemaId('order'), { ...order, soCaMobile: '13800000000' });
    expect(issues).toEqual([
      {
        instancePath: '/soCaMobile',
        keyword: 'sampleType',
        expected: "integer (the sample's type)",
        actual: 'string "13800000000"',
        occurrences: 1,
        params: { sampleType: 'integer' },
      },
    ]);
  });

  it('npm run build writes it beside the compiled validator, and the compiled validator uses it', async () => {
    const built = new URL(`../../dist/src/validation/${STANDALONE_MODULE}`, import.meta.url);
    expect(existsSync(built)).toBe(true);
    const compiled = require(built.pathname) as Record<string, unknown>;
    const { compiledSchema } = (await import(new URL('../../dist/src/validation/ajv.js', import.meta.url).href)) as {
      compiledSchema: typeof sourceCompiledSchema;
    };
    expect(compiledSchema('records/order.schema.json')).toBe(compiled['records/order.schema.json']);
  });
});
