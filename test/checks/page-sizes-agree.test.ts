import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/checks/call-record.js';
import { pageSizesAgree } from '../../src/checks/page/page-sizes-agree.js';
import type { CheckContext, Exchange } from '../../src/checks/types.js';
import { ids, walkOf, walkPage } from '../support/walk.js';

const context = {} as CheckContext;
const judged = (exchanges: readonly Exchange[]) =>
  pageSizesAgree.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    context,
  );
/** Page 1 at 10,000 a page, which says there is no other page and holds `count` records. */
const largePage = (count: number) => walkPage(10_000, 1, { ids: ids(1, count), totalPage: 1, pastLast: true });

describe('page-sizes-agree', () => {
  it('reports a page 1 that says it is the only page and holds fewer records than another page 1 counts, and names both', () => {
    const findings = judged([...walkOf(12, 5), largePage(5)]);
    expect(findings.map((finding) => finding.actual)).toEqual([
      'pageSize 10000: totalPage 1, page 1 of 5 records; pageSize 5: totalPage 3 of 5 a page, so 11 to 15 records',
    ]);
    expect(judged([...walkOf(39, 1), largePage(20)]).map((finding) => finding.actual)).toEqual([
      'pageSize 10000: totalPage 1, page 1 of 20 records; pageSize 1: totalPage 39 of 1 a page, so 39 records',
    ]);
  });

  it('stays quiet where the counts meet: a server that caps the page size and counts the pages it serves, or one record created between two walks', () => {
    const capped = [1, 2, 3, 4].map((pageNo) =>
      walkPage(10_000, pageNo, { ids: pageNo <= 3 ? ids((pageNo - 1) * 5 + 1, Math.min(12, pageNo * 5)) : [], totalPage: 3, pastLast: pageNo > 3 }),
    );
    expect(judged([...walkOf(12, 5), ...capped])).toEqual([]);
    expect(judged([...walkOf(12, 5), ...walkOf(12, 2), ...walkOf(12, 1), largePage(12)])).toEqual([]);
    expect(judged([...walkOf(47, 40), ...walkOf(48, 3)])).toEqual([]);
    expect(judged([...walkOf(0, 5), walkPage(2, 1, { ids: [], totalPage: 0 })])).toEqual([]);
  });

  it('leaves an operation whose walks repeat records, or whose pages disagree with their own totalPage, to the checks of one walk', () => {
    const repeating = walkOf(12, 5, (pageNo, sound) => (pageNo === 2 ? { ...sound, ids: [1, 2, 3, 4, 5] } : sound));
    const goingOn = walkOf(12, 5, (pageNo, sound) => (pageNo === 4 ? { ...sound, ids: [13] } : sound));
    const emptyWithin = walkOf(12, 5, (pageNo, sound) => (pageNo === 3 ? { ...sound, ids: [] } : sound));
    for (const walk of [repeating, goingOn, emptyWithin]) expect(judged([...walk, largePage(5)])).toEqual([]);
  });
});
