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
