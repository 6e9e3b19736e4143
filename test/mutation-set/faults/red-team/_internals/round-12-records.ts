/**
 * What round 12's faults of records across answers share: beta order lines built from products
 * fetched in index order, and a lookup cache two operations fill under one name.
 */
import type { ServerResponse } from 'node:http';
import { wholeNumber } from '../../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../../src/reference/json.js';
import type { ListedOrder, OrderLine } from '../../../../../src/reference/records.js';
import { orderLineFor, pricedOrder } from '../../../../../src/reference/seeding/products.js';
import { succeeded } from './answers.js';
import { type HeldAnswer, heldJson, holdAnswer, withJson } from './held-answer.js';

/** What the server sends when a handler throws (an IndexOutOfBoundsException, say): its internal error, word for word. */
export const INTERNAL_ERROR: Json = { data: {}, status: 'fail', code: '500', message: 'Internal error.', error: { reason: 'internal error' } };

/**
 * The lines of an order whose products came back from `WHERE p_code IN (…)` in the index's order
 * (by code) and were zipped with the items by position: each line keeps its item's code and
 * quantity and takes the rest (product id, names, CAS, grade, delivery, price and discount, and so
 * its amounts) from the product at its place in code order. Undefined where a code comes twice:
 * fewer products than items, and the zip runs off the end.
 */
export function zippedWithSortedProducts(lines: readonly Json[]): Json[] | undefined {
  const codes = lines.map((line) => String(line.pCode));
  const fetched = [...new Set(codes)].sort();
  if (fetched.length < lines.length) return undefined;
  return lines.map((line, index) => ({ ...orderLineFor(fetched[index]!, Number(line.siNum)), pCode: line.pCode }));
}

/** The created order (2.3) with these lines, its goods total, freight and soTotal counted from them as the clean server counts them. */
export function withLines(order: Json, lines: Json[]): Json {
  const { soTotal: _counted, ...fields } = order;
  const priced = pricedOrder(fields as unknown as Omit<ListedOrder, 'soTotal'>, lines as unknown as OrderLine[]);
  return { ...order, soTotal: priced.order.soTotal, soFreightPrice: priced.freightPrice, items: lines };
}

/** The fields of a dispatch note's item (4.1) that come from the product, not from the order line's code and quantity. */
const PRODUCT_FIELDS_OF_NOTE_ITEM = ['pCnName', 'pLevel', 'cCas'] as const;

/** A dispatch note's items as the stored lines make them: the product fields of each from the line at its place. */
export function noteWithLines(note: Json, lines: readonly Json[]): Json {
  if (!Array.isArray(note.items)) return note;
  const items = note.items.map((item, index) => {
    const line = lines[index];
    if (!isPlainObject(item) || !line) return item;
    return { ...item, ...Object.fromEntries(PRODUCT_FIELDS_OF_NOTE_ITEM.map((name) => [name, line[name]])) };
  });
  return { ...note, items };
}

/** The id a lookup, edit or delete body names, as the server binds it (a number, or a string of its digits). */
export const idIn = (body: Json | undefined): number | undefined => wholeNumber(body?.id);

/**
 * `@Cacheable(cacheNames = "consignee", key = "#id")`: one cache of successful lookup answers by
 * id, whichever of the two lookups filled it, emptied of an id by the edits and deletes of either.
 */
export class SharedLookupCache {
  private readonly answers = new Map<number, Json>();

  /** Answers a lookup of `id` from the cache where it holds the id; else caches a success. Refusals before the method (401, 400) pass. */
  lookup(res: ServerResponse, id: () => number | undefined): void {
    holdAnswer(res, (held, send) => {
      const body = heldJson(held);
      const asked = id();
      if (!body || asked === undefined || !reachedTheMethod(body)) return send(held);
      const cached = this.answers.get(asked);
      if (cached) return send(withJson(held, cached));
      if (succeeded(body)) this.answers.set(asked, body);
      send(held);
    });
  }

  /** Evicts `id` once an edit or delete of it succeeded. */
  evictAfter(res: ServerResponse, id: () => number | undefined): void {
    holdAnswer(res, (held: HeldAnswer, send) => {
      const body = heldJson(held);
      const written = id();
      if (body && succeeded(body) && written !== undefined) this.answers.delete(written);
      send(held);
    });
  }
}

/** The lookup ran (found or not): the call was let in and its body bound. */
const reachedTheMethod = (body: Json): boolean => body.code === '200' || body.code === '404';
