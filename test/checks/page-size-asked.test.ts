import { describe, expect, it } from 'vitest';
import { pageSizeAsked } from '../../src/checks/page/page-size-asked.js';
import type { CheckContext } from '../../src/checks/types.js';
import { exchangeOf } from '../support/exchange.js';
import { judgeAsTheJudgeDoes, runCheck } from '../support/run-check.js';

const context = {} as CheckContext;
const page = (records: number) => ({
  data: { totalPage: 1, pageNo: 1, list: Array.from({ length: records }, (_, index) => ({ id: index + 1 })) },
  status: 'success',
  code: '200',
  message: '',
  error: {},
});
/** A call of the coverage pass: its body is what went on the wire, judged as hostile. */
const coverageCall = (pageSize: unknown, body: unknown) =>
  exchangeOf('bank-card-list', { intent: 'hostile', path: 'coverage:12', payload: { pageSize, status: 0 }, body });

describe('page-size-asked on the hostile calls of a list', () => {
  it('reports a pageSize of 0 answered with every record: the bound the client set read as none', () => {
    expect(runCheck(pageSizeAsked, coverageCall(0, page(200)), context)).toEqual([
      { instancePath: '/data/list', expected: 'at most 0 records (pageSize)', actual: '200 records' },
    ]);
  });

  it('stays quiet on a pageSize of 0 refused or answered with an empty page, and on sizes that bound nothing (negative, fractional, text)', () => {
    const refusal = { data: {}, status: 'fail', code: '400', message: 'pageSize must be positive', error: { field: 'pageSize' } };
    for (const exchange of [
      coverageCall(0, refusal),
      coverageCall(0, page(0)),
      coverageCall(-1, page(10)),
      coverageCall(2.5, page(10)),
      coverageCall('0', page(10)),
      coverageCall(10_000, page(200)),
    ]) {
      expect(judgeAsTheJudgeDoes(pageSizeAsked, exchange, context), String(exchange.request.body)).toEqual([]);
    }
  });
});
