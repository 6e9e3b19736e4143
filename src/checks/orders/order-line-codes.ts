import type { ExchangeCheck } from '../types.js';
import { orderedItems, orderLines } from './ordered-items.js';

export const orderLineCodes: ExchangeCheck = {
  id: 'order-line-codes',
  scope: 'exchange',
  rule: '2.3, 2.4, 4 #14 #15',
  quote: 'Create an order: request items of {pCode, num, …}; response: Order with items (2.3, 2.4).',
  severity: 'error',
  title: 'Order line for a product that was not ordered',
  description: 'An order line for a product that was not ordered.',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation) => operation.createsOrder === true,
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
