/**
 * The reference server's pure core for the operations section 4.1 lists without path or payload
 * ("Paths and payloads of the operations in 4.1: not shown"). Where they live, and what a valid
 * body of each looks like, is the server's operation map (../operation-map.json).
 */
import { envelope, notFound, type ReferenceAnswer } from '../handlers/answer.js';
import type { ReferenceState } from '../records.js';
import { accountHandlers } from './account.js';
import { alphaInvoiceHandlers } from './alpha-invoices.js';
import { alphaOrderHandlers } from './alpha-orders.js';
import { alphaProductHandlers } from './alpha-products.js';
import { bankCardHandlers } from './bank-cards.js';
import { betaInvoiceHandlers } from './beta-invoices.js';
import { betaOrderHandlers } from './beta-orders.js';
import { betaProductHandlers } from './beta-products.js';
import { consigneeHandlers } from './consignees.js';
import { consignmentHandlers } from './consignments.js';
import { customDemandHandlers } from './custom-demands.js';
import { invoiceProfileHandlers } from './invoice-profiles.js';
import { memberHandlers } from './member.js';
import { purchaseOrderHandlers } from './purchase-orders.js';
import { tokenHandlers } from './token.js';
import type { ListedContext, ListedHandler } from './_internals/types.js';

export type { ListedContext } from './_internals/types.js';

/** By listed operation id (src/catalogue/listed-operations.ts), group by group as 4.1 orders them. */
const HANDLERS: ReadonlyMap<string, ListedHandler> = new Map(
  Object.entries({
    ...tokenHandlers,
    ...betaProductHandlers,
    ...betaOrderHandlers,
    ...alphaProductHandlers,
    ...alphaOrderHandlers,
    ...alphaInvoiceHandlers,
    ...betaInvoiceHandlers,
    ...accountHandlers,
    ...memberHandlers,
    ...bankCardHandlers,
    ...consigneeHandlers,
    ...invoiceProfileHandlers,
    ...consignmentHandlers,
    ...customDemandHandlers,
    ...purchaseOrderHandlers,
  }),
);

/** The ids of the listed operations this core answers. */
export const listedOperationIds: readonly string[] = [...HANDLERS.keys()];

/**
 * Answers one call of the listed operation with this id, in the full envelope (2.1), HTTP status
 * aside. GET operations (log out, customer basic information) get `undefined`: they have no body.
 * Never throws, whatever the payload.
 */
export function handleListed(operationId: string, payload: unknown, state: ReferenceState, context: ListedContext): ReferenceAnswer {
  const handler = HANDLERS.get(operationId);
  if (!handler) {
    return envelope('full', notFound('operation', `no listed operation has the id ${JSON.stringify(String(operationId).slice(0, 100))}`));
  }
  return envelope('full', handler(payload, state, context));
}
