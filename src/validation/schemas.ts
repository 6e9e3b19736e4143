import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { packageRoot } from '../package-root.js';

/** The schemas/ folder at the top of the package: the data the validator compiles. */
export const schemasDir = join(packageRoot, 'schemas');

export interface SchemaDocument {
  readonly $id: string;
  readonly [keyword: string]: unknown;
}

/** Every `*.schema.json` under schemas/, checked to carry the `$id` that matches its place. */
export function loadSchemaDocuments(dir: string = schemasDir): SchemaDocument[] {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.schema.json')).sort();
  return files.map((file) => {
    const document = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SchemaDocument;
    const expectedId = relative(dir, join(dir, file)).split(sep).join('/');
    if (document.$id !== expectedId) {
      throw new Error(`schemas/${file} has $id ${JSON.stringify(document.$id)}; set it to "${expectedId}" so that $ref resolves.`);
    }
    return document;
  });
}

/** A top-level property of a schema document that is an array of records given by `$ref` to another whole document. */
export interface RecordArray {
  readonly property: string;
  readonly elementId: string;
}

/** The record arrays of a document: the validator checks them record by record, apart from the rest. */
export function recordArrays(document: SchemaDocument): RecordArray[] {
  const properties = (document.properties ?? {}) as Record<string, { type?: unknown; items?: { $ref?: unknown } }>;
  return Object.entries(properties).flatMap(([property, schema]) => {
    if (schema.type !== 'array' || typeof schema.items?.$ref !== 'string') return [];
    const target = new URL(schema.items.$ref, `file:///${document.$id}`);
    // A `$ref` into a document's own definitions (`#/$defs/…`) is validated with it, not split off.
    const elementId = target.pathname.slice(1);
    return target.hash === '' && elementId !== document.$id ? [{ property, elementId }] : [];
  });
}

/** The `$id` of a document's outline: the document with its record arrays typed as arrays only. */
export const outlineId = (id: string): string => id.replace(/\.schema\.json$/, '.outline.schema.json');

function outlineOf(document: SchemaDocument, arrays: readonly RecordArray[]): SchemaDocument {
  const properties = { ...(document.properties as Record<string, unknown>) };
  for (const { property } of arrays) properties[property] = { type: 'array' };
  return { ...document, $id: outlineId(document.$id), properties };
}

/**
 * What the kit compiles: every document under schemas/, and beside each that has record arrays its
 * outline, under an `$id` in the same folder (so its `$ref`s resolve).
 */
export function compiledDocuments(dir: string = schemasDir): SchemaDocument[] {
  return loadSchemaDocuments(dir).flatMap((document) => {
    const arrays = recordArrays(document);
    return arrays.length > 0 ? [document, outlineOf(document, arrays)] : [document];
  });
}
