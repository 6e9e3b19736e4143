/**
 * The pure core of the embedded reference server: one JSON body in, one envelope out, for each of
 * the sixteen operations of section 4. No I/O; the state is the only thing a call changes.
 */
import { operations } from '../catalogue/operations.js';
import { alphaOrderHandlers } from './handlers/alpha-orders.js';
import { envelope, type Handler, notFound, type ReferenceAnswer } from './handlers/answer.js';
import { betaOrderHandlers } from './handlers/beta-orders.js';
import { betaProductHandlers } from './handlers/beta-products.js';
import { consignmentHandlers } from './handlers/consignment.js';
import { customDemandHandlers } from './handlers/custom-demand.js';
import { memberAccountHandlers } from './handlers/member-account.js';
import { purchaseOrderHandlers } from './handlers/purchase-orders.js';
import type { ReferenceState } from './records.js';

export type { ReferenceAnswer };

/** The operations by catalogue id, each group's from its own module under handlers/. */
const HANDLERS: ReadonlyMap<string, Handler> = new Map(
  Object.entries({
    ...customDemandHandlers,
    ...purchaseOrderHandlers,
    ...consignmentHandlers,
    ...memberAccountHandlers,
    ...alphaOrderHandlers,
    ...betaOrderHandlers,
    ...betaProductHandlers,
  }),
);

/** Answers one call of the operation with this catalogue id. Never throws, whatever the payload. */
export function handle(operationId: string, payload: unknown, state: ReferenceState): ReferenceAnswer {
  const operation = operations.find((op) => op.id === operationId);
  const handler = HANDLERS.get(operationId);
  if (!operation || !handler) {
    return envelope('full', notFound('operation', `no documented operation has the id ${JSON.stringify(String(operationId).slice(0, 100))}`));
  }
  return envelope(operation.envelope, handler(payload, state));
}
