import type { Operation } from '../../catalogue/operations.js';
import { isPlainObject } from '../preconditions.js';
import type { DataExchange, Exchange, ExchangeCheck } from '../types.js';

/** What the order-line checks judge: the answer's `data` to valid calls of the create-order operations (#14, #15). */
export const createdOrderAnswers = {
  scope: 'exchange',
  needs: 'data',
  intents: ['conforming'],
  appliesTo: (operation: Operation) => operation.createsOrder === true,
} as const satisfies Pick<ExchangeCheck<'data'>, 'scope' | 'needs' | 'intents' | 'appliesTo'>;

/** The items of a create-order request, by pCode: what the order lines must answer. */
export function orderedItems(exchange: Exchange): Map<string, Record<string, unknown>> {
  const items = isPlainObject(exchange.payload) ? exchange.payload.items : undefined;
  const byCode = new Map<string, Record<string, unknown>>();
  if (!Array.isArray(items)) return byCode;
  for (const item of items) {
    if (isPlainObject(item) && typeof item.pCode === 'string') byCode.set(item.pCode, item);
  }
  return byCode;
}

/** The order lines of the response that carry a string pCode, with their index. */
export function orderLines(exchange: DataExchange): Array<{ index: number; line: Record<string, unknown>; pCode: string }> {
  const items = exchange.data.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((line, index) => (isPlainObject(line) && typeof line.pCode === 'string' ? [{ index, line, pCode: line.pCode }] : []));
}
