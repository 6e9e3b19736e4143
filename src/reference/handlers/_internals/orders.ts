/** Placing an order (#14, #15): the header fields both create-order operations read, the order built and stored, and its answer (2.3). */
import { extend } from '../../../objects.js';
import type { ListedOrder, ReferenceState, StoredOrder } from '../../records.js';
import { DOCUMENT_PREFIX, documentNumber, formatChinaTime, telephoneAsInteger } from '../../seeding/formats.js';
import { orderLineFor, pricedOrder } from '../../seeding/products.js';
import { done, type Handler } from './answer.js';
import { A_STRING, type FieldReader, MAX_QUANTITY, nonEmptyListOf, type RequestOf, type RequestShape, required, text, withRequest } from './request.js';
import { nowSeconds, takeId } from './state.js';

/** #14, #15 header fields, "(all strings)". */
export const ORDER_HEADER = {
  soCusPo: required(text, A_STRING),
  soCaName: required(text, A_STRING),
  soCaMobile: required(text, A_STRING),
  soCaPhone: required(text, A_STRING),
  soCaProvince: required(text, A_STRING),
  soCaCity: required(text, A_STRING),
  soCaStreet: required(text, A_STRING),
  soNote: required(text, A_STRING),
};

export const A_QUANTITY_STRING = `a string of a number above 0 and at most ${MAX_QUANTITY}`;

type OrderRequest = RequestOf<typeof ORDER_HEADER> & { items: readonly { pCode: string; num: number }[] };

/**
 * The 2.3 fields of a new order. The request names one consignee, who also receives the invoice;
 * it asks for no invoice details, so those stay empty (0 where the sample shows an integer).
 */
function newOrderFields(id: number, placedAt: number, request: OrderRequest): Omit<ListedOrder, 'soTotal'> {
  const consignee = {
    name: request.soCaName,
    mobile: telephoneAsInteger(request.soCaMobile),
    phone: telephoneAsInteger(request.soCaPhone),
    province: request.soCaProvince,
    city: request.soCaCity,
    street: request.soCaStreet,
  };
  return {
    soId: id,
    soNo: documentNumber(DOCUMENT_PREFIX.order, placedAt, id),
    soReviewStatus: 0,
    soPayStatus: 0,
    soCaName: consignee.name,
    soCaMobile: consignee.mobile,
    soCaPhone: consignee.phone,
    soCaProvince: consignee.province,
    soCaCity: consignee.city,
    soCaCounty: '',
    soCaStreet: consignee.street,
    soCiaName: consignee.name,
    soCiaMobile: consignee.mobile,
    soCiaPhone: consignee.phone,
    soCiaProvince: consignee.province,
    soCiaCity: consignee.city,
    soCiaCounty: '',
    soCiaStreet: consignee.street,
    soCiMethod: 0,
    soCiType: 0,
    soCiTitle: '',
    soCiBank: '',
    soCiBknum: '',
    soCiAddr: '',
    soCiPhone: 0,
    soCiVatno: '',
    soNote: request.soNote,
    soCtime: placedAt,
  };
}

/** Places the order at the head of `orders` (newest first): one line per requested item, in request order. */
export function placeOrder(state: ReferenceState, orders: StoredOrder[], request: OrderRequest): StoredOrder {
  const id = takeId(state);
  const lines = request.items.map((item) => orderLineFor(item.pCode, item.num));
  const stored = pricedOrder(newOrderFields(id, nowSeconds(state), request), lines);
  orders.unshift(stored);
  return stored;
}

/** The create-order answer: the order "plus soFreightPrice and items", soCtime a "string in the create-order responses" (2.3). */
export function createdOrder({ order, freightPrice, lines }: StoredOrder): object {
  return extend(order, { soCtime: formatChinaTime(order.soCtime), soFreightPrice: freightPrice, items: lines });
}

/** A create-order operation (#14, #15): the header and a non-empty list of these items read, the order placed at the head of `book`, answered as created. */
export function orderCreation(items: RequestShape & { pCode: FieldReader<string>; num: FieldReader<number> }, book: 'alphaOrders' | 'betaOrders'): Handler {
  const shape = { ...ORDER_HEADER, items: nonEmptyListOf(items) };
  return (payload, state) => withRequest(payload, shape, (request) => done(createdOrder(placeOrder(state, state[book], request))));
}
