import { done, notFound } from '../handlers/answer.js';
import { createdOrder } from '../handlers/orders.js';
import { required, withRequest } from '../handlers/request.js';
import { AN_ORDER_NUMBER, orderNumber } from './_internals/fields.js';
import { findDispatchNote } from './_internals/dispatch-note.js';
import type { ListedHandlers } from './_internals/types.js';

const BY_ORDER_NUMBER = { soNo: required(orderNumber, AN_ORDER_NUMBER) };
const NO_ORDER = 'no alpha order has this order number';

export const alphaOrderHandlers: ListedHandlers = {
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
