/** Alpha catalogue, invoices (section 1): 4.1 "invoice item detail", "invoices of an order". */
import { done, type GroupHandlers, notFound } from './_internals/answer.js';
import { positiveInteger, required, withRequest } from './_internals/request.js';
import { AN_INTEGER_ID, AN_ORDER_NUMBER, orderNumber } from './_internals/fields.js';
import { invoiceSummary } from './_internals/invoice-summary.js';

export const alphaInvoiceHandlers: GroupHandlers = {
  /** One invoice with its lines. */
  'alpha-invoice-item-detail': (payload, state) =>
    withRequest(payload, { invoiceId: required(positiveInteger, AN_INTEGER_ID) }, ({ invoiceId }) => {
      const invoice = state.alphaInvoices.find((candidate) => candidate.id === invoiceId);
      return invoice ? done(invoice) : notFound('invoiceId', `no alpha invoice has the id ${invoiceId}`);
    }),
  /** The invoices of one alpha order, newest first; none yet for an unpaid order. */
  'alpha-order-invoices': (payload, state) =>
    withRequest(payload, { soNo: required(orderNumber, AN_ORDER_NUMBER) }, ({ soNo }) => {
      if (!state.alphaOrders.some((stored) => stored.order.soNo === soNo)) return notFound('soNo', 'no alpha order has this order number');
      return done({ soNo, invoices: state.alphaInvoices.filter((invoice) => invoice.soNo === soNo).map(invoiceSummary) });
    }),
};
