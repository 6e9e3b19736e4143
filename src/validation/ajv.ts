import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { loadSchemaDocuments } from './schemas.js';

const addFormats = addFormatsModule.default;

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

function conformsToSampleType(sampleType: string, value: unknown): boolean {
  if (sampleType === 'integer') return Number.isInteger(value);
  return jsonTypeOf(value) === sampleType;
}

/**
 * The one way the kit builds an Ajv: JSON Schema 2020-12, strict mode (a silent schema mistake is
 * an error), every error reported, the formats and the kit's `sampleType` keyword known, and every
 * document under schemas/ added (compiled on first use).
 */
export function createAjv(options: { readonly verbose?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: options.verbose ?? false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: SAMPLE_TYPE_KEYWORD, schemaType: 'string', validate: conformsToSampleType });
  for (const document of loadSchemaDocuments()) ajv.addSchema(document);
  return ajv;
}

let forFiles: Ajv2020 | undefined;

/** The compiled schema with this `$id`, for the files the kit reads (maps, waivers, reports): one instance per process. */
export function fileSchema(schemaId: string): ValidateFunction {
  forFiles ??= createAjv();
  const validate = forFiles.getSchema(schemaId);
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
