/** Alpha catalogue, orders (section 1): #13, #14, and 4.1 "order detail", "dispatch note of an order". */
import type { ReferenceState } from '../records.js';
import { done, type GroupHandlers, notFound, type Outcome } from './_internals/answer.js';
import { findDispatchNote } from './_internals/dispatch-note.js';
import { AN_ORDER_NUMBER, orderNumber } from './_internals/fields.js';
import { A_QUANTITY_STRING, createdOrder, orderCreation } from './_internals/orders.js';
import { A_PRODUCT_CODE, A_STRING, AN_INTEGER_PAGE, positiveInteger, productCode, quantityText, required, text, withRequest } from './_internals/request.js';
import { pageOf } from './_internals/state.js';

/** #13 "pageSize (number of records to return), pageNo (current page)". */
const ALPHA_ORDERS_LIST = {
  pageSize: required(positiveInteger, AN_INTEGER_PAGE),
  pageNo: required(positiveInteger, AN_INTEGER_PAGE),
};

function listAlphaOrders(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, ALPHA_ORDERS_LIST, ({ pageSize, pageNo }) =>
    done(
      pageOf(
        state.alphaOrders.map((stored) => stored.order),
        pageSize,
        pageNo,
        state.listOrder,
      ),
    ),
  );
}

/** #14 "items: array of {pCode (string), num (string), siCusNote (string), siSendNote (string)}". */
const createAlphaOrder = orderCreation(
  {
    pCode: required(productCode, A_PRODUCT_CODE),
    num: required(quantityText, A_QUANTITY_STRING),
    siCusNote: required(text, A_STRING),
    siSendNote: required(text, A_STRING),
  },
  'alphaOrders',
);

const BY_ORDER_NUMBER = { soNo: required(orderNumber, AN_ORDER_NUMBER) };
const NO_ORDER = 'no alpha order has this order number';

export const alphaOrderHandlers: GroupHandlers = {
  'alpha-orders-list': listAlphaOrders,
  'alpha-order-create': createAlphaOrder,
  /** The order as the create-order operations answer it (2.3): the 29 fields, soFreightPrice and items. */
  'alpha-order-detail': (payload, state) =>
    withRequest(payload, BY_ORDER_NUMBER, ({ soNo }) => {
      const stored = state.alphaOrders.find((candidate) => candidate.order.soNo === soNo);
      return stored ? done(createdOrder(stored)) : notFound('soNo', NO_ORDER);
    }),
  'alpha-order-dispatch-note': (payload, state) =>
    withRequest(payload, BY_ORDER_NUMBER, ({ soNo }) => {
      const note = findDispatchNote(state.alphaOrders, state.dispatches, soNo);
      return note ? done(note) : notFound('soNo', NO_ORDER);
    }),
};
