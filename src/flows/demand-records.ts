import type { MappedFlowSpec } from '../catalogue/operation-map.js';
import { walkBase } from '../generators/coverage/pages.js';

/** Page 1 is read at this size: the records the run just created are on it, the newest first or last. */
export const OWN_LIST_PAGE_SIZE = 100;

/**
 * The custom demands of section 4 as a round trip's records: #2 creates one with the coverage base
 * body, the pack carrying the marker; #1 lists it; #3 takes its id as demandId. The one set of
 * records section 4 documents whole (create, list, delete); the others come from an operation map.
 */
export function demandRecordSpec(): MappedFlowSpec | undefined {
  const base = walkBase('custom-demand-create', undefined);
  return (
    base && {
      id: 'custom-demand',
      create: { operation: 'custom-demand-create', body: { ...base, pack: '${UNIQUE}' } },
      list: { operation: 'custom-demand-list', body: { pageSize: OWN_LIST_PAGE_SIZE } },
      delete: { operation: 'custom-demand-delete', body: { demandId: '${id}' } },
      match: 'productPack',
      idField: 'id',
      text: ['level'],
      numbers: ['nums', 'price'],
      // As the demand round trip compares them (demand-lifecycle.ts).
      fields: { cas: 'productCas', level: 'productLevel', nums: 'productNums', pack: 'productPack', price: 'demandPrice' },
    }
  );
}
