import { listRecordFault } from '../../../../src/reference/faults/fault.js';
import type { Json } from '../../../../src/reference/json.js';
import { caughtBy, type PlantedFault } from '../../planted-fault.js';

/*
 * Servers that store other values than they accepted: the create answers success, and the list
 * shows something else. Only the flows, which compare what was sent with what is shown, see it
 * (1: behaviour beyond shapes is not shown, so they report warnings).
 */

/** Characters beyond the BMP: what a 3-byte utf8 column (MySQL's utf8mb3) cannot store. */
const BEYOND_BMP = /[\u{10000}-\u{10FFFF}]/gu;

/** A varchar(255) column. */
const COLUMN_LENGTH = 255;

const everyText = (record: Json, change: (text: string) => string): Json =>
  Object.fromEntries(Object.entries(record).map(([field, value]) => [field, typeof value === 'string' ? change(value) : value]));

export const roundTripFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'flow-demand-lifecycle', severity: 'warning' }, listRecordFault, [
    {
      name: 'stored-text-loses-emoji',
      description:
        'lists custom demands without the characters beyond the BMP they were created with (emoji, flags, CJK Extension B), as a 3-byte utf8 column stores text',
      operationId: 'custom-demand-list',
      rewrite: (record) => everyText(record, (text) => text.replace(BEYOND_BMP, '')),
    },
  ]),
  ...caughtBy({ check: 'flow-consignment-lifecycle', severity: 'warning' }, listRecordFault, [
    {
      name: 'long-text-cut',
      description: `lists consignments (an operation of 4.1) with their product name cut to ${COLUMN_LENGTH} characters, as a varchar(${COLUMN_LENGTH}) column stores it`,
      operationId: 'consignment-list',
      rewrite: (record) => (typeof record.productCname === 'string' ? { ...record, productCname: record.productCname.slice(0, COLUMN_LENGTH) } : record),
    },
  ]),
  ...caughtBy({ check: 'flow-purchase-order-listed', severity: 'warning' }, listRecordFault, [
    {
      name: 'price-stored-as-float32',
      description: 'lists purchase orders with the sale price a 32-bit float holds: a price of 2147483647 is listed as "2147483648.00"',
      operationId: 'purchase-order-list',
      rewrite: (record) => ({ ...record, salePrice: Math.fround(Number(record.salePrice)).toFixed(2) }),
    },
  ]),
];
