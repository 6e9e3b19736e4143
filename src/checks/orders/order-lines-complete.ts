import type { ExchangeCheck } from '../types.js';
import { createdOrderAnswers, orderedItems, orderLines } from './ordered-items.js';

export const orderLinesComplete: ExchangeCheck<'data'> = {
  id: 'order-lines-complete',
  ...createdOrderAnswers,
  rule: '2.3, 4 #14 #15',
  quote: 'Order with items (2.3, 2.4) … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'Ordered product missing from the order lines',
  description:
    "A product ordered but absent from the order's lines. The spec does not say that every item becomes a line (a supplier may drop one), so this is a warning.",
  run(exchange) {
    const answered = new Set(orderLines(exchange).map(({ pCode }) => pCode));
    if (answered.size === 0) return []; // no lines at all is data-schema's finding (items required)
    return [...orderedItems(exchange).keys()]
      .filter((pCode) => !answered.has(pCode))
      .map((pCode) => ({ instancePath: '/data/items', expected: `a line for pCode ${JSON.stringify(pCode)}`, actual: 'no such line' }));
  },
};
