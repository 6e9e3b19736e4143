import { describe, expect, it } from 'vitest';
import { listFilter } from '../../src/checks/asked/list-filter.js';
import { recordOf } from '../../src/checks/call-record.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { itStaysQuietWhereStatusZeroListsAll } from '../support/lists-read-status-zero.js';
import { FIRST_SEED } from '../support/mutation-suite.js';

const context = { validator: createValidator() };

/** A page of custom demand records of these statuses, answered to status 0. */
const allStatuses = (statuses: readonly number[], pageSize = statuses.length) =>
  exchangeOf('custom-demand-list', {
    payload: { pageSize, status: 0 },
    body: { data: { totalPage: 9, pageNo: 1, list: statuses.map((status, id) => ({ id, status })) }, status: 'success', code: '200', message: '', error: {} },
  });

/**
 * What a status value means is not shown (3): many servers list every status for 0. A list that
 * does is not filtering by another value, and the kit says nothing about it.
 */
describe('no false alarm: a filter value that means "all"', () => {
  it('answers to status 0 that mix statuses are not judged, nor a record or two of one status on small pages', () => {
    const judged = (...exchanges: ReturnType<typeof allStatuses>[]) =>
      listFilter.run(
        exchanges.map((exchange, rank) => recordOf(exchange, rank)),
        context,
      );
    expect(judged(allStatuses([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]), allStatuses([2, 2, 2, 2, 2, 2]))).toEqual([]);
    expect(judged(allStatuses([2], 1), allStatuses([2, 2], 2), allStatuses([3], 1))).toEqual([]);
  });

  // The other four seeds: test/sweep/filter-value-meaning-all.test.ts.
  itStaysQuietWhereStatusZeroListsAll([FIRST_SEED]);
});
