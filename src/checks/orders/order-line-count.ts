import { isPlainObject } from '../preconditions.js';
import type { ExchangeCheck, Finding } from '../types.js';
import { createdOrderAnswers, orderLines } from './ordered-items.js';

/** How many items of the request order each pCode: an order may name a product twice. */
function itemsPerCode(payload: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const items = isPlainObject(payload) ? payload.items : undefined;
  if (!Array.isArray(items)) return counts;
  for (const item of items) {
    if (isPlainObject(item) && typeof item.pCode === 'string') counts.set(item.pCode, (counts.get(item.pCode) ?? 0) + 1);
  }
  return counts;
}

export const orderLineCount: ExchangeCheck<'data'> = {
  id: 'order-line-count',
  ...createdOrderAnswers,
  rule: '2.3, 2.4, 4 #14 #15',
  quote:
    'items: array of {pCode (string), num (string), siCusNote (string), siSendNote (string)} … items | array of order lines (2.4) … Behaviour of each operation beyond its request and response shape: not shown.',
  standards: [],
  severity: 'warning',
  title: 'More order lines for a product than items ordered',
  description:
    "An order whose lines name an ordered product more times than the request's items do: a line repeated, so the order holds more lines than were sent. A line for a product not ordered is order-line-codes' finding and an ordered product without a line order-lines-complete's; together the three hold the lines to the items, count, codes and (with order-line-quantity) quantities. A warning, not an error: no sentence says the lines answer the items one for one (1: behaviour beyond the shapes is not shown).",
  run(exchange) {
    const ordered = itemsPerCode(exchange.payload);
    const seen = new Map<string, number>();
    const findings: Finding[] = [];
    for (const { index, pCode } of orderLines(exchange)) {
      const lines = (seen.get(pCode) ?? 0) + 1;
      seen.set(pCode, lines);
      const items = ordered.get(pCode);
      // A product not ordered at all is order-line-codes' finding.
      if (items === undefined || lines <= items) continue;
      findings.push({
        instancePath: `/data/items/${index}`,
        expected: `${items} ${items === 1 ? 'line' : 'lines'} for pCode ${JSON.stringify(pCode)} (${items === 1 ? 'one item' : `${items} items`} ordered)`,
        actual: `line ${lines} for pCode ${JSON.stringify(pCode)}`,
      });
    }
    return findings;
  },
};
