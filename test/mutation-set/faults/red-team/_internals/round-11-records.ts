/**
 * What round 11's faults of records across answers share: the create-order requests as the server
 * reads them, a fault that answers some calls of its operation after handling another request than
 * the one sent, and the consignees as a mass update left them.
 */
import { ORDER_HEADER, A_QUANTITY_STRING } from '../../../../../src/reference/handlers/_internals/orders.js';
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
} from '../../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../../src/reference/json.js';
import { type Fault, type FaultFacts, socketFault } from '../../../../../src/reference/faults/fault.js';

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
