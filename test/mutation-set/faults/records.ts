import type { Json } from '../../../src/reference/json.js';
import { demandFieldMissing, orderListCtimeString } from '../../../src/reference/faults/demo.js';
import { bodyFault, dataFault, listRecordFault, orderLinesFault, without } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

const dataSchemaError = { check: 'data-schema', severity: 'error' } as const;

/** The largest page the page-size fault pads with one record too many. */
const MAX_PADDED_PAGE = 1000;

/** The records (2.3–2.9) and the page (2.2): a field missing or of another type, another record's shape, another page than asked for. */
export const recordFaults: readonly PlantedFault[] = [
  { ...demandFieldMissing, expect: dataSchemaError },
  ...caughtBy(dataSchemaError, listRecordFault, [
    {
      name: 'purchase-order-status-string',
      description: 'sends purchase order status as a string',
      operationId: 'purchase-order-list',
      rewrite: (record) => ({ ...record, status: String(record.status) }),
    },
  ]),
  { ...orderListCtimeString, expect: dataSchemaError },
  ...caughtBy(dataSchemaError, dataFault, [
    {
      name: 'created-order-ctime-integer',
      description: 'sends soCtime as an integer in the beta create-order response',
      operationId: 'beta-order-create',
      rewrite: (data) => ({ ...data, soCtime: 1795000000 }),
    },
    {
      name: 'created-order-items-missing',
      description: 'leaves items out of the beta create-order response',
      operationId: 'beta-order-create',
      rewrite: (data) => without(data, 'items'),
    },
    {
      name: 'page-total-string',
      description: 'sends totalPage as a string',
      operationId: 'bank-card-list',
      rewrite: (data) => ({ ...data, totalPage: String(data.totalPage) }),
    },
    { name: 'page-list-object', description: 'sends list as an object', operationId: 'beta-products-by-brand', rewrite: (data) => ({ ...data, list: {} }) },
    {
      name: 'bank-card-by-id-card-shape',
      description: 'answers bankCardInfoById with the bank card shape (2.8) instead of the consignee shape (2.9)',
      operationId: 'bank-card-by-id',
      rewrite: (data) => ({ id: data.id, accountName: data.consigneeName, bankName: '中国银行', bankAccount: '6217000010001234567', createdAt: null }),
    },
    {
      name: 'del-consignment-empty-data',
      description: 'answers delConsignment with an empty data object',
      operationId: 'consignment-delete',
      rewrite: () => ({}),
    },
    {
      name: 'consignee-mobile-number',
      description: 'sends the consignee mobile as a number',
      operationId: 'consignee-by-id',
      rewrite: (data) => ({ ...data, mobile: Number(data.mobile) }),
    },
  ]),
  ...caughtBy(dataSchemaError, orderLinesFault, [
    {
      name: 'order-line-cas-missing',
      description: 'leaves cCas out of the alpha order lines',
      operationId: 'alpha-order-create',
      rewrite: (lines) => lines.map((line) => without(line, 'cCas')),
    },
    {
      name: 'order-line-price-string',
      description: 'sends siPrice of the beta order lines as a string',
      operationId: 'beta-order-create',
      rewrite: (lines) => lines.map((line) => ({ ...line, siPrice: String(line.siPrice) })),
    },
  ]),
  ...caughtBy({ check: 'sample-types', severity: 'warning' }, listRecordFault, [
    {
      name: 'order-mobile-string',
      description: 'sends soCaMobile as a string (an integer in the sample)',
      operationId: 'alpha-orders-list',
      rewrite: (record) => ({ ...record, soCaMobile: String(record.soCaMobile) }),
    },
  ]),
  ...caughtBy({ check: 'page-number-echo', severity: 'error' }, dataFault, [
    {
      name: 'page-number-off-by-one',
      description: 'answers pageNo one past the page requested',
      operationId: 'beta-products-by-brand',
      rewrite: (data, payload) => ({ ...data, pageNo: Number(payload.pageNo) + 1 }),
    },
  ]),
  ...caughtBy({ check: 'page-size-bound', severity: 'error' }, dataFault, [
    {
      name: 'page-size-exceeded',
      description: 'returns one record more than pageSize',
      operationId: 'alpha-orders-list',
      rewrite: (data, payload) => {
        // Error results have no list, a page of 2^31 records would take the server down before the kit saw it, and an empty page has no record to repeat.
        if (!Array.isArray(data.list) || data.list.length === 0 || !(Number(payload.pageSize) <= MAX_PADDED_PAGE)) return data;
        const list = data.list as Json[];
        return { ...data, list: Array.from({ length: Number(payload.pageSize) + 1 }, (_, i) => list[i] ?? list[0]!) };
      },
    },
  ]),
  ...caughtBy({ check: 'operation-verified', severity: 'info' }, bodyFault, [
    {
      name: 'never-found',
      description: 'answers every bankCardInfoById with an error result',
      operationId: 'bank-card-by-id',
      rewrite: () => ({ data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } }),
    },
  ]),
];
