import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { type RecordSchema, type ResponseData, recordSchemas } from '../catalogue/operations.js';
import { atPointer } from '../json-pointer.js';
import { loadSchemaDocuments } from './schemas.js';

const addFormats = addFormatsModule.default;

/** One schema violation, as data: where, which keyword, what was documented and what came. */
export interface SchemaIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly expected: string;
  readonly actual: string;
}

export interface Validator {
  /** Issues of `value` against the schema with this `$id` (empty when it conforms). */
  validate(schemaId: string, value: unknown): SchemaIssue[];
  /** The `$id` of the schema for an operation's documented `data`; none where only "an object" is documented. */
  dataSchemaId(response: ResponseData): string | undefined;
}

export const recordSchemaId = (record: RecordSchema): string => `records/${record}.schema.json`;
const pageSchemaId = (record: RecordSchema): string => `page-of-${record}`;

/**
 * "integer in the sample" (2.3): the sample shows a type the spec does not document as a rule.
 * The keyword lets a schema say so; issues raised by it are reported as warnings, not errors.
 */
export const SAMPLE_TYPE_KEYWORD = 'sampleType';

function conformsToSampleType(sampleType: string, value: unknown): boolean {
  if (sampleType === 'integer') return Number.isInteger(value);
  return jsonTypeOf(value) === sampleType;
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function describe(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'object' || type === 'array') return type;
  return `${type} ${JSON.stringify(value)}`;
}

function toIssue(error: ErrorObject, root: unknown): SchemaIssue {
  const at = atPointer(root, error.instancePath);
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      return {
        instancePath: `${error.instancePath}/${missing}`,
        keyword: 'required',
        expected: `field "${missing}" present`,
        actual: 'absent',
      };
    }
    case 'type':
      return { instancePath: error.instancePath, keyword: 'type', expected: String(error.params.type), actual: describe(at) };
    case SAMPLE_TYPE_KEYWORD:
      return {
        instancePath: error.instancePath,
        keyword: SAMPLE_TYPE_KEYWORD,
        expected: `${String((error.parentSchema as Record<string, unknown>)[SAMPLE_TYPE_KEYWORD])} (the sample's type)`,
        actual: describe(at),
      };
    case 'false schema':
      return { instancePath: error.instancePath, keyword: 'absent', expected: 'field absent', actual: describe(at) };
    default:
      return { instancePath: error.instancePath, keyword: error.keyword, expected: error.message ?? error.keyword, actual: describe(at) };
  }
}

/** One Ajv instance, every schema under schemas/ compiled once, strict mode on. */
export function createValidator(): Validator {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: SAMPLE_TYPE_KEYWORD,
    schemaType: 'string',
    validate: conformsToSampleType,
  });
  const documents = loadSchemaDocuments();
  for (const document of documents) ajv.addSchema(document);
  for (const record of recordSchemas) {
    ajv.addSchema({
      $id: pageSchemaId(record),
      type: 'object',
      allOf: [{ $ref: 'page.schema.json' }],
      properties: { list: { type: 'array', items: { $ref: recordSchemaId(record) } } },
    });
  }
  const compiled = new Map<string, ValidateFunction>();
  for (const id of [...documents.map((d) => d.$id), ...recordSchemas.map(pageSchemaId)]) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`Schema ${id} did not compile.`);
    compiled.set(id, validate);
  }
  // Checks of errors and of sample types read the same validation of the same value: validate once.
  const seen = new WeakMap<object, Map<string, SchemaIssue[]>>();
  const validateUncached = (schemaId: string, value: unknown): SchemaIssue[] => {
    const validate = compiled.get(schemaId);
    if (!validate) throw new Error(`No schema with $id ${schemaId} under schemas/.`);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => toIssue(error, value));
  };
  return {
    validate(schemaId, value) {
      if (value === null || typeof value !== 'object') return validateUncached(schemaId, value);
      const bySchema = seen.get(value) ?? new Map<string, SchemaIssue[]>();
      seen.set(value, bySchema);
      const issues = bySchema.get(schemaId) ?? validateUncached(schemaId, value);
      bySchema.set(schemaId, issues);
      return issues;
    },
    dataSchemaId(response) {
      switch (response.kind) {
        case 'object':
          return undefined;
        case 'record':
          return recordSchemaId(response.schema);
        case 'page':
          return response.record ? pageSchemaId(response.record) : 'page.schema.json';
      }
    },
  };
}

let shared: Validator | undefined;

/**
 * The validator of a process (or a worker): compiling every schema costs time and memory, and the
 * suites of a run share one worker, so they share one validator too.
 */
export function sharedValidator(): Validator {
  shared ??= createValidator();
  return shared;
}
