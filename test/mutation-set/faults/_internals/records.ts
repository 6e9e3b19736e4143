/**
 * What the faults of records across answers share: the create-order requests as the server reads
 * them, a fault that answers some calls of its operation after handling another request than the one
 * sent, the consignees as a mass update left them, beta order lines built from products fetched in
 * index order, and a lookup cache two operations fill under one name.
 */

import { type Fault, type FaultFacts, socketFault } from '../../../../src/reference/faults/fault.js';
import { A_QUANTITY_STRING, ORDER_HEADER } from '../../../../src/reference/handlers/_internals/orders.js';
import {
  A_PRODUCT_CODE,
  A_STRING,
  flag,
  nonEmptyListOf,
  productCode,
  quantityText,
  readRequest,
  required,
  text,
  unsendableText,
  wholeNumber,
} from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { ListedOrder, OrderLine } from '../../../../src/reference/records.js';
import { orderLineFor, pricedOrder } from '../../../../src/reference/seeding/products.js';
import { succeeded } from './answers.js';
import { type HeldAnswer, heldJson, holdAnswer, withJson } from './held-answer.js';
import type { ServerResponse } from 'node:http';

/** #14 "items: array of {pCode (string), num (string), siCusNote (string), siSendNote (string)}". */
export const ALPHA_ITEM = {
  pCode: required(productCode, A_PRODUCT_CODE),
  num: required(quantityText, A_QUANTITY_STRING),
  siCusNote: required(text, A_STRING),
  siSendNote: required(text, A_STRING),
};

/** #15 "items: array of {pCode (string), brandId (string), num (string)}", with the header #14 has. */
const BETA_ORDER = {
  ...ORDER_HEADER,
  items: nonEmptyListOf({ pCode: required(productCode, A_PRODUCT_CODE), brandId: required(text, A_STRING), num: required(quantityText, A_QUANTITY_STRING) }),
};

/** Whether the server takes this body as a beta order (#15): it would place it. */
export function placesBetaOrder(payload: unknown): payload is Json & { items: Json[] } {
  return unsendableText(payload) === undefined && readRequest(payload, BETA_ORDER).ok;
}

/**
 * The alpha order (#14) whose header is taken and whose items are taken up to one the server turns
 * down, after at least one it takes: the body cut before that item. Undefined for any other body.
 */
export function orderBeforeRefusedItem(payload: unknown): Json | undefined {
  if (!isPlainObject(payload) || unsendableText(payload) !== undefined || !readRequest(payload, ORDER_HEADER).ok) return undefined;
  const { items } = payload;
  if (!Array.isArray(items)) return undefined;
  const refused = items.findIndex((item) => !readRequest(item, ALPHA_ITEM).ok);
  return refused >= 1 ? { ...payload, items: items.slice(0, refused) } : undefined;
}

/**
 * A fault that, at the calls `when` picks, lets the server handle what `misreads` makes of the
 * request (and change its state so) and then answers with what `respond` sends.
 */
export function handledOtherwiseFault(
  facts: FaultFacts & { when(payload: unknown): boolean; misreads(payload: unknown): unknown; respond: Fault['respond'] },
): Fault {
  const fault = socketFault(facts);
  return { ...fault, strikes: (operation, payload) => fault.strikes(operation, payload) && facts.when(payload), misreads: facts.misreads };
}

/** The fields of 2.9 a consignee edit (4.1) writes where given: all but the id and createdAt. */
const CONSIGNEE_FIELDS = ['consigneeName', 'mobile', 'phone', 'province', 'city', 'county', 'address', 'remark'] as const;

interface MassUpdate {
  readonly at: number;
  /** The consignee the edit saved, which the update leaves out. */
  readonly except: number;
  readonly fields: Json;
}

/**
 * The consignees of one server as `UPDATE consignee SET <every field the edit gave>, is_default = 0
 * WHERE id <> ?` left them: each edit that made a consignee the default wrote its fields over every
 * other consignee there was. A consignee written since (edited, or added) holds what it was written.
 */
export class OverwrittenConsignees {
  private clock = 0;
  private readonly lastWritten = new Map<number, number>();
  private readonly updates: MassUpdate[] = [];

  /** What the mass updates wrote over this consignee since it was last written itself. */
  fieldsOver(id: number): Json {
    const written = this.lastWritten.get(id) ?? 0;
    return Object.assign({}, ...this.updates.filter((update) => update.at > written && update.except !== id).map((update) => update.fields)) as Json;
  }

  /** The consignee as the table holds it. */
  read(consignee: Json): Json {
    return typeof consignee.id === 'number' ? { ...consignee, ...this.fieldsOver(consignee.id) } : consignee;
  }

  /** An edit (4.1) the server saved, as consignee `id`: the default's clears the others with its own fields. */
  saved(id: number, edit: Json): void {
    this.clock += 1;
    this.lastWritten.set(id, this.clock);
    if (flag(edit.isDefault) !== 1) return;
    // The mobile is stored as text, whether sent as a string or as the number its digits spell.
    const given = CONSIGNEE_FIELDS.filter((name) => edit[name] !== undefined && edit[name] !== null).map((name) => [
      name,
      name === 'mobile' ? String(edit[name]) : edit[name],
    ]);
    this.updates.push({ at: this.clock, except: id, fields: { ...Object.fromEntries(given), isDefault: 0 } });
  }
}

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
