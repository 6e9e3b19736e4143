import type { Operation } from '../../catalogue/operations.js';
import { recordKey } from '../../checks/call-record.js';
import { resultData } from '../../checks/preconditions.js';
import type { Client } from '../../client/client.js';
import { fillTemplate } from '../../catalogue/operation-map.js';
import type { Exchange } from '../../checks/types.js';
import { listed, sameValue } from '../../flows/records.js';
import type { OwnRecordRecipe } from './own-records.js';
import type { ListedEnds } from './page-walk.js';
import { OperationSession } from './session.js';

/** A record the run made and left on the server: what it is, its id where the server showed one, and why it stays. */
export interface LeftRecord {
  /** What the record is, in the words of the spec: "custom demand", "order", "purchase order", "member". */
  readonly kind: string;
  /** The operation that made it. */
  readonly operation: string;
  /** Its id, where the create's answer or the list showed one. */
  readonly id?: string;
  readonly reason: string;
}

/**
 * The records each create operation makes, by its id: their kind, and the field of the create's
 * answer that names the record where the answer carries one. Where the API documents a delete for
 * the kind, the recipe of that delete (ownRecordRecipes) says how the run finds and removes them.
 */
const MADE: Readonly<Record<string, { readonly kind: string; readonly idInAnswer?: string; readonly editsBy?: string }>> = {
  'custom-demand-create': { kind: 'custom demand' },
  // 4.1's edits add a record where the body names none (the map's round trips create with them).
  'bank-card-edit': { kind: 'bank card', editsBy: 'id' },
  'consignee-edit': { kind: 'consignee', editsBy: 'id' },
  'invoice-profile-edit': { kind: 'invoice profile', editsBy: 'id' },
  'consignment-publish': { kind: 'consignment' },
  'alpha-order-create': { kind: 'order', idInAnswer: 'soNo' },
  'beta-order-create': { kind: 'order', idInAnswer: 'soNo' },
  'purchase-order-publish': { kind: 'purchase order' },
  'account-register': { kind: 'member', idInAnswer: 'id' },
};

/** Whether the run keeps track of what the operation's calls make. */
export const makesRecords = (operation: Operation): boolean => Object.hasOwn(MADE, operation.id);

/** A call that made a record: the server answered it a success. */
const madeRecord = (exchange: Exchange): boolean => exchange.response?.status === 200 && resultData(exchange) !== undefined;

const idText = (value: unknown): string | undefined =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : undefined;

/** What a call sent, as JSON reads its body (a coverage call's payload describes its class; its body is what went out). */
function sentBody(exchange: Exchange): unknown {
  const text = exchange.request.body;
  if (text === undefined) return exchange.payload;
  try {
    return JSON.parse(text);
  } catch {
    return exchange.payload;
  }
}

const namesRecord = (payload: unknown, field: string): boolean =>
  payload !== null &&
  typeof payload === 'object' &&
  !Array.isArray(payload) &&
  (payload as Record<string, unknown>)[field] !== undefined &&
  (payload as Record<string, unknown>)[field] !== null;

/**
 * What the clean-up keeps of a call that made a record, in place of the exchange: the run's creates
 * would otherwise hold their bodies and answers (an order's answer is some 40 kB) until their
 * group's flows end.
 */
export interface MadeCall {
  /** The body's top-level fields that hold a string or a number: what a listed record is told by. */
  readonly sent: Readonly<Record<string, string | number>>;
  /** The record's id, where the kind's create answers one. */
  readonly id?: string;
}

/** The call as the clean-up keeps it, or undefined where it made no record: answered no success, or named the record it edits. */
export function madeCall(operation: Operation, exchange: Exchange): MadeCall | undefined {
  const facts = MADE[operation.id];
  if (!facts || !madeRecord(exchange)) return undefined;
  const body = sentBody(exchange);
  // A call that names the record it edits made none.
  if (facts.editsBy !== undefined && namesRecord(body, facts.editsBy)) return undefined;
  const sent =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(
          Object.entries(body).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),
        )
      : {};
  const id = facts.idInAnswer === undefined ? undefined : idText(resultData(exchange)?.[facts.idInAnswer]);
  return { sent, ...(id === undefined ? {} : { id }) };
}

/** Whether a listed record shows every field a call sent, under the name the recipe's fields give it, the id aside. */
function shows(record: Readonly<Record<string, unknown>>, sent: MadeCall['sent'], recipe: Pick<OwnRecordRecipe, 'fields' | 'idField'>): boolean {
  const { fields, idField } = recipe;
  // The id is the server's to give: a body's `id` (publish names the purchase order it publishes from) is not the record's.
  const told = Object.entries(sent).filter(([field]) => field !== idField && (fields[field] ?? field) !== idField);
  const named = told.filter(([field]) => (fields[field] ?? field) in record);
  return named.length > 0 && named.every(([field, value]) => sameValue(record[fields[field] ?? field], value));
}

/** Records another client may have added on top of the run's since the walk: page 1 holds this many more than the run made. */
const CLEAN_UP_MARGIN = 50;

export interface CleanUpContext {
  readonly client: Client;
  /** Deletes under way at once: the run's concurrency. */
  readonly lanes: number;
  readonly cancelled?: AbortSignal;
}

/**
 * Deletes what a create operation's calls made (`made`: MadeCall of each), where a
 * delete is documented for the kind and the run can tell its records: those on page 1 of the
 * group's list that show what a call sent and that the list's walk, before any state change of the
 * run, did not show (another client's record with the same values is never taken).
 * Returns what stays, with why, and the calls it took.
 */
export async function cleanUp(
  operation: Operation,
  made: readonly MadeCall[],
  recipe: OwnRecordRecipe | undefined,
  walkedBefore: ListedEnds | undefined,
  context: CleanUpContext,
): Promise<{ left: LeftRecord[]; sent: number }> {
  const facts = MADE[operation.id];
  if (!facts || made.length === 0) return { left: [], sent: 0 };
  const leave = ({ id }: MadeCall, reason: string): LeftRecord => ({ kind: facts.kind, operation: operation.id, ...(id === undefined ? {} : { id }), reason });
  if (!recipe) return { left: made.map((call) => leave(call, 'no delete documented')), sent: 0 };
  const before = walkedBefore?.whole?.keys;
  const largest = walkedBefore?.largestId;
  if (!before && largest === undefined) {
    const reason = `not told from other clients' records: the run did not walk ${recipe.list.operation.id} before its state changes`;
    return { left: made.map((call) => leave(call, reason)), sent: 0 };
  }
  // Not another client's: absent from the list read whole before the run changed anything, else with an id past the largest it showed (ids count up).
  const notTheirs = (record: Readonly<Record<string, unknown>>): boolean =>
    before ? !before.has(recordKey(record)) : largest !== undefined && Number(record.id) > largest;
  const list = new OperationSession(context.client, recipe.list.operation, 1, context.cancelled);
  const deletes = new OperationSession(context.client, recipe.deleteOperation, context.lanes, context.cancelled);
  // Page 1, large enough to hold every record the calls made on top of those the list showed first.
  const listBody = { ...recipe.list.body, pageSize: Math.max(Number(recipe.list.body.pageSize) || 0, made.length + CLEAN_UP_MARGIN) };
  const page = listed(await list.send('conforming', 'clean-up-list', listBody, JSON.stringify(listBody)));
  // Each call's record is told on the page before any delete goes out: the deletes then go side by
  // side, so that against a distant server a hundred of them cost a few answer times, not a hundred.
  const taken = new Set<string>();
  const told = made.map((call) => {
    const record = page.find((candidate) => notTheirs(candidate) && !taken.has(recordKey(candidate)) && shows(candidate, call.sent, recipe));
    const id = record?.[recipe.idField];
    if (!record || id === undefined || id === null) return { call };
    taken.add(recordKey(record) ?? '');
    return { call, id };
  });
  const stays = await deletes.inLanes(told, async ({ call, id }): Promise<LeftRecord | undefined> => {
    if (id === undefined) return leave(call, `not found on page 1 of ${recipe.list.operation.id}`);
    const listedId = idText(id) === undefined ? {} : { id: idText(id) };
    if (deletes.abandoned) return { kind: facts.kind, operation: operation.id, ...listedId, reason: 'the run stopped first' };
    const payload = fillTemplate(recipe.delete, { id }, recipe.deleteOperation.id);
    const deleted = await deletes.send('conforming', `clean-up:${JSON.stringify(payload)}`, payload, JSON.stringify(payload));
    return madeRecord(deleted)
      ? undefined
      : { kind: facts.kind, operation: operation.id, ...listedId, reason: `${recipe.deleteOperation.id} did not answer a success` };
  });
  const left = stays.filter((record): record is LeftRecord => record !== undefined);
  return { left, sent: list.sent + deletes.sent };
}
