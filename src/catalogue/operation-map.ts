import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { KitError } from '../errors.js';
import { loadSchemaDocuments } from '../validation/schemas.js';
import { findListedOperation, type ListedOperation } from './listed-operations.js';
import { type Operation, operations, pathStyleOf } from './operations.js';

export interface OperationMapEntry {
  readonly path: string;
  readonly method?: 'POST' | 'GET';
  readonly body?: unknown;
  readonly pages?: boolean;
  readonly mutates?: boolean;
  readonly token?: string;
}

export interface FlowStep {
  readonly operation: string;
  readonly body?: unknown;
}

export interface MappedFlowSpec {
  readonly id: string;
  readonly create: FlowStep;
  readonly list: FlowStep;
  readonly match: string;
  readonly idField: string;
  readonly delete: FlowStep;
}

export interface OperationMap {
  readonly operations: Readonly<Record<string, OperationMapEntry>>;
  readonly flows: readonly MappedFlowSpec[];
}

function refuse(file: string, problem: string): KitError {
  return new KitError('OTP_BAD_OPERATION_MAP', `--operation-map ${file}: ${problem}. See schemas/operation-map.schema.json and otp-conformance list.`);
}

const callableIds = (map: OperationMap) => new Set([...operations.map((op) => op.id), ...Object.keys(map.operations)]);

/** Reads and checks an operation map: the schema first, then what a schema cannot say. */
export function readOperationMap(file: string): OperationMap {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw refuse(file, `not readable as JSON (${(error as Error).message})`);
  }
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(loadSchemaDocuments().find((d) => d.$id === 'operation-map.schema.json')!);
  if (!validate(document)) {
    const problems = (validate.errors ?? []).map((error) =>
      error.keyword === 'additionalProperties'
        ? `${error.instancePath || '(top level)'}: unknown key "${String(error.params.additionalProperty)}"`
        : `${error.instancePath || '(top level)'}: ${error.message}`,
    );
    throw refuse(file, problems.join('; '));
  }
  const map = { flows: [], ...(document as Partial<OperationMap>) } as OperationMap;
  for (const [id, entry] of Object.entries(map.operations)) {
    const listed = findListedOperation(id);
    if (!listed) {
      const documented = operations.some((op) => op.id === id);
      throw refuse(file, documented ? `"${id}" is documented in section 4 and needs no map entry` : `unknown operation id "${id}"`);
    }
    if (listed.method === undefined && entry.method === undefined) throw refuse(file, `"${id}" needs a method: 4.1 does not state one`);
    if (listed.method !== undefined && entry.method !== undefined && entry.method !== listed.method) {
      throw refuse(file, `"${id}" is ${listed.method} in 4.1; drop "method": "${entry.method}"`);
    }
    if ((entry.method ?? listed.method) === 'GET' && entry.body !== undefined) throw refuse(file, `"${id}" is a GET operation and sends no body; drop "body"`);
    if (entry.token !== undefined && id !== 'token-get') throw refuse(file, `"token" belongs on token-get, not on "${id}"`);
  }
  const known = callableIds(map);
  map.flows.forEach((flow, index) => {
    for (const step of [flow.create, flow.list, flow.delete]) {
      if (!known.has(step.operation)) throw refuse(file, `/flows/${index} (${flow.id}) calls "${step.operation}", which is neither documented nor mapped`);
    }
  });
  return map;
}

/** A mapped operation of 4.1, callable like a documented one; its body is the filled-in template. */
export function mappedOperation(listed: ListedOperation, entry: OperationMapEntry, body: unknown): Operation {
  const pages = entry.pages ?? listed.pages;
  const template = body as Record<string, unknown> | undefined;
  return {
    id: listed.id,
    group: listed.group,
    method: entry.method ?? listed.method ?? 'POST',
    path: entry.path,
    pathStyle: pathStyleOf(entry.path),
    body,
    response: pages ? { kind: 'page' } : { kind: 'object' },
    envelope: 'full',
    mutates: entry.mutates ?? listed.mutates,
    ...(pages ? { paging: { ...(template && typeof template.pageNo === 'number' ? { pageNoField: 'pageNo' as const } : {}), pageSizeBoundsList: false } } : {}),
  };
}

/** `${NAME}` placeholders: a whole-string placeholder takes the value itself, others are spliced in. */
export function fillTemplate(template: unknown, variables: Readonly<Record<string, unknown>>, where: string): unknown {
  const lookup = (name: string) => {
    if (!(name in variables) || variables[name] === undefined) {
      throw new KitError('OTP_MISSING_VARIABLE', `${where} uses \${${name}}, which is not set; set ${name} in the environment or .env.`);
    }
    return variables[name];
  };
  if (typeof template === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(template);
    if (whole) return lookup(whole[1]!);
    return template.replace(/\$\{(\w+)\}/g, (_, name: string) => String(lookup(name)));
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, variables, where));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, variables, where)]));
  }
  return template;
}

/** The strings a template took from the variables: credentials, never to be written anywhere. */
export function substitutedValues(template: unknown, variables: Readonly<Record<string, unknown>>): string[] {
  const names = [...JSON.stringify(template ?? null).matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!);
  return names.map((name) => variables[name]).filter((value): value is string => typeof value === 'string' && value.length > 0);
}
