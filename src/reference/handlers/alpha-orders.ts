/** Alpha catalogue, orders (section 1): #13, #14. */
import type { ReferenceState } from '../records.js';
import { done, type Handler, type Outcome } from './answer.js';
import { A_QUANTITY_STRING, orderCreation } from './orders.js';
import { A_PRODUCT_CODE, A_STRING, AN_INTEGER_PAGE, positiveInteger, productCode, quantityText, required, text, withRequest } from './request.js';
import { pageOf } from './state.js';

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

export const alphaOrderHandlers: Readonly<Record<string, Handler>> = {
  'alpha-orders-list': listAlphaOrders,
  'alpha-order-create': createAlphaOrder,
};
