import { fillTemplate, type FlowStep, type MappedFlowSpec } from '../../catalogue/operation-map.js';
import { findOperation, type Operation } from '../../catalogue/operations.js';
import { DELETE_OPERATIONS, ID_NAME, UNKNOWN_ID } from '../../catalogue/record-ids.js';
import type { Client } from '../../client/client.js';
import { demandRecordSpec } from '../../flows/demand-records.js';
import { listed } from '../../flows/records.js';
import type { GeneratedCall } from './calls.js';
import { OperationSession } from './session.js';

export const deletesRecords = (operation: Operation): boolean => operation.mutates && DELETE_OPERATIONS.has(operation.id);

/** A step with the operation it calls resolved. */
export interface RecipeStep {
  readonly operation: Operation;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * How the run makes a record a delete may remove and learns its id: create it with a marker, find
 * the marker on page 1 of the group's list, and read its id; the delete's body names it by `${id}`.
 */
export interface OwnRecordRecipe {
  readonly create: RecipeStep;
  readonly list: RecipeStep;
  readonly delete: Readonly<Record<string, unknown>>;
  readonly deleteOperation: Operation;
  readonly match: string;
  readonly idField: string;
  /** Body field → record field, where the record names what the create sent otherwise. */
  readonly fields: Readonly<Record<string, string>>;
}

const asBody = (body: unknown): Readonly<Record<string, unknown>> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * The recipe of each delete operation the run can feed its own records, by the delete's id: the
 * custom demand of section 4, and the operation map's round trips that name a delete (their create
 * and list must be callable: documented, or placed by the map).
 */
export function ownRecordRecipes(mapped: readonly Operation[], mappedFlows: readonly MappedFlowSpec[]): ReadonlyMap<string, OwnRecordRecipe> {
  const resolve = (step: FlowStep): RecipeStep | undefined => {
    const operation = mapped.find((op) => op.id === step.operation) ?? findOperation(step.operation);
    return operation && { operation, body: asBody(step.body) };
  };
  const recipes = new Map<string, OwnRecordRecipe>();
  for (const spec of [demandRecordSpec(), ...mappedFlows]) {
    const create = spec && resolve(spec.create);
    const list = spec && resolve(spec.list);
    const remove = spec?.delete && resolve(spec.delete);
    if (!spec?.delete || !create || !list || !remove || recipes.has(spec.delete.operation)) continue;
    recipes.set(spec.delete.operation, {
      create,
      list,
      delete: remove.body,
      deleteOperation: remove.operation,
      match: spec.match,
      idField: spec.idField,
      fields: spec.fields ?? {},
    });
  }
  return recipes;
}

/** A valid call of a delete as it is sent: its path (which holds its payload, so --replay sends it again), payload and body. */
export interface DeleteCall {
  readonly path: string;
  readonly payload: unknown;
  readonly body: string;
}

const deleteCall = (kind: 'own-record' | 'unknown-id', payload: Record<string, unknown>): DeleteCall => {
  const body = JSON.stringify(payload);
  return { path: `${kind}:${body}`, payload, body };
};

/** An id written as the template writes the field: "1" takes 2000000000 as "2000000000". */
const asWritten = (value: number, template: unknown): unknown => (typeof template === 'string' ? String(value) : value);

/** The delete's body with each number written as the generated valid payload writes the field: a cid the request schema types as text is sent as text. */
function writtenAs(body: Readonly<Record<string, unknown>>, generated: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).map(([field, value]) => [field, typeof value === 'number' ? asWritten(value, generated[field]) : value]));
}

/** The generated valid payload with every field named as an id set to an unknown one (each call its own). */
function unknownIdCall(generated: GeneratedCall, index: number): DeleteCall {
  const payload = asBody(generated.payload);
  const ids = Object.keys(payload).filter((field) => ID_NAME.test(field));
  return deleteCall('unknown-id', { ...payload, ...Object.fromEntries(ids.map((field) => [field, asWritten(UNKNOWN_ID + index, payload[field])])) });
}

/** Whether a call's path is one of an operation's valid calls: generated, or a delete's. */
export const isValidCallPath = (path: string): boolean => /^(conforming|own-record|unknown-id):/.test(path);

/** The call at an `own-record:` or `unknown-id:` path, made again from the payload the path holds. */
export function deleteCallAt(path: string): DeleteCall | undefined {
  const match = /^(own-record|unknown-id):(\{.*\})$/s.exec(path);
  if (!match) return undefined;
  try {
    const payload: unknown = JSON.parse(match[2]);
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? deleteCall(match[1] as 'own-record' | 'unknown-id', payload as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface OwnRecordsContext {
  readonly client: Client;
  readonly seed: number;
  readonly cancelled?: AbortSignal;
}

/**
 * The valid calls of a delete operation, one for each generated one: each deletes a record the run
 * created for it (the creates one after another, then page 1 of the list read once, each record
 * told by the marker it was sent with); where the run could make none (no recipe, a create
 * refused, a record not found on page 1), the call asks for an unknown id instead. Returns the
 * calls, and how many calls making the records took.
 */
export async function ownDeleteCalls(
  generated: readonly GeneratedCall[],
  recipe: OwnRecordRecipe | undefined,
  context: OwnRecordsContext,
): Promise<{ calls: DeleteCall[]; sent: number }> {
  if (!recipe || generated.length === 0) return { calls: generated.map(unknownIdCall), sent: 0 };
  const create = new OperationSession(context.client, recipe.create.operation, 1, context.cancelled);
  const list = new OperationSession(context.client, recipe.list.operation, 1, context.cancelled);
  const prefix = `otp-own-${(context.seed >>> 0).toString(36)}`;
  const markers = generated.map((_, index) => `${prefix}-${index}`);
  for (const [index, marker] of markers.entries()) {
    if (create.abandoned) break;
    const payload = fillTemplate(recipe.create.body, { UNIQUE: marker }, recipe.create.operation.id);
    await create.send('conforming', `own-record-create:${index}`, payload, JSON.stringify(payload));
  }
  const listBody = recipe.list.body;
  const page = list.abandoned ? [] : listed(await list.send('conforming', 'own-record-list', listBody, JSON.stringify(listBody)));
  const idOf = (marker: string): unknown => page.find((record) => record[recipe.match] === marker)?.[recipe.idField];
  const calls = generated.map((call, index) => {
    const id = idOf(`${prefix}-${index}`);
    return id === undefined || id === null
      ? unknownIdCall(call, index)
      : deleteCall('own-record', writtenAs(asBody(fillTemplate(recipe.delete, { id }, recipe.create.operation.id)), asBody(call.payload)));
  });
  return { calls, sent: create.sent + list.sent };
}
