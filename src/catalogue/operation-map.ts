import { KitError } from '../errors.js';
import type { ListedOperation } from './listed-operations.js';
import { type Operation, pathStyleOf } from './operations.js';

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

/** A map's round-trip flow: create → list (and detail) shows it as sent → edit → delete → gone. */
export interface MappedFlowSpec {
  readonly id: string;
  readonly create: FlowStep;
  readonly list: FlowStep;
  /** The record by id (`${id}`), where the server has such an operation. */
  readonly detail?: FlowStep;
  /** A change to the record by id, with the text of another family. */
  readonly edit?: FlowStep;
  /** Absent where the server documents no delete: the records created stay. */
  readonly delete?: FlowStep;
  readonly match: string;
  readonly idField: string;
  /** Create (and edit) body fields of free text: they take the coverage pass's text values. */
  readonly text?: readonly string[];
  /** Create body fields of numbers: they take the coverage pass's numbers at their boundaries. */
  readonly numbers?: readonly string[];
  /** Body field → record field, where the record names what the body sent otherwise. */
  readonly fields?: Readonly<Record<string, string>>;
}

/** The steps of a map's flow that it has, in the order it calls them. */
export function flowSteps(spec: MappedFlowSpec): FlowStep[] {
  return [spec.create, spec.list, spec.detail, spec.edit, spec.delete].filter((step): step is FlowStep => step !== undefined);
}

export interface OperationMap {
  readonly operations: Readonly<Record<string, OperationMapEntry>>;
  readonly flows: readonly MappedFlowSpec[];
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
    envelope: listed.envelope,
    mutates: entry.mutates ?? listed.mutates,
    ...(pages ? { paging: { ...(template && typeof template.pageNo === 'number' ? { pageNoField: 'pageNo' as const } : {}), pageSizeBoundsList: false } } : {}),
    ...(listed.lookup && !pages ? { lookup: true as const } : {}),
    ...(listed.lookup && !pages && !(entry.mutates ?? listed.mutates) && listed.listedIn !== undefined ? { listedIn: listed.listedIn } : {}),
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
    const whole = /^\$\{(\w+)\}$/.exec(template)?.[1];
    if (whole !== undefined) return lookup(whole);
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
  const names = [...JSON.stringify(template ?? null).matchAll(/\$\{(\w+)\}/g)].flatMap(([, name]) => (name === undefined ? [] : [name]));
  return names.map((name) => variables[name]).filter((value): value is string => typeof value === 'string' && value.length > 0);
}
