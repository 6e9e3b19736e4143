import { describe, expect, it } from 'vitest';
import { FILTER_EVIDENCE_RECORDS, listFilter } from '../../src/checks/asked/list-filter.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';

const context = { validator: createValidator() };
type Json = Record<string, unknown>;

/** A page of custom demand records (2.6) of these statuses, answered to `asked`. */
function answer(asked: Json, statuses: readonly unknown[], path = 'conforming:0'): Exchange {
  const list = statuses.map((status, index) => ({ id: index + 1, demandNumber: `D${index}`, status, statusText: '' }));
  return exchangeOf('custom-demand-list', {
    payload: { pageSize: 20, ...asked },
    path,
    body: { data: { totalPage: 1, pageNo: 1, list }, status: 'success', code: '200', message: '', error: {} },
  });
}

const judged = (...exchanges: Exchange[]) =>
  listFilter.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    context,
  );

const many = (status: unknown, count = FILTER_EVIDENCE_RECORDS) => Array.from({ length: count }, () => status);

describe('list-filter: a list asked for one value holds records of that value', () => {
  it('answers to one value holding only records of another: one finding, naming the calls that show it', () => {
    const shifted = [
      answer({ status: 0 }, many(1, 6), 'conforming:0'),
      answer({ status: 0 }, many(1, 6), 'conforming:1'),
      answer({ status: 0 }, many(1, 6), 'conforming:2'),
    ];
    const findings = judged(...shifted, answer({ status: 2 }, many(2)));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ instancePath: '/data/list/*/status', occurrences: 12 });
    expect(findings[0]!.calls!.map((call) => call.path)).toEqual(['conforming:0', 'conforming:1']);
  });

  it('compares as text: status 1 asked and "1" answered match', () => {
    expect(judged(answer({ status: 1 }, many('1')), answer({ status: 2 }, many(2)))).toEqual([]);
  });

  it('a field the records do not carry (cusType of 2.7), or no records at all, has nothing to judge', () => {
    const purchase = exchangeOf('purchase-order-list', { payload: { pageSize: 50, status: 1, cusType: '2' } });
    expect(judged(purchase)).toEqual([]);
    expect(judged(answer({ status: 3 }, []), answer({ status: 2 }, many(2)))).toEqual([]);
  });

  it('pageSize and pageNo are not filters, null and "" leave the filter out', () => {
    const page = (asked: Json) => answer({ ...asked, pageNo: 3 }, many(1));
    expect(judged(page({ status: null }), page({ status: '' }), answer({ status: 2 }, many(2)))).toEqual([]);
  });

  it('below the evidence it takes, or where every answer holds the one value, nothing is judged', () => {
    expect(judged(answer({ status: 0 }, many(1, FILTER_EVIDENCE_RECORDS - 1)), answer({ status: 2 }, many(2)))).toEqual([]);
    // A sandbox whose records all have status 1: a 0 that means "all" lists them all.
    expect(judged(answer({ status: 0 }, many(1)), answer({ status: 1 }, many(1)))).toEqual([]);
  });

  it('the same shift at several values is one cause', () => {
    const findings = judged(answer({ status: 0 }, many(1)), answer({ status: 1 }, many(2)), answer({ status: 2 }, many(3)));
    expect(new Set(findings.map((finding) => finding.instancePath))).toEqual(new Set(['/data/list/*/status']));
    expect(findings).toHaveLength(3);
  });

  it('only valid calls that got data: hostile calls and error results are not read', () => {
    const hostile = exchangeOf('custom-demand-list', { intent: 'hostile', payload: { pageSize: 20, status: 0 } });
    const refused = exchangeOf('custom-demand-list', {
      payload: { pageSize: 20, status: 0 },
      body: { data: {}, status: 'fail', code: '400', message: 'bad', error: { field: 'status' } },
    });
    expect(judged(hostile, refused, answer({ status: 2 }, many(2)))).toEqual([]);
  });
});
