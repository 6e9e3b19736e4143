import { groups } from '../catalogue/groups.js';
import { type ListedOperation, listedOperations, operationsWithoutToken } from '../catalogue/listed-operations.js';
import { mappedOperation, type OperationMap } from '../catalogue/operation-map.js';
import { type DocumentedOperation, type Operation, operations, type RecordSchema, type ResponseData, wirePath } from '../catalogue/operations.js';
import { KitError } from '../errors.js';
import { jsonTypeOf } from '../validation/ajv.js';
import type { SchemaDocument } from '../validation/schemas.js';
import { envelopeSchemaIds, PAGE_SCHEMA_ID, recordSchemaId } from '../validation/validator.js';
import { componentName, componentRef, toComponent } from './components.js';
import type { JsonObject } from './yaml.js';

/** The name of 5's security scheme, in `components.securitySchemes` and in every requirement. */
const AUTHORIZATION = 'authorization';
/** Where `otp-conformance serve` listens unless told otherwise: the base URL a mock or a client can start from. */
const REFERENCE_SERVER_URL = 'http://127.0.0.1:8080';

export interface OpenApiSources {
  /** The documents under schemas/ (`loadSchemaDocuments`); the description holds those the operations use. */
  readonly schemas: readonly SchemaDocument[];
  /** The kit's version: the description's `info.version`. */
  readonly version: string;
  /** Where the operations of 4.1 are; without a map they are left out, having no documented path. */
  readonly operationMap?: OperationMap;
}

/** An operation as the description shows it: one of section 4, or one of 4.1 where a map places it. */
type Placed = { readonly operation: DocumentedOperation; readonly listed?: undefined } | { readonly operation: Operation; readonly listed: ListedOperation };

function placedOperations(map: OperationMap | undefined): Placed[] {
  const documented = operations.map((operation) => ({ operation }));
  if (!map) return documented;
  const mapped = listedOperations.flatMap((listed) => {
    const entry = Object.hasOwn(map.operations, listed.id) ? map.operations[listed.id] : undefined;
    return entry ? [{ operation: mappedOperation(listed, entry, entry.body), listed }] : [];
  });
  return [...documented, ...mapped];
}

/** The components an operation refers to, each added once with those it refers to in turn. */
function componentsFrom(documents: readonly SchemaDocument[]) {
  const byId = new Map(documents.map((document) => [document.$id, document]));
  const schemas = new Map<string, JsonObject>();
  const documentRef = (schemaId: string): JsonObject => {
    const name = componentName(schemaId);
    if (!schemas.has(name)) {
      const document = byId.get(schemaId);
      if (!document) throw new KitError('OTP_BAD_SCHEMA', `schemas/${schemaId} is missing; restore it from the package.`);
      const { schema, references } = toComponent(document);
      schemas.set(name, schema);
      for (const id of references) documentRef(id);
    }
    return componentRef(name);
  };
  /** A page (2.2) whose `list` holds these records: the one page schema, its list's items named. */
  const pageRef = (record: RecordSchema): JsonObject => {
    const recordName = componentName(recordSchemaId(record));
    const name = recordName.replace(/Record$/, 'Page');
    if (!schemas.has(name)) {
      schemas.set(name, {
        title: `Page (2.2) of ${recordName}`,
        type: 'object',
        allOf: [documentRef(PAGE_SCHEMA_ID)],
        properties: { list: { type: 'array', items: documentRef(recordSchemaId(record)) } },
      });
    }
    return componentRef(name);
  };
  const sorted = (): JsonObject => Object.fromEntries([...schemas].sort(([a], [b]) => (a < b ? -1 : 1)));
  return { documentRef, pageRef, sorted };
}

type Components = ReturnType<typeof componentsFrom>;

function dataOf(response: ResponseData, components: Components): { readonly schema: JsonObject; readonly words: string } | undefined {
  switch (response.kind) {
    case 'object':
      return undefined;
    case 'record':
      return { schema: components.documentRef(recordSchemaId(response.schema)), words: `one ${componentName(recordSchemaId(response.schema))}` };
    case 'page':
      return response.record
        ? { schema: components.pageRef(response.record), words: `a page (2.2) of ${componentName(recordSchemaId(response.record))}` }
        : { schema: components.documentRef(PAGE_SCHEMA_ID), words: 'a page (2.2)' };
  }
}

/** "Each operation in the table answers HTTP 200 with the envelope of 2.1" (4 rule 1); "the only HTTP status given is 200" (7 rule 2). */
function okResponse(operation: Operation, components: Components): JsonObject {
  const envelope = components.documentRef(envelopeSchemaIds[operation.envelope]);
  const data = dataOf(operation.response, components);
  const body = operation.envelope === 'data-only' ? 'a body that carries only data (2.1)' : 'the envelope of 2.1';
  return {
    description: `HTTP 200 with ${body}; data: ${data?.words ?? 'an object'}`,
    content: { 'application/json': { schema: data ? { allOf: [envelope, { type: 'object', properties: { data: data.schema } }] } : envelope } },
  };
}

function requestBody({ operation, listed }: Placed, components: Components): JsonObject | undefined {
  if (!listed) return { required: true, content: { 'application/json': { schema: components.documentRef(operation.requestSchema) } } };
  if (operation.body === undefined) return undefined;
  return {
    required: true,
    description: 'Payload not shown (4.1): only its JSON type, from the operation map, is given',
    content: { 'application/json': { schema: { type: jsonTypeOf(operation.body) } } },
  };
}

function operationObject(placed: Placed, components: Components): JsonObject {
  const { operation, listed } = placed;
  const body = requestBody(placed, components);
  return {
    operationId: operation.id,
    ...(listed ? { summary: listed.name } : {}),
    tags: [operation.group],
    ...(operationsWithoutToken.has(operation.id) ? { security: [] } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { '200': okResponse(operation, components) },
    'x-otp-spec': listed ? { section: '4.1' } : { section: '4', row: placed.operation.number },
    ...(listed ? { 'x-otp-listed': true } : {}),
  };
}

function describeApi(version: string, listedCount: number | undefined): string {
  const listed =
    listedCount === undefined
      ? `The ${listedOperations.length} operations section 4.1 lists without path or payload are left out: give their paths with --operation-map FILE to add them.`
      : `${listedCount} of the ${listedOperations.length} operations section 4.1 lists without path or payload stand at the paths of the operation map given, marked x-otp-listed; their payloads are not shown.`;
  return [
    `The Open Trading Platform API as its specification documents it, from the operation catalogue and schemas of otp-conformance ${version}; the specification is the authority.`,
    'Paths under /pc and /auth start with a doubled slash (//pc/…), as section 4 writes them; paths under /openapi with a single one.',
    'Every operation answers HTTP 200 with the envelope of 2.1 (4 rule 1).',
    listed,
  ].join('\n\n');
}

/** The API as an OpenAPI 3.1 description: the operations of the catalogue at their wire paths, the schemas under schemas/ as components. */
export function openApiDocument(sources: OpenApiSources): JsonObject {
  const components = componentsFrom(sources.schemas);
  const paths: Record<string, JsonObject> = {};
  const placed = placedOperations(sources.operationMap);
  for (const entry of placed) {
    const path = wirePath(entry.operation);
    const method = entry.operation.method.toLowerCase();
    const item = (Object.hasOwn(paths, path) ? paths[path] : undefined) ?? (paths[path] = {});
    const taken = item[method] as { operationId?: string } | undefined;
    if (taken) {
      throw new KitError(
        'OTP_BAD_OPERATION_MAP',
        `The operation map places "${entry.operation.id}" at ${entry.operation.method} ${path}, where "${taken.operationId}" is: an OpenAPI description holds one operation per path and method; give "${entry.operation.id}" a path of its own.`,
      );
    }
    item[method] = operationObject(entry, components);
  }
  const used = new Set(placed.map((entry) => entry.operation.group));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Open Trading Platform API',
      version: sources.version,
      description: describeApi(sources.version, sources.operationMap && placed.filter((entry) => entry.listed).length),
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The address the paths are relative to (4)',
        variables: { base_url: { default: REFERENCE_SERVER_URL, description: 'The default is where otp-conformance serve listens' } },
      },
    ],
    security: [{ [AUTHORIZATION]: [] }],
    tags: groups.filter((group) => used.has(group.id)).map((group) => ({ name: group.id, description: `${group.title}: ${group.purpose}` })),
    paths,
    components: {
      schemas: components.sorted(),
      securitySchemes: {
        [AUTHORIZATION]: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description:
            'The word bearer directly followed by the token, with no space: authorization: bearer<TOKEN> (5 rule 2), not the Bearer <token> of the http bearer scheme. The token comes from the token operation (5 rule 3); some operations show the value as <API_KEY> (5 rule 2).',
        },
      },
    },
  };
}
