/** Purchase orders (section 1): #4. */
import type { ReferenceState } from '../records.js';
import { done, type Handler, type Outcome } from './answer.js';
import { codeText, LIST_REQUEST, optional, withRequest } from './request.js';
import { hasStatus, pageOf } from './state.js';

/** #4 adds `cusType (string)`, which filters like `status` does. */
const PURCHASE_ORDER_LIST = { ...LIST_REQUEST, cusType: optional(codeText, 'a string such as "1"') };

function listPurchaseOrders(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, PURCHASE_ORDER_LIST, ({ pageSize, pageNo = 1, status, cusType }) => {
    const matching = state.purchaseOrders
      .filter((entry) => (cusType === undefined || entry.cusType === cusType) && hasStatus(status)(entry.record))
      .map((entry) => entry.record);
    return done(pageOf(matching, pageSize, pageNo));
  });
}

export const purchaseOrderHandlers: Readonly<Record<string, Handler>> = {
  'purchase-order-list': listPurchaseOrders,
};
