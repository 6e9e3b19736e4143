import type { ExchangeCheck } from '../types.js';
import { createdOrderAnswers, orderedItems, orderLines } from './ordered-items.js';

export const orderLineQuantity: ExchangeCheck<'data'> = {
  id: 'order-line-quantity',
  ...createdOrderAnswers,
  rule: '2.4, 4 #14 #15',
  quote:
    'items: array of {pCode (string), num (string), siCusNote (string), siSendNote (string)} … siNum | number … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'Order line quantity differs from the quantity ordered',
  description:
    'An order line whose quantity is not the quantity ordered for its product. A warning, not an error: the spec gives `num` in the request items and `siNum` in the order lines, but no sentence says that one is the other (1: behaviour beyond the shapes is not shown).',
  run(exchange) {
    const ordered = orderedItems(exchange);
    return orderLines(exchange).flatMap(({ index, line, pCode }) => {
      const num = ordered.get(pCode)?.num;
      // siNum of the wrong type is data-schema's finding; a line not ordered is order-line-codes'.
      if (num === undefined || typeof line.siNum !== 'number' || line.siNum === Number(num)) return [];
      return [{ instancePath: `/data/items/${index}/siNum`, expected: `${Number(num)} (num ordered)`, actual: String(line.siNum) }];
    });
  },
};
