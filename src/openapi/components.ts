import { KitError } from '../errors.js';
import { SAMPLE_TYPE_KEYWORD } from '../validation/ajv.js';
import type { SchemaDocument } from '../validation/schemas.js';
import type { JsonObject, JsonValue } from './yaml.js';

/** The dialect of every document under schemas/, and the one OpenAPI 3.1's Schema Object builds on. */
export const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
/** The kit's keyword for "integer in the sample" (2.3), as an extension: OpenAPI tools know those, not it. */
const SAMPLE_TYPE_EXTENSION = 'x-otp-sample-type';

/** Keywords of JSON Schema 2020-12 whose value is a schema, a list of schemas or a map of them: where `$ref`s can be. */
const SUBSCHEMA = new Set([
  'items',
  'not',
  'if',
  'then',
  'else',
  'additionalProperties',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);

const pascal = (words: string) => words.replace(/(?:^|[-_])([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** `records/custom-demand.schema.json` → `CustomDemandRecord`: the file's name, then what its folder holds. */
export function componentName(schemaId: string): string {
  const name = schemaId.replace(/\.schema\.json$/, '');
  const slash = name.lastIndexOf('/');
  const file = name.slice(slash + 1);
  const folders = slash < 0 ? [] : name.slice(0, slash).split('/');
  return pascal(file) + folders.map((folder) => pascal(folder.replace(/s$/, ''))).join('');
}

export const componentRef = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

function refuse(document: SchemaDocument, problem: string): KitError {
  return new KitError('OTP_BAD_SCHEMA', `schemas/${document.$id} ${problem}; restore it from the package.`);
}

/** JSON data as it is: a keyword's value that holds no schema (`required`, `enum`, `const`…). */
function copy(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(copy);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]));
  return value as JsonValue;
}

/**
 * A schema document as a component of an OpenAPI 3.1 description, and the `$id`s of the documents
 * its `$ref`s point at. Its `$id` goes: a relative `$id` would make the component a resource of its
 * own, against whose address the `#/components/…` references in it would no longer resolve; and
 * `$schema` with it, which only a resource's root may carry. Each `$ref`, relative to the `$id`,
 * points at the component of its target instead.
 */
export function toComponent(document: SchemaDocument): { readonly schema: JsonObject; readonly references: ReadonlySet<string> } {
  if (document.$schema !== JSON_SCHEMA_2020_12) {
    throw refuse(document, `declares $schema ${JSON.stringify(document.$schema)}, not ${JSON_SCHEMA_2020_12} as an OpenAPI 3.1 description takes`);
  }
  const references = new Set<string>();
  const reference = (ref: string): string => {
    const target = new URL(ref, `file:///${document.$id}`);
    if (target.hash !== '' && !target.hash.startsWith('#/')) throw refuse(document, `has $ref ${JSON.stringify(ref)}, which names no JSON pointer`);
    const targetId = target.pathname.slice(1);
    references.add(targetId);
    return `#/components/schemas/${componentName(targetId)}${target.hash.slice(1)}`;
  };
  const schema = (value: unknown): JsonValue => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return copy(value);
    return Object.fromEntries(
      Object.entries(value).map(([keyword, item]): [string, JsonValue] => {
        if (keyword === '$ref' && typeof item === 'string') return [keyword, reference(item)];
        if (keyword === SAMPLE_TYPE_KEYWORD) return [SAMPLE_TYPE_EXTENSION, copy(item)];
        if (SUBSCHEMA.has(keyword)) return [keyword, schema(item)];
        if (SUBSCHEMA_LIST.has(keyword) && Array.isArray(item)) return [keyword, item.map(schema)];
        if (SUBSCHEMA_MAP.has(keyword) && item !== null && typeof item === 'object') {
          return [keyword, Object.fromEntries(Object.entries(item).map(([name, sub]) => [name, schema(sub)]))];
        }
        return [keyword, copy(item)];
      }),
    );
  };
  const resourceKeywords = new Set(['$id', '$schema']);
  const root = Object.fromEntries(Object.entries(document).filter(([keyword]) => !resourceKeywords.has(keyword)));
  return { schema: schema(root) as JsonObject, references };
}
