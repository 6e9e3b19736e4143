import { isPlainObject, resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';

/** The records of a page answer, or [] when it is not a page. */
export function listed(exchange: Exchange): Record<string, unknown>[] {
  const list = resultData(exchange)?.list;
  return Array.isArray(list) ? list.filter(isPlainObject) : [];
}

/** An answered result (HTTP 200, JSON, not an error result) */
export function answered(exchange: Exchange): boolean {
  return exchange.response?.status === 200 && resultData(exchange) !== undefined;
}

/** No complete answer came (a timeout, a reset, a cut body): the step says nothing about what the server holds. */
export function unanswered(exchange: Exchange): boolean {
  return exchange.response === undefined || exchange.failure !== undefined;
}
