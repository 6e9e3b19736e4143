import { KitError } from '../../errors.js';
import type { Path } from './json-text.js';

/** The JSON Schema types a request field can declare. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** A place in a request body that hostile requests aim at. */
export interface Field {
  readonly path: Path;
  /** The declared type; undefined where the schema gives none or several. */
  readonly type: JsonType | undefined;
  /** Listed in its object's `required`; an array element is never "required" (it is not a member). */
  readonly required: boolean;
}

/** What the request schema says about a body's fields, flattened. */
export interface RequestShape {
  /** Every declared property, at any depth, and the first element of each array of objects. */
  readonly fields: readonly Field[];
  /** The objects that members can be added to: the body, and each first array element. */
  readonly containers: readonly Path[];
}

/** The part of a JSON Schema the walk reads; anything else is ignored. */
export interface SchemaNode {
  readonly type?: unknown;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: unknown;
  readonly items?: SchemaNode;
  readonly minItems?: unknown;
}

const jsonTypes: readonly string[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

const typeOf = (node: SchemaNode): JsonType | undefined =>
  typeof node.type === 'string' && jsonTypes.includes(node.type) ? (node.type as JsonType) : undefined;

/**
 * The fields of a request schema (schemas/requests/*.schema.json): `properties` with their `type`
 * and `required`, descending into objects and into arrays of objects.
 */
export function requestShape(schema: SchemaNode | object, schemaId: string): RequestShape {
  const fields: Field[] = [];
  const containers: Path[] = [];
  const walkObject = (node: SchemaNode, at: Path): void => {
    containers.push(at);
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const path = [...at, name];
      const type = typeOf(child);
      fields.push({ path, type, required: required.has(name) });
      if (type === 'object' && child.properties) walkObject(child, path);
      // Only the first element, and only where `minItems` >= 1 promises that a valid payload has one.
      if (type === 'array' && child.items && typeOf(child.items) === 'object' && Number(child.minItems) >= 1) {
        const element = [...path, 0];
        fields.push({ path: element, type: 'object', required: false });
        walkObject(child.items, element);
      }
    }
  };
  walkObject(schema as SchemaNode, []);
  if (fields.length === 0) {
    throw new KitError(
      'OTP_BAD_SCHEMA',
      `schemas/${schemaId} declares no properties; hostile requests mutate declared fields, so list the body's fields under "properties".`,
    );
  }
  return { fields, containers };
}

const scalarTypes: readonly (JsonType | undefined)[] = ['string', 'number', 'integer', 'boolean'];

/** Fields holding a single value: where string-valued attacks (long, unicode, injection) go. */
export const isScalar = (field: Field): boolean => scalarTypes.includes(field.type);

/** Fields declared "number" or "integer". */
export const isNumeric = (field: Field): boolean => field.type === 'number' || field.type === 'integer';
