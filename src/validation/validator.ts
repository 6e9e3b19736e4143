import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { type EnvelopeKind, type RecordSchema, type ResponseData, recordSchemas } from '../catalogue/operations.js';
import { atPointer, foldIndexes } from '../json-pointer.js';
import { compiledSchema, jsonTypeOf, SAMPLE_TYPE_KEYWORD } from './ajv.js';
import { type DeclaredMembers, declaredMembers } from './declared-members.js';
import { loadSchemaDocuments, outlineId, recordArrays } from './schemas.js';
import { extend } from '../objects.js';

/** One schema violation, as data: where, which keyword, what was documented and what came. */
export interface SchemaIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly expected: string;
  readonly actual: string;
  /** Places with this issue, list indexes folded (`instancePath` is the first of them). */
  readonly occurrences: number;
  /** Ajv's own `params` of the error, those that are JSON scalars (`{ type: "integer" }`, `{ missingProperty: "soNo" }`). */
  readonly params: Readonly<Record<string, string | number | boolean | null>>;
}

/** The members of Ajv's `params` that are JSON scalars: what a report can carry as they are. */
function scalarParams(params: ErrorObject['params']): Record<string, string | number | boolean | null> {
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number | boolean | null] =>
        entry[1] === null || typeof entry[1] === 'string' || typeof entry[1] === 'number' || typeof entry[1] === 'boolean',
    ),
  );
}

export interface Validator {
  /** Issues of `value` against the schema with this `$id` (empty when it conforms), repeats across list indexes folded. */
  validate(schemaId: string, value: unknown): SchemaIssue[];
  /** The `$id` of the schema for an operation's documented `data`; none where only "an object" is documented. */
  dataSchemaId(response: ResponseData): string | undefined;
  /** The members the schema with this `$id` declares, those it shares by `allOf` included (see `declaredMembers`). */
  members(schemaId: string): DeclaredMembers;
}

export const recordSchemaId = (record: RecordSchema): string => `records/${record}.schema.json`;
/** The page of list operations (2.2), whatever records its `list` holds. */
export const PAGE_SCHEMA_ID = 'page.schema.json';
/** "Every response body is a JSON object with these fields"; "the create-order response for the alpha catalogue carries only `data`" (2.1). */
export const envelopeSchemaIds: Readonly<Record<EnvelopeKind, string>> = {
  full: 'envelope.schema.json',
  'data-only': 'data-only-envelope.schema.json',
};
const pageSchemaId = (record: RecordSchema): string => `page-of-${record}`;

function describe(value: unknown): string {
  const type = jsonTypeOf(value);
  if (type === 'object' || type === 'array') return type;
  return `${type} ${JSON.stringify(value)}`;
}

function toIssue(error: ErrorObject, root: unknown, prefix: string): Omit<SchemaIssue, 'occurrences'> {
  return extend(issueText(error, root, prefix), { params: scalarParams(error.params) });
}

function issueText(error: ErrorObject, root: unknown, prefix: string): Omit<SchemaIssue, 'occurrences' | 'params'> {
  const at = atPointer(root, error.instancePath);
  const instancePath = `${prefix}${error.instancePath}`;
  switch (error.keyword) {
    case 'required': {
      const missing = String(error.params.missingProperty);
      return { instancePath: `${instancePath}/${missing}`, keyword: 'required', expected: `field "${missing}" present`, actual: 'absent' };
    }
    case 'type':
      return { instancePath, keyword: 'type', expected: String(error.params.type), actual: describe(at) };
    case SAMPLE_TYPE_KEYWORD:
      return {
        instancePath,
        keyword: SAMPLE_TYPE_KEYWORD,
        expected: `${String(error.params.sampleType)} (the sample's type)`,
        actual: describe(at),
      };
    case 'false schema':
      return { instancePath, keyword: 'absent', expected: 'field absent', actual: describe(at) };
    default:
      return { instancePath, keyword: error.keyword, expected: error.message ?? error.keyword, actual: describe(at) };
  }
}

/**
 * Issues folded as they are found: the same keyword at the same place of every record (list
 * indexes folded) is one issue, the first, with a count. A page of 60,000 wrong records gives a
 * few issues, not hundreds of thousands.
 */
class IssueFold {
  /** Made at the first issue: a valid page, the usual case, builds nothing. */
  private byPlace: Map<string, { issue: Omit<SchemaIssue, 'occurrences'>; occurrences: number }> | undefined;

  add(errors: readonly ErrorObject[], root: unknown, prefix: string): void {
    this.byPlace ??= new Map();
    for (const error of errors) {
      const place = error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty)}` : error.instancePath;
      const key = `${error.keyword} ${foldIndexes(`${prefix}${place}`)}`;
      const seen = this.byPlace.get(key);
      if (seen) seen.occurrences++;
      else this.byPlace.set(key, { issue: toIssue(error, root, prefix), occurrences: 1 });
    }
  }

  issues(): SchemaIssue[] {
    return this.byPlace ? [...this.byPlace.values()].map(({ issue, occurrences }) => extend(issue, { occurrences })) : [];
  }
}

/**
 * How a value is validated: by a schema whose arrays of records are left unchecked, then record by
 * record. Ajv's allErrors over one huge array builds every error at once (hundreds of thousands on
 * a page of wrong records); one record at a time, each error is folded and dropped as it comes.
 */
interface Plan {
  readonly outer: ValidateFunction;
  readonly arrays: ReadonlyArray<{ readonly property: string; readonly element: Plan }>;
}

function runPlan(plan: Plan, value: unknown, prefix: string, fold: IssueFold): void {
  if (!plan.outer(value)) fold.add(plan.outer.errors ?? [], value, prefix);
  if (plan.arrays.length === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return;
  for (const { property, element } of plan.arrays) {
    const list = (value as Record<string, unknown>)[property];
    if (!Array.isArray(list)) continue;
    for (let index = 0; index < list.length; index++) {
      // Valid records, the usual case, cost one call and build nothing.
      if (element.arrays.length === 0 && element.outer(list[index])) continue;
      runPlan(element, list[index], `${prefix}/${property}/${index}`, fold);
    }
  }
}

/** A validator over the schemas of the process, each compiled once (see `compiledSchema`). */
export function createValidator(): Validator {
  const documents = loadSchemaDocuments();
  const splits = new Map(documents.map((document) => [document.$id, recordArrays(document)]));
  const plans = new Map<string, Plan>();
  const planOf = (id: string): Plan => {
    const known = plans.get(id);
    if (known) return known;
    const arrays = splits.get(id) ?? [];
    if (arrays.length === 0) {
      const plan = { outer: compiledSchema(id), arrays: [] };
      plans.set(id, plan);
      return plan;
    }
    const plan = { outer: compiledSchema(outlineId(id)), arrays: arrays.map(({ property, elementId }) => ({ property, element: planOf(elementId) })) };
    plans.set(id, plan);
    return plan;
  };
  for (const document of documents) planOf(document.$id);
  for (const record of recordSchemas) {
    plans.set(pageSchemaId(record), { outer: compiledSchema(PAGE_SCHEMA_ID), arrays: [{ property: 'list', element: planOf(recordSchemaId(record)) }] });
  }
  // Checks of errors and of sample types read the same validation of the same value: validate once.
  const seen = new WeakMap<object, Map<string, SchemaIssue[]>>();
  const byId = new Map(documents.map((document) => [document.$id, document]));
  const members = new Map<string, DeclaredMembers>();
  const validateUncached = (schemaId: string, value: unknown): SchemaIssue[] => {
    const plan = plans.get(schemaId);
    if (!plan) throw new Error(`No schema with $id ${schemaId} under schemas/.`);
    if (plan.arrays.length === 0 && plan.outer(value)) return [];
    const fold = new IssueFold();
    runPlan(plan, value, '', fold);
    return fold.issues();
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
          return response.record ? pageSchemaId(response.record) : PAGE_SCHEMA_ID;
      }
    },
    members(schemaId) {
      const known = members.get(schemaId) ?? declaredMembers(byId, schemaId);
      members.set(schemaId, known);
      return known;
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
