import { findListedOperation } from '../catalogue/listed-operations.js';
import type { FlowStep, MappedFlowSpec } from '../catalogue/operation-map.js';
import { findOperation } from '../catalogue/operations.js';
import type { GroupId } from '../catalogue/groups.js';
import { ID_NAME } from '../checks/asked/named-by.js';
import { demandRecordSpec } from '../flows/demand-records.js';
import { alphaOrderSpec, type ModelSpec } from './order-set.js';

/** A call of a record set: its operation, and its body with `${UNIQUE}` (the marker) and `${id}` left to fill. */
export interface SetStep {
  readonly operation: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * The records one create makes and the operations that show, change and remove them: what the model
 * keeps of a group. From section 4 (the custom demands: create #2, list #1, delete #3) and from the
 * operation map's round trips (4.1), which say which field carries the marker and which is the id.
 */
export interface RecordSet {
  /** `custom-demand`, `bank-card`: the model's flow is `model-<id>`. */
  readonly id: string;
  readonly group: GroupId;
  /** What a record is called where the run lists what it left ("order"); absent: the set's id in words ("purchase order"). */
  readonly kind?: string;
  readonly create: SetStep;
  readonly list: SetStep;
  /** The lookup by id (`${id}`), where the run has one. */
  readonly detail?: SetStep;
  readonly edit?: SetStep;
  readonly delete?: SetStep;
  /** The record field that shows the marker. */
  readonly match: string;
  readonly idField: string;
  /** Fields besides the id that name one record each (an order's id beside its soNo); absent: none. */
  readonly alsoIds?: readonly string[];
  /** A create the server must refuse, where the set has no delete to refuse: it must place nothing. */
  readonly refusedCreate?: SetStep;
  /** Create body field → record field: the fields the model predicts (the marker's, the free text, the numbers). */
  readonly predicted: Readonly<Record<string, string>>;
  /** Body fields that take generated text, and generated numbers. */
  readonly text: readonly string[];
  readonly numbers: readonly string[];
}

const asBody = (body: unknown): Readonly<Record<string, unknown>> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const stepOf = (step: FlowStep): SetStep => ({ operation: step.operation, body: asBody(step.body) });

/** The catalogue's lookup of a list's records (Operation.listedIn), with its map body naming the record by `${id}` (an id, or the set's id field). */
function pairedLookup(listId: string, idField: string, mappedBodies: ReadonlyMap<string, unknown>): SetStep | undefined {
  for (const [operation, body] of mappedBodies) {
    const listed = findListedOperation(operation);
    if (!listed?.lookup || listed.listedIn !== listId) continue;
    const [named, ...more] = Object.keys(asBody(body)).filter((field) => ID_NAME.test(field) || field === idField);
    if (named !== undefined && more.length === 0) return { operation, body: { ...asBody(body), [named]: '${id}' } };
  }
  return undefined;
}

/** The group of the operation that makes a set's records: documented, or of 4.1. */
const groupOf = (operation: string): GroupId | undefined => (findOperation(operation) ?? findListedOperation(operation))?.group;

/**
 * The record sets of a run: the custom demands and the alpha orders of section 4, then each round
 * trip of the operation map (one per create operation). The lookup of a set without one in its round trip is the
 * catalogue's lookup of its list, where the map places it (the custom demand detail of 4.1).
 */
export function recordSets(mappedFlows: readonly MappedFlowSpec[], mappedBodies: ReadonlyMap<string, unknown>): RecordSet[] {
  const specs = [demandRecordSpec(), alphaOrderSpec(), ...mappedFlows].filter((spec): spec is ModelSpec => spec !== undefined);
  const sets: RecordSet[] = [];
  for (const spec of specs) {
    const group = groupOf(spec.create.operation);
    if (group === undefined || sets.some((set) => set.create.operation === spec.create.operation)) continue;
    const detail = spec.detail ? stepOf(spec.detail) : pairedLookup(spec.list.operation, spec.idField, mappedBodies);
    const text = spec.text ?? [];
    const numbers = spec.numbers ?? [];
    const named = (field: string) => spec.fields?.[field] ?? field;
    const createBody = asBody(spec.create.body);
    const marked = Object.keys(createBody).filter((field) => createBody[field] === '${UNIQUE}');
    const id = spec.id.replace(/^flow-/, '').replace(/-(lifecycle|listed)$/, '');
    sets.push({
      id,
      group,
      ...(spec.kind ? { kind: spec.kind } : {}),
      create: stepOf(spec.create),
      list: stepOf(spec.list),
      ...(detail ? { detail } : {}),
      ...(spec.edit ? { edit: stepOf(spec.edit) } : {}),
      ...(spec.delete ? { delete: stepOf(spec.delete) } : {}),
      match: spec.match,
      idField: spec.idField,
      ...(spec.alsoIds ? { alsoIds: spec.alsoIds } : {}),
      ...(spec.refusedCreate ? { refusedCreate: stepOf(spec.refusedCreate) } : {}),
      predicted: Object.fromEntries([...marked, ...text, ...numbers].map((field) => [field, named(field)])),
      text,
      numbers,
    });
  }
  return sets;
}
