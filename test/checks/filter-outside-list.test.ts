import { describe, expect, it } from 'vitest';
import { filterOutsideList } from '../../src/checks/asked/filter-outside-list.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';

const context = { validator: createValidator() };

/** A page of demands with these ids, saying totalPage, answered at `path` to the payload. */
const page = (path: string, payload: Record<string, unknown>, ids: readonly number[], totalPage: number): Exchange =>
  exchangeOf('custom-demand-list', {
    payload,
    path,
    body: {
      data: { totalPage, pageNo: payload.pageNo ?? 1, list: ids.map((id) => ({ id, status: id % 4 })) },
      status: 'success',
      code: '200',
      message: '',
      error: {},
    },
  });
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => from - index);
/** The list without status at 4 a page: the member's demands 10 to 1 on three pages. */
const unfiltered = (pageNo: number, ids: readonly number[], totalPage = 3) =>
  page(`page-unfiltered:4:${pageNo}`, { pageSize: 4, pageNo, status: null }, ids, totalPage);
const wholeList = [unfiltered(1, range(10, 7)), unfiltered(2, range(6, 3)), unfiltered(3, [2, 1])];
const filtered = (path: string, ids: readonly number[], status: unknown = 0) => page(path, { pageSize: 4, pageNo: 1, status }, ids, 1);

const judged = (...exchanges: Exchange[]) =>
  filterOutsideList.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    context,
  );

describe('filter-outside-list', () => {
  it('reports the records pages asked with a filter hold beyond the whole list without it: one deviation, a few of their ids', () => {
    const findings = judged(
      ...wholeList,
      filtered('page:4:1', [100_010, 100_009, 100_008, 100_007]),
      filtered('page:4:2', [100_006, 100_005, 10, 9]),
      filtered('page-hostile:10000:1', [100_010, 100_009, 100_008, 100_007, 100_006, 100_005, 10, 9]),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      instancePath: '/data/list',
      expected: 'records of the list without status, read whole before any call of the run changed state: 10 records on 3 pages at 4 a page',
      actual: '6 records it does not hold, on pages asked with status 0: ids 100010, 100009, 100008, 100007, 100006, …',
      occurrences: 6,
    });
    expect(findings[0]!.calls!.map((call) => call.path)).toEqual(['page-unfiltered:4:1', 'page-unfiltered:4:3', 'page:4:1']);
  });

  it('says nothing of a filter that lists every record of the list, as a status of 0 that means every status does', () => {
    expect(judged(...wholeList, filtered('page:4:1', range(10, 7)), filtered('page-unnumbered:4', range(10, 7)))).toEqual([]);
  });

  it('judges only where the list without the filter was read whole', () => {
    const foreign = filtered('page:4:1', [100_001, 10, 9, 8]);
    // Its last page not read (a walk bound).
    expect(judged(wholeList[0]!, wholeList[1]!, foreign)).toEqual([]);
    // A page before the last short of the pageSize asked, or a record on two pages: records may be on no page.
    expect(judged(wholeList[0]!, unfiltered(2, [6, 5, 4]), wholeList[2]!, foreign)).toEqual([]);
    expect(judged(wholeList[0]!, unfiltered(2, [7, 6, 5, 4]), wholeList[2]!, foreign)).toEqual([]);
    // Pages that say different totalPages: a list that changed while it was read.
    expect(judged(wholeList[0]!, unfiltered(2, range(6, 3), 4), wholeList[2]!, foreign)).toEqual([]);
    // No totalPage to know the last page by.
    expect(judged(unfiltered(1, range(10, 7), Number.NaN), foreign)).toEqual([]);
    // The same list whole, then it is judged.
    expect(judged(...wholeList, foreign)).toHaveLength(1);
  });

  it('holds only the walk’s own pages against it: other calls may go out after a state change of the run, and traffic names its pages’ list', () => {
    const elsewhere = ['conforming:3', 'coverage:7', 'page:4:1:status=0#0'].map((path) => filtered(path, [100_001, 10, 9, 8]));
    expect(judged(...wholeList, ...elsewhere)).toEqual([]);
  });

  it('says nothing where the list it compares with keeps a filter: which records two filters select together is the server’s', () => {
    const withCusType = [1, 2, 3].map((pageNo) => {
      const exchange = wholeList[pageNo - 1]!;
      return { ...exchange, payload: { ...(exchange.payload as object), cusType: '1' } };
    });
    expect(judged(...withCusType, filtered('page:4:1', [100_001, 10, 9, 8]))).toEqual([]);
  });

  it('an empty list without the filter is whole: every record of a filtered page is outside it', () => {
    const empty = page('page-unfiltered:4:1', { pageSize: 4, pageNo: 1, status: null }, [], 0);
    expect(judged(empty, filtered('page:4:1', [100_001]))).toHaveLength(1);
  });
});
