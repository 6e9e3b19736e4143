import type { Json } from '../../../src/reference/json.js';
import { dataFault, pagingFault } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

/** Below this pageSize the minimum-page-size fault serves this many records a page. */
const MINIMUM_PAGE_SIZE = 10;

const listOf = (data: Json): Json[] => data.list as Json[];
const totalOf = (data: Json): number => Number(data.totalPage);
/** A page asked for past the last of a list that has one: the clean server answers it with an empty list. */
const pastTheLast = (data: Json, pageNo: number): boolean => listOf(data).length === 0 && totalOf(data) >= 1 && pageNo > totalOf(data);

/** Lists paged wrong, as a walk of their pages shows: records twice, a totalPage the pages do not bear out, records past the last page. */
export const pageFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'page-size-asked', severity: 'warning' }, pagingFault, [
    {
      name: 'page-size-minimum',
      description: `serves a pageSize under ${MINIMUM_PAGE_SIZE} as ${MINIMUM_PAGE_SIZE} records a page (totalPage counted at ${MINIMUM_PAGE_SIZE})`,
      operationId: 'bank-card-list',
      page: (data, { pageSize, pageNo }, pageAt) => (pageSize < MINIMUM_PAGE_SIZE ? pageAt(MINIMUM_PAGE_SIZE, pageNo) : data),
    },
  ]),
  ...caughtBy({ check: 'page-repeated-records', severity: 'warning' }, pagingFault, [
    {
      name: 'pages-overlap-by-one',
      description:
        'starts every page after the first one record early, with the last record of the page before (an operation of 4.1, at the reference map’s path)',
      operationId: 'consignment-list',
      page: (data, { pageSize, pageNo }, pageAt) => {
        if (pageNo === 1) return data;
        const before = listOf(pageAt(pageSize, pageNo - 1));
        return { ...data, list: [...before.slice(-1), ...listOf(data)].slice(0, pageSize) };
      },
    },
    {
      name: 'page-number-ignored',
      description: 'answers every page with the records of page 1, pageNo echoed as asked',
      operationId: 'beta-brand-list',
      page: (data, { pageSize }, pageAt) => ({ ...data, list: listOf(pageAt(pageSize, 1)) }),
    },
  ]),
  ...caughtBy({ check: 'page-total', severity: 'error' }, dataFault, [
    {
      name: 'total-page-one-too-many',
      description: 'says totalPage one more than there are pages of records',
      operationId: 'custom-demand-list',
      rewrite: (data) => (Array.isArray(data.list) && totalOf(data) > 0 ? { ...data, totalPage: totalOf(data) + 1 } : data),
    },
    {
      name: 'total-page-one-too-few',
      description: 'says totalPage one less than there are pages of records',
      operationId: 'beta-products-by-brand',
      rewrite: (data) => (Array.isArray(data.list) && totalOf(data) > 0 ? { ...data, totalPage: totalOf(data) - 1 } : data),
    },
  ]),
  ...caughtBy({ check: 'page-past-end', severity: 'warning' }, pagingFault, [
    {
      name: 'past-last-page-repeats-last',
      description: 'answers a page past the last with the records of the last page, pageNo echoed as asked',
      operationId: 'alpha-orders-list',
      page: (data, { pageSize, pageNo }, pageAt) => (pastTheLast(data, pageNo) ? { ...data, list: listOf(pageAt(pageSize, totalOf(data))) } : data),
    },
  ]),
  ...caughtBy({ check: 'page-past-end-list', severity: 'error' }, pagingFault, [
    {
      name: 'past-last-page-list-null',
      description: 'answers a page past the last with list null',
      operationId: 'purchase-order-list',
      page: (data, { pageNo }) => (pastTheLast(data, pageNo) ? { ...data, list: null } : data),
    },
  ]),
];
