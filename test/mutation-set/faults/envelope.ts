import { bodyFault, without } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

/** The envelope (2.1): a field of it missing or mistyped, or the other envelope than the operation's. */
export const envelopeFaults: readonly PlantedFault[] = caughtBy({ check: 'envelope', severity: 'error' }, bodyFault, [
  {
    name: 'envelope-code-missing',
    description: 'leaves code out of the envelope',
    operationId: 'custom-demand-delete',
    rewrite: (body) => without(body, 'code'),
  },
  {
    name: 'envelope-status-number',
    description: 'sends status as a number',
    operationId: 'purchase-order-list',
    rewrite: (body) => ({ ...body, status: 200 }),
  },
  { name: 'envelope-error-null', description: 'sends error as null', operationId: 'bank-card-by-id', rewrite: (body) => ({ ...body, error: null }) },
  { name: 'envelope-data-array', description: 'sends data as an array', operationId: 'consignee-delete', rewrite: (body) => ({ ...body, data: [] }) },
  {
    name: 'alpha-create-full-envelope',
    description: 'wraps the alpha create-order response in the full envelope',
    operationId: 'alpha-order-create',
    rewrite: (body) => ({ ...body, status: 'success', code: '200', message: 'ok', error: {} }),
  },
  {
    name: 'beta-create-data-only',
    description: 'answers the beta create-order with data only',
    operationId: 'beta-order-create',
    rewrite: (body) => ({ data: body.data }),
  },
]);
