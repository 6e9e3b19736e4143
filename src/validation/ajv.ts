import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type * as Ajv2020Module from 'ajv/dist/2020.js';
import type { Ajv2020, CodeKeywordDefinition, ErrorObject, Name, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import { compiledDocuments, type SchemaDocument } from './schemas.js';

// Ajv is loaded only where schemas are compiled at run time (running from source, or schemas/
// changed since the build): the compiled kit runs the standalone code `npm run build` writes.
const require = createRequire(import.meta.url);

/**
 * "integer in the sample" (2.3): the sample shows a type the spec does not document as a rule.
 * The keyword lets a schema say so; issues raised by it are reported as warnings, not errors.
 */
export const SAMPLE_TYPE_KEYWORD = 'sampleType';

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** `sampleType` as generated code (not a function Ajv calls), so that it compiles to standalone code like every other keyword. */
function sampleTypeKeyword({ _, str }: typeof Ajv2020Module): CodeKeywordDefinition {
  const conforms: Record<string, (data: Name) => ReturnType<typeof _>> = {
    integer: (data) => _`Number.isInteger(${data})`,
    number: (data) => _`typeof ${data} == "number"`,
    string: (data) => _`typeof ${data} == "string"`,
    boolean: (data) => _`typeof ${data} == "boolean"`,
    null: (data) => _`${data} === null`,
    array: (data) => _`Array.isArray(${data})`,
    object: (data) => _`${data} !== null && typeof ${data} == "object" && !Array.isArray(${data})`,
  };
  return {
    keyword: SAMPLE_TYPE_KEYWORD,
    schemaType: 'string',
    error: {
      message: ({ schema }) => str`must be of the sample's type ${String(schema)}`,
      params: ({ schema }) => _`{sampleType: ${String(schema)}}`,
    },
    code(cxt) {
      const sampleType = cxt.schema as string;
      const test = conforms[sampleType];
      if (!test) throw new Error(`${SAMPLE_TYPE_KEYWORD} "${sampleType}" is not a JSON type; use one of ${Object.keys(conforms).join(', ')}.`);
      cxt.fail(_`!(${test(cxt.data)})`);
    },
  };
}

/**
 * The one way the kit builds an Ajv: JSON Schema 2020-12, strict mode (a silent schema mistake is
 * an error), every error reported, the formats and the kit's `sampleType` keyword known, and the
 * documents given added (compiled on first use). `standalone` keeps the generated code, for
 * `npm run build` to write out.
 */
export function createAjv(documents: readonly SchemaDocument[], options: { readonly standalone?: boolean } = {}): Ajv2020 {
  const ajvModule = require('ajv/dist/2020.js') as typeof Ajv2020Module;
  const addFormats = (require('ajv-formats') as typeof addFormatsModule).default;
  const ajv = new ajvModule.Ajv2020({ strict: true, allErrors: true, code: { source: options.standalone ?? false } });
  addFormats(ajv);
  ajv.addKeyword(sampleTypeKeyword(ajvModule));
  for (const document of documents) ajv.addSchema(document);
  return ajv;
}

/** The documents' fingerprint, recorded in the standalone code: it is used only when built from these very documents. */
export function fingerprintOf(documents: readonly SchemaDocument[]): string {
  return createHash('sha256').update(JSON.stringify(documents)).digest('hex');
}

/** Where `npm run build` writes every schema compiled to standalone code: beside this module, in dist/ only. */
export const STANDALONE_MODULE = 'schemas.compiled.cjs';

export type SchemaLookup = (schemaId: string) => ValidateFunction | undefined;

/**
 * The validating functions of a loaded standalone module, by `$id`; none when it was built from
 * other documents than these (schemas/ edited since the build), which are then compiled here instead.
 */
export function standaloneLookup(compiled: Readonly<Record<string, unknown>>, documents: readonly SchemaDocument[]): SchemaLookup | undefined {
  if (compiled.fingerprint !== fingerprintOf(documents)) return undefined;
  return (schemaId) => (typeof compiled[schemaId] === 'function' ? (compiled[schemaId] as ValidateFunction) : undefined);
}

function builtLookup(documents: readonly SchemaDocument[]): SchemaLookup | undefined {
  const file = fileURLToPath(new URL(`./${STANDALONE_MODULE}`, import.meta.url));
  return existsSync(file) ? standaloneLookup(require(file) as Record<string, unknown>, documents) : undefined;
}

let lookup: SchemaLookup | undefined;

/**
 * The compiled schema with this `$id` (a document under schemas/ or an outline): one set per
 * process (or worker), every schema compiled once, shared by the validator and the files the
 * kit reads (maps, waivers, reports).
 */
export function compiledSchema(schemaId: string): ValidateFunction {
  if (!lookup) {
    const documents = compiledDocuments();
    lookup = builtLookup(documents);
    if (!lookup) {
      const ajv = createAjv(documents);
      lookup = (id) => ajv.getSchema(id);
    }
  }
  const validate = lookup(schemaId);
  if (!validate) throw new Error(`No schema with $id ${schemaId} under schemas/.`);
  return validate;
}

/** Ajv's errors as short lines naming the field: an unknown key and a missing field in words. */
export function describeSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || '(top level)';
    if (error.keyword === 'additionalProperties') return `${where}: unknown key "${String(error.params.additionalProperty)}"`;
    if (error.keyword === 'required') return `${where}: field "${String(error.params.missingProperty)}" is missing`;
    return `${where}: ${error.message}`;
  });
}
