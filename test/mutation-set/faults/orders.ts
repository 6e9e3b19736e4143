import { orderLinesFault } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

/** Order lines that do not answer the items ordered (2.3, 2.4; not shown to be required, so warnings). */
export const orderFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'order-line-codes', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-foreign-code',
      description: 'answers an order line for a product that was not ordered',
      operationId: 'alpha-order-create',
      rewrite: (lines) => lines.map((line, i) => (i === 0 ? { ...line, pCode: 'NOT-ORDERED-1' } : line)),
    },
  ]),
  ...caughtBy({ check: 'order-line-quantity', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-wrong-quantity',
      description: 'answers siNum one more than ordered',
      operationId: 'beta-order-create',
      rewrite: (lines) => lines.map((line) => ({ ...line, siNum: Number(line.siNum) + 1 })),
    },
  ]),
  ...caughtBy({ check: 'order-lines-complete', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-dropped',
      description: 'drops the last order line of orders with two or more items',
      operationId: 'alpha-order-create',
      rewrite: (lines) => (lines.length > 1 ? lines.slice(0, -1) : lines),
    },
  ]),
  ...caughtBy({ check: 'order-line-count', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-repeated',
      description: 'answers the first order line twice',
      operationId: 'beta-order-create',
      // An error result has no lines to repeat.
      rewrite: (lines) => (Array.isArray(lines) && lines.length > 0 ? [lines[0]!, ...lines] : lines),
    },
  ]),
];
