import { describe, expect, it } from 'vitest';
import { KEYS_KEPT, recordOf } from '../../src/checks/call-record.js';
import { pageNumberDefault } from '../../src/checks/page/page-number-default.js';
import type { CheckContext, Exchange } from '../../src/checks/types.js';
import { exchangeOf } from '../support/exchange.js';
import { ids, unnumberedPage, walkOf, walkPage } from '../support/walk.js';

const context = {} as CheckContext;
const judged = (exchanges: readonly Exchange[]) =>
  pageNumberDefault.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    context,
  );

describe('page-number-default', () => {
  it('reports page 1 asked without pageNo holding records pageNo 1 does not, with both calls in plan order', () => {
    const walk = walkOf(5, 2);
    const findings = judged([...walk, unnumberedPage(2, { ids: [5, 4], totalPage: 3, saysPageNo: 1 })]);
    expect(findings.map(({ instancePath, actual }) => [instancePath, actual])).toEqual([
      ['/data/list', 'asked without pageNo, it says pageNo 1: 2 of its 2 records are not on pageNo 1'],
    ]);
    expect(findings[0]!.calls!.map((call) => call.path)).toEqual(['page:2:1', 'page-unnumbered:2']);
  });

  it('holds an answer that says no pageNo against page 1, and one that says another against that page', () => {
    const walk = walkOf(5, 2);
    expect(judged([...walk, unnumberedPage(2, { ids: [1], totalPage: 3 })]).map((finding) => finding.actual)).toEqual([
      'asked without pageNo, it says no pageNo, so page 1: it lacks 1 of the 2 records on pageNo 1',
    ]);
    expect(judged([...walk, unnumberedPage(2, { ids: [3, 4], totalPage: 3, saysPageNo: 2 })])).toEqual([]);
    expect(judged([...walk, unnumberedPage(2, { ids: [1, 2], totalPage: 3, saysPageNo: 2 })]).map((finding) => finding.expected)).toEqual([
      'the records of pageNo 2 asked with the same fields (pageSize 2)',
    ]);
  });

  it('stays quiet where the same records come in another order', () => {
    expect(judged([...walkOf(5, 2), unnumberedPage(2, { ids: [2, 1], totalPage: 3, saysPageNo: 1 })])).toEqual([]);
  });

  it('stays quiet where either was not answered as a page with a list', () => {
    const failed = exchangeOf('bank-card-list', {
      path: 'page-unnumbered:2',
      payload: { pageSize: 2 },
      body: { data: null, status: 'fail', code: '500', message: 'error', error: {} },
    });
    expect(judged([...walkOf(5, 2), failed])).toEqual([]);
    expect(judged([...walkOf(5, 2), unnumberedPage(2, { ids: null, totalPage: 3, saysPageNo: 1 })])).toEqual([]);
    const pageOneNull = walkOf(5, 2, (pageNo, sound) => (pageNo === 1 ? { ...sound, ids: null } : sound));
    expect(judged([...pageOneNull, unnumberedPage(2, { ids: [5, 4], totalPage: 3, saysPageNo: 1 })])).toEqual([]);
  });

  it('stays quiet where the walk did not read the page it says, or read it at another page size', () => {
    expect(judged([...walkOf(5, 2), unnumberedPage(2, { ids: [5, 4], totalPage: 3, saysPageNo: 9 })])).toEqual([]);
    expect(judged([...walkOf(5, 1), unnumberedPage(2, { ids: [5, 4], totalPage: 3, saysPageNo: 1 })])).toEqual([]);
  });

  it('stays quiet where the records were cut (KEYS_KEPT): a page too long to compare record by record', () => {
    const count = KEYS_KEPT + 1;
    const walk = [walkPage(count, 1, { ids: ids(1, count), totalPage: 1 })];
    expect(judged([...walk, unnumberedPage(count, { ids: ids(2, count + 1), totalPage: 1, saysPageNo: 1 })])).toEqual([]);
  });

  it("stays quiet where the walk's pages say different totalPages: a list that changed while it was read", () => {
    const changing = walkOf(5, 2, (pageNo, sound) => (pageNo === 2 ? { ...sound, totalPage: 4 } : sound));
    expect(judged([...changing, unnumberedPage(2, { ids: [5, 4], totalPage: 3, saysPageNo: 1 })])).toEqual([]);
  });
});
