import type { ExchangeCheck } from '../types.js';
import { createdOrderAnswers, orderedItems, orderLines } from './ordered-items.js';

export const orderLineCodes: ExchangeCheck<'data'> = {
  id: 'order-line-codes',
  ...createdOrderAnswers,
  rule: '2.3, 2.4, 4 #14 #15',
  quote:
    'items: array of {pCode (string), num (string), siCusNote (string), siSendNote (string)} … Order with items (2.3, 2.4) … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'Order line for a product that was not ordered',
  description:
    'An order line for a product that was not ordered. A warning, not an error: the spec gives the shape of the request items and of the order lines, but no sentence says that the lines answer the items one for one (1: behaviour beyond the shapes is not shown).',
  run(exchange) {
    const ordered = orderedItems(exchange);
    return orderLines(exchange)
      .filter(({ pCode }) => !ordered.has(pCode))
      .map(({ index, pCode }) => ({
        instancePath: `/data/items/${index}/pCode`,
        expected: `one of the ordered pCodes ${JSON.stringify([...ordered.keys()])}`,
        actual: JSON.stringify(pCode),
      }));
  },
};
