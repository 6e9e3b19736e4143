import { describe, expect, it } from 'vitest';
import { orderTimeFuture, unixTimeMs } from '../../src/checks/orders/order-time-future.js';
import type { Exchange, Intent } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf, HTTP_DATE } from '../support/exchange.js';
import { judgeAsTheJudgeDoes } from '../support/run-check.js';

const validator = createValidator();

/** Sun, 22 Nov 2026 02:00:00 GMT, the fixtures' Date, in Unix seconds. */
const DATE_SECONDS = Date.parse(HTTP_DATE) / 1000;

/** A page of the order list (#13) whose orders carry these soCtime values, answered with this Date (none: no Date header). */
function listed(soCtimes: readonly unknown[], { date = HTTP_DATE, intent = 'conforming' }: { date?: string | null; intent?: Intent } = {}): Exchange {
  const list = soCtimes.map((soCtime, index) => ({ soId: index + 1, soNo: `SO20261122000${index + 1}`, soCtime }));
  return exchangeOf('alpha-orders-list', {
    intent,
    payload: { pageSize: 10, pageNo: 1 },
    headers: { 'content-type': 'application/json', ...(date === null ? {} : { date }) },
    body: { data: { totalPage: 1, pageNo: 1, list }, status: 'success', code: '200', message: '', error: {} },
  });
}

const findingsOn = (exchange: Exchange) => judgeAsTheJudgeDoes(orderTimeFuture, exchange, { validator });

describe('order-time-future', () => {
  it('reads an integer as Unix time in seconds or milliseconds, 2000 to 2100, and nothing else as one', () => {
    expect(unixTimeMs(DATE_SECONDS)).toBe(DATE_SECONDS * 1000);
    expect(unixTimeMs(DATE_SECONDS * 1000)).toBe(DATE_SECONDS * 1000);
    for (const value of [0, 1, 20261122, 202611221015, 4_200_000_000, 1.5e9 + 0.5, '1795341600', null])
      expect(unixTimeMs(value), String(value)).toBeUndefined();
  });

  it('an order 8 hours after the Date, in seconds or in milliseconds: once per answer, however many orders are late', () => {
    const late = DATE_SECONDS + 8 * 3600;
    const [inSeconds] = findingsOn(listed([DATE_SECONDS - 60, late, late + 1]));
    expect(inSeconds).toMatchObject({ instancePath: '/data/list/1/soCtime', occurrences: 2 });
    expect(inSeconds!.actual).toContain('8 h after date: Sun, 22 Nov 2026 02:00:00 GMT; 2 orders of the page alike');
    expect(findingsOn(listed([late * 1000])).map((finding) => finding.instancePath)).toEqual(['/data/list/0/soCtime']);
  });

  it('judges the steps of a flow (the order it just placed), not hostile calls', () => {
    const late = [DATE_SECONDS + 8 * 3600];
    expect(findingsOn(listed(late, { intent: 'flow' }))).toHaveLength(1);
    expect(findingsOn(listed(late, { intent: 'hostile' }))).toEqual([]);
  });

  it('no-false-alarm: a time within minutes of the Date (two clocks, whole seconds), one in the past, or one that reads as no Unix time', () => {
    expect(findingsOn(listed([DATE_SECONDS + 5 * 60, DATE_SECONDS, DATE_SECONDS - 86_400, 20261122, 0, '2026-11-22 18:00:00']))).toEqual([]);
  });

  it('no-false-alarm: no Date to hold it against, or one that is no IMF-fixdate', () => {
    const late = [DATE_SECONDS + 8 * 3600];
    expect(findingsOn(listed(late, { date: null }))).toEqual([]);
    expect(findingsOn(listed(late, { date: '2026-11-22T02:00:00Z' }))).toEqual([]);
  });
});
