/** Beta catalogue, orders (section 1): #15, and 4.1 "dispatch note of an order". */
import { done, type GroupHandlers, notFound } from './_internals/answer.js';
import { findDispatchNote } from './_internals/dispatch-note.js';
import { AN_ORDER_NUMBER, orderNumber } from './_internals/fields.js';
import { A_QUANTITY_STRING, orderCreation } from './_internals/orders.js';
import { A_PRODUCT_CODE, A_STRING, productCode, quantityText, required, text, withRequest } from './_internals/request.js';

/** #15 "items: array of {pCode (string), brandId (string), num (string)}". */
const createBetaOrder = orderCreation(
  {
    pCode: required(productCode, A_PRODUCT_CODE),
    brandId: required(text, A_STRING),
    num: required(quantityText, A_QUANTITY_STRING),
  },
  'betaOrders',
);

export const betaOrderHandlers: GroupHandlers = {
  'beta-order-create': createBetaOrder,
  /** Of a beta order: a seeded one, or one #15 created (which awaits dispatch). */
  'beta-order-dispatch-note': (payload, state) =>
    withRequest(payload, { soNo: required(orderNumber, AN_ORDER_NUMBER) }, ({ soNo }) => {
      const note = findDispatchNote(state.betaOrders, state.dispatches, soNo);
      return note ? done(note) : notFound('soNo', 'no beta order has this order number');
    }),
};
