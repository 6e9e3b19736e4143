/** Beta catalogue, orders (section 1): #15. */
import type { Handler } from './answer.js';
import { A_QUANTITY_STRING, orderCreation } from './orders.js';
import { A_PRODUCT_CODE, A_STRING, productCode, quantityText, required, text } from './request.js';

/** #15 "items: array of {pCode (string), brandId (string), num (string)}". */
const createBetaOrder = orderCreation(
  {
    pCode: required(productCode, A_PRODUCT_CODE),
    brandId: required(text, A_STRING),
    num: required(quantityText, A_QUANTITY_STRING),
  },
  'betaOrders',
);

export const betaOrderHandlers: Readonly<Record<string, Handler>> = {
  'beta-order-create': createBetaOrder,
};
