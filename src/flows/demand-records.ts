import type { MappedFlowSpec } from '../catalogue/operation-map.js';
import { walkBase } from '../generators/coverage/pages.js';

/** Page 1 is read at this size: the records the run just created are on it, the newest first or last. */
export const OWN_LIST_PAGE_SIZE = 100;

/**
 * How a round trip makes, finds, compares and deletes a custom demand of section 4, from a create
 * body: the pack carries the marker, the list names what #2 sent otherwise, #3 takes its id as demandId.
 */
export function demandRoundTrip(createBody: Readonly<Record<string, unknown>>) {
  return {
    create: { operation: 'custom-demand-create', body: { ...createBody, pack: '${UNIQUE}' } },
    delete: { operation: 'custom-demand-delete', body: { demandId: '${id}' } },
    match: 'productPack',
    idField: 'id',
    text: ['level'],
    numbers: ['nums', 'price'],
    fields: { cas: 'productCas', level: 'productLevel', nums: 'productNums', pack: 'productPack', price: 'demandPrice' },
  };
}

/**
 * The custom demands of section 4 as a round trip's records: #2 creates one with the coverage base
 * body; #1 lists it; #3 deletes it. The one set of records section 4 documents whole (create, list,
 * delete); the others come from an operation map.
 */
export function demandRecordSpec(): MappedFlowSpec | undefined {
  const base = walkBase('custom-demand-create', undefined);
  return base && { id: 'custom-demand', ...demandRoundTrip(base), list: { operation: 'custom-demand-list', body: { pageSize: OWN_LIST_PAGE_SIZE } } };
}
