import { openApiDocument } from '../../src/openapi/document.js';
import type { JsonObject } from '../../src/openapi/yaml.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { loadSchemaDocuments } from '../../src/validation/schemas.js';
import { TOOL_VERSION } from '../../src/version.js';

export const schemaDocuments = loadSchemaDocuments();
export const referenceMap = readOperationMap(referenceOperationMapFile);

/** The description the openapi command writes, without an operation map. */
export const withoutMap: JsonObject = openApiDocument({ schemas: schemaDocuments, version: TOOL_VERSION });
/** The description with the reference server's operation map: the operations of 4.1 at its paths. */
export const withReferenceMap: JsonObject = openApiDocument({ schemas: schemaDocuments, version: TOOL_VERSION, operationMap: referenceMap });

/** An OpenAPI operation, as far as the tests read it. */
export interface OperationObject {
  readonly operationId: string;
  readonly security?: unknown[];
  readonly requestBody?: { readonly content: Record<string, { readonly schema: JsonObject }> };
  readonly responses: Record<string, { readonly content: Record<string, { readonly schema: JsonObject }> }>;
  readonly 'x-otp-listed'?: boolean;
  readonly 'x-otp-spec': { readonly section: string; readonly row?: number };
}

/** Every operation of a description with its path and method. */
export function operationsOf(document: JsonObject): Array<{ path: string; method: string; operation: OperationObject }> {
  return Object.entries(document.paths as unknown as Record<string, Record<string, OperationObject>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

/** `#/components/schemas/Name…` as an Ajv reference into one schema that holds the components as `$defs`. */
export const COMPONENTS_ID = 'openapi-components';

/** The components of a description as one JSON Schema 2020-12 document, each under `$defs` at its name. */
export function componentsAsSchema(document: JsonObject): JsonObject {
  const schemas = (document.components as JsonObject).schemas as JsonObject;
  return { $id: COMPONENTS_ID, $defs: JSON.parse(JSON.stringify(schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonObject };
}
