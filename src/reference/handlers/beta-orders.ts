/** Beta catalogue, orders (section 1): #15. */
import type { ReferenceState } from '../records.js';
import { done, type Handler, type Outcome } from './answer.js';
import { A_QUANTITY_STRING, createdOrder, ORDER_HEADER, placeOrder } from './orders.js';
import { A_PRODUCT_CODE, A_STRING, nonEmptyListOf, productCode, quantityText, required, text, withRequest } from './request.js';

/** #15 "items: array of {pCode (string), brandId (string), num (string)}". */
const BETA_ORDER_CREATE = {
  ...ORDER_HEADER,
  items: nonEmptyListOf({
    pCode: required(productCode, A_PRODUCT_CODE),
    brandId: required(text, A_STRING),
    num: required(quantityText, A_QUANTITY_STRING),
  }),
};

function createBetaOrder(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BETA_ORDER_CREATE, (request) => done(createdOrder(placeOrder(state, state.betaOrders, request))));
}

export const betaOrderHandlers: Readonly<Record<string, Handler>> = {
  'beta-order-create': createBetaOrder,
};
