/**
 * The pure core of the embedded reference server: one JSON body in, one envelope out, for every
 * operation the catalogue holds, the sixteen of section 4 and those 4.1 lists (which the server
 * places at the paths of its own operation map, operation-map.json). No I/O; the state is the
 * only thing a call changes.
 */
import type { GroupId } from '../catalogue/groups.js';
import { listedOperations } from '../catalogue/listed-operations.js';
import { type EnvelopeKind, operations } from '../catalogue/operations.js';
import { badRequest, envelope, type GroupHandlers, type Handler, type HandlerContext, notFound, type ReferenceAnswer } from './handlers/_internals/answer.js';
import { unsendableText } from './handlers/_internals/request.js';
import { alphaInvoiceHandlers } from './handlers/alpha-invoices.js';
import { alphaOrderHandlers } from './handlers/alpha-orders.js';
import { alphaProductHandlers } from './handlers/alpha-products.js';
import { betaInvoiceHandlers } from './handlers/beta-invoices.js';
import { betaOrderHandlers } from './handlers/beta-orders.js';
import { betaProductHandlers } from './handlers/beta-products.js';
import { consignmentHandlers } from './handlers/consignment.js';
import { customDemandHandlers } from './handlers/custom-demand.js';
import { memberAccountHandlers } from './handlers/member-account.js';
import { purchaseOrderHandlers } from './handlers/purchase-orders.js';
import { tokenHandlers } from './handlers/token.js';
import type { ReferenceState } from './records.js';

export type { HandlerContext, ReferenceAnswer };

/** Each group of section 1 with its handlers, from its own module under handlers/. */
export const handlersByGroup: Readonly<Record<GroupId, GroupHandlers>> = {
  token: tokenHandlers,
  'beta-products': betaProductHandlers,
  'beta-orders': betaOrderHandlers,
  'alpha-products': alphaProductHandlers,
  'alpha-orders': alphaOrderHandlers,
  'alpha-invoices': alphaInvoiceHandlers,
  'beta-invoices': betaInvoiceHandlers,
  'member-account': memberAccountHandlers,
  consignment: consignmentHandlers,
  'custom-demand': customDemandHandlers,
  'purchase-orders': purchaseOrderHandlers,
};

interface Route {
  readonly envelope: EnvelopeKind;
  readonly handler: Handler;
}

/** Every operation of the catalogue by id: its envelope (2.1) and its group's handler for it. */
const ROUTES: ReadonlyMap<string, Route> = new Map(
  [...operations, ...listedOperations].map((operation) => {
    const handlers = handlersByGroup[operation.group];
    // A catalogue operation without a handler is a defect of the server, not an answer to give.
    const handler = Object.hasOwn(handlers, operation.id) ? handlers[operation.id] : undefined;
    if (!handler) throw new Error(`The reference server has no handler for ${operation.id} (${operation.group}).`);
    return [operation.id, { envelope: operation.envelope, handler }];
  }),
);

/**
 * Answers one call of the operation with this catalogue id, in its envelope (2.1), HTTP status
 * aside. GET operations of 4.1 (log out, customer basic information) get `undefined`: they have
 * no body. Never throws, whatever the payload.
 */
export function handle(operationId: string, payload: unknown, state: ReferenceState, context: HandlerContext): ReferenceAnswer {
  const route = ROUTES.get(operationId);
  if (!route) return envelope('full', notFound('operation', `no operation has the id ${JSON.stringify(String(operationId).slice(0, 100))}`));
  const unsendable = unsendableText(payload);
  if (unsendable) return envelope(route.envelope, badRequest(unsendable.field, unsendable.reason));
  return envelope(route.envelope, route.handler(payload, state, context));
}
