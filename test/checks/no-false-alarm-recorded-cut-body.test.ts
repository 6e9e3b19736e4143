import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { Judge } from '../../src/engine/judging/judge.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { findingsOn } from '../support/judge.js';
import { walkPage } from '../support/walk.js';

const validator = createValidator();

describe('a response body a recording cut short', () => {
  const whole = exchangeOf('bank-card-list').response!.bodyText;
  const cut = exchangeOf('bank-card-list', { body: whole.slice(0, 40), intent: 'conforming' });

  it('is not judged as broken JSON: json-body is skipped, not failed', () => {
    const recorded = { ...cut, responseCut: 'the recording kept 40 of its characters' };
    // Nor is it an answer without data: operation-verified says nothing of a body it did not see.
    expect(findingsOn(recorded)).toEqual([]);
    const judging = new Judge(allChecks, { validator });
    judging.add(recorded);
    expect(judging.finish().byCheck['json-body']).toEqual({ evaluated: 0, passed: 0, skipped: 1 });
  });

  it('is judged as broken JSON when it came cut from the server itself', () => {
    expect(findingsOn(cut)).toContain('error json-body ');
  });

  it('is still judged on its status line', () => {
    const failed = { ...exchangeOf('bank-card-list', { status: 500, body: whole.slice(0, 40) }), responseCut: 'cut by the recording' };
    expect(findingsOn(failed).filter((line) => line.startsWith('error'))).toEqual(['error http-status ']);
  });
});

describe('pages of two lists read at one page size', () => {
  it('are two walks where their paths name the lists: no record counted as repeated', () => {
    const onPages = (...pages: Parameters<typeof findingsOn>) => findingsOn(...pages).filter((line) => / page-/.test(line));
    const named = (list: string, pageNo: number) => ({ ...walkPage(2, pageNo, { ids: [1, 2], totalPage: 2 }), path: `page:2:${pageNo}:${list}` });
    expect(onPages(named('a', 1), named('b', 2))).toEqual([]);
    expect(onPages(named('a', 1), named('a', 2))).toEqual(['warning page-repeated-records /data/list']);
    const unnamed = (pageNo: number) => walkPage(2, pageNo, { ids: [1, 2], totalPage: 2 });
    expect(onPages(unnamed(1), unnamed(2))).toEqual(['warning page-repeated-records /data/list']);
  });
});

describe('verdicts asked for more than once', () => {
  it('are the same each time, and count what was added after', () => {
    const judging = new Judge(allChecks, { validator });
    const pages = [walkPage(2, 1, { ids: [1, 2], totalPage: 2 }), walkPage(2, 2, { ids: [1, 2], totalPage: 2 })];
    judging.add(pages[0]!);
    const early = judging.finish();
    expect(judging.finish()).toEqual(early);
    judging.add(pages[1]!);
    const later = judging.finish();
    expect(later.evaluations).toBeGreaterThan(early.evaluations);
    expect(later.causes.map((cause) => cause.check.id)).toContain('page-repeated-records');
    expect(judging.finish().causes.map((cause) => cause.key)).toEqual(later.causes.map((cause) => cause.key));
  });
});
