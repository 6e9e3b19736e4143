import { done, notFound } from '../handlers/answer.js';
import { required, withRequest } from '../handlers/request.js';
import { AN_ORDER_NUMBER, orderNumber } from './_internals/fields.js';
import { findDispatchNote } from './_internals/dispatch-note.js';
import type { ListedHandlers } from './_internals/types.js';

export const betaOrderHandlers: ListedHandlers = {
  /** Of a beta order: a seeded one, or one #15 created (which awaits dispatch). */
  'beta-order-dispatch-note': (payload, state) =>
    withRequest(payload, { soNo: required(orderNumber, AN_ORDER_NUMBER) }, ({ soNo }) => {
      const note = findDispatchNote(state.betaOrders, state.dispatches, soNo);
      return note ? done(note) : notFound('soNo', 'no beta order has this order number');
    }),
};
