import { span } from '../_internals/span.js';
import { imfFixdateMs } from '../headers/_internals/http-date.js';
import { isPlainObject } from '../preconditions.js';
import type { ExchangeCheck } from '../types.js';

/** Two hosts' clocks (the database's, the one that writes Date) and times cut to whole seconds differ by this much without a time being wrong. */
const TOLERANCE_MINUTES = 10;
const TOLERANCE_MS = TOLERANCE_MINUTES * 60_000;

/** Unix times an order may plausibly carry, 2000 to 2100: in seconds, or in milliseconds (the two ranges do not meet). */
const EARLIEST_SECONDS = Date.UTC(2000, 0, 1) / 1000;
const LATEST_SECONDS = Date.UTC(2100, 0, 1) / 1000;

/** The moment an integer names where it reads as Unix time, in seconds or in milliseconds, in ms; undefined where it reads as neither. */
export function unixTimeMs(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
  if (value >= EARLIEST_SECONDS && value < LATEST_SECONDS) return value * 1000;
  if (value >= EARLIEST_SECONDS * 1000 && value < LATEST_SECONDS * 1000) return value;
  return undefined;
}

export const orderTimeFuture: ExchangeCheck<'data'> = {
  id: 'order-time-future',
  scope: 'exchange',
  rule: '2.3',
  quote: 'soCtime | integer in the order list; string in the create-order responses',
  standards: [],
  severity: 'warning',
  title: 'A listed order placed after the answer that lists it',
  description: `An order in a list whose soCtime, read as Unix time (seconds or milliseconds, 2000 to 2100), is more than ${TOLERANCE_MINUTES} minutes later than the Date of the very answer that lists it: a moment that has not happened yet, typically a local wall-clock time read as UTC (eight hours ahead in China), so a client that shows or sorts orders by it is hours off. Judged on the order list (#13) and any list whose records carry an integer soCtime, the flows' lists of the orders they just created among them; not where soCtime reads as no Unix time or the answer has no Date in IMF-fixdate form. Once per answer, however many of its orders are late. A warning: the spec types soCtime ("integer in the order list") and leaves its meaning open.`,
  needs: 'data',
  intents: ['conforming', 'flow'],
  appliesTo: (operation) => operation.paging !== undefined,
  run(exchange) {
    const date = exchange.response?.headers.date?.trim();
    const dateMs = date === undefined ? undefined : imfFixdateMs(date);
    const list = exchange.data.list;
    if (dateMs === undefined || !Array.isArray(list)) return [];
    const late = list.flatMap((record: unknown, index) => {
      const soCtime = isPlainObject(record) ? record.soCtime : undefined;
      const at = unixTimeMs(soCtime);
      return at !== undefined && at > dateMs + TOLERANCE_MS ? [{ index, at, soCtime }] : [];
    });
    const [first] = late;
    if (!first) return [];
    return [
      {
        instancePath: `/data/list/${first.index}/soCtime`,
        expected: `soCtime no later than the Date of the answer that lists it, give or take ${TOLERANCE_MINUTES} min`,
        actual: `soCtime ${first.soCtime} (${new Date(first.at).toISOString()}), ${span(first.at - dateMs)} after date: ${date}${late.length > 1 ? `; ${late.length} orders of the page alike` : ''}`,
        occurrences: late.length,
      },
    ];
  },
};
