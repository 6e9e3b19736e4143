/** Beta catalogue, invoices (section 1): 4.1 "invoice order list". */
import { done, type GroupHandlers } from './_internals/answer.js';
import { A_WHOLE_NUMBER, optional, wholeNumber, withRequest } from './_internals/request.js';
import { hasStatus, pageOf } from './_internals/state.js';
import { OPENAPI_PAGE } from './_internals/fields.js';
import { invoiceSummary } from './_internals/invoice-summary.js';

export const betaInvoiceHandlers: GroupHandlers = {
  /** The invoices of beta orders, newest first; `status` (0 awaiting issue, 1 issued) filters where given. */
  'beta-invoice-order-list': (payload, state) =>
    withRequest(payload, { ...OPENAPI_PAGE, status: optional(wholeNumber, A_WHOLE_NUMBER) }, ({ pageSize, pageNo, status }) =>
      done(pageOf(state.betaInvoices.filter(hasStatus(status)).map(invoiceSummary), pageSize, pageNo, state.listOrder)),
    ),
};
