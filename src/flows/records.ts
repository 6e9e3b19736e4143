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

const numeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** Equal, or the same number written as a number or a numeric string ("12.50" for 12.5): the spec types these fields only by sample. */
function sameValue(listed: unknown, sent: unknown): boolean {
  return listed === sent || (numeric(listed) && numeric(sent) && Number(listed) === Number(sent));
}

/**
 * The fields of a listed record that do not show what was sent, each as `field "listed" (sent "value")`.
 * `sent` maps a record field to the value sent for it.
 */
export function differences(record: Record<string, unknown>, sent: Record<string, unknown>): string[] {
  return Object.entries(sent)
    .filter(([field, value]) => !sameValue(record[field], value))
    .map(([field, value]) => `${field} ${JSON.stringify(record[field]) ?? 'absent'} (sent ${JSON.stringify(value)})`);
}
