import type { FlowStep, MappedFlowSpec } from '../catalogue/operation-map.js';
import { walkBase } from '../generators/coverage/pages.js';

/** Page 1 of the order list (#13) at this size holds the run's new orders, the newest first or last of a short list. */
const ORDER_LIST_PAGE_SIZE = 50;

/** A set of records the catalogue gives, with what a map's round trip does not say. */
export type ModelSpec = MappedFlowSpec & {
  /** What a record is called where the run lists what it left, in the words of the spec ("order"); absent: the set's id in words. */
  readonly kind?: string;
  /** Fields besides the id that name one record each: two records of the run never share one. */
  readonly alsoIds?: readonly string[];
  /** A create the server must refuse, on the run's own values (the set has no delete to refuse). */
  readonly refusedCreate?: FlowStep;
};

/**
 * The alpha orders of section 4 as the model's records: #14 places one (the coverage base body, its
 * soNote the marker), #13 lists it, the order detail of 4.1 finds it by soNo where a map places it.
 * An order has two names, its id and its soNo (2.3): the detail and the dispatch note find it by the
 * second. No cancel is documented, so what the run places stays. The refused create orders a
 * quantity of none ("num … a string", a line of "0"), a line no one can deliver.
 */
export function alphaOrderSpec(): ModelSpec | undefined {
  const base = walkBase('alpha-order-create', undefined);
  const [line] = Array.isArray(base?.items) ? (base.items as unknown[]) : [];
  if (!base || line === null || typeof line !== 'object') return undefined;
  const create = { ...base, soNote: '${UNIQUE}' };
  return {
    id: 'alpha-order',
    kind: 'order',
    create: { operation: 'alpha-order-create', body: create },
    list: { operation: 'alpha-orders-list', body: { pageSize: ORDER_LIST_PAGE_SIZE, pageNo: 1 } },
    match: 'soNote',
    idField: 'soNo',
    alsoIds: ['id'],
    text: ['soCaName', 'soCaStreet'],
    refusedCreate: { operation: 'alpha-order-create', body: { ...create, items: [{ ...line, num: '0' }] } },
  };
}
