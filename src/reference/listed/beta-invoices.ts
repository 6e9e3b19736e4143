import { done } from '../handlers/answer.js';
import { A_WHOLE_NUMBER, optional, wholeNumber, withRequest } from '../handlers/request.js';
import { hasStatus, pageOf } from '../handlers/state.js';
import { OPENAPI_PAGE } from './_internals/fields.js';
import { invoiceSummary } from './_internals/invoice-summary.js';
import type { ListedHandlers } from './_internals/types.js';

export const betaInvoiceHandlers: ListedHandlers = {
  /** The invoices of beta orders, newest first; `status` (0 awaiting issue, 1 issued) filters where given. */
  'beta-invoice-order-list': (payload, state) =>
    withRequest(payload, { ...OPENAPI_PAGE, status: optional(wholeNumber, A_WHOLE_NUMBER) }, ({ pageSize, pageNo, status }) =>
      done(pageOf(state.betaInvoices.filter(hasStatus(status)).map(invoiceSummary), pageSize, pageNo)),
    ),
};
