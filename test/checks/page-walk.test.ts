import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/checks/call-record.js';
import { checksByArea } from '../../src/checks/index.js';
import { pageRepeatedRecords } from '../../src/checks/page/page-repeated-records.js';
import { pageTotal } from '../../src/checks/page/page-total.js';
import type { Exchange } from '../../src/checks/types.js';
import { judge } from '../../src/engine/judging/judge.js';
import { wrappedOffsetPages } from '../../src/generators/coverage/pages.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { ids, walkOf, walkPage } from '../support/walk.js';

const validator = createValidator();

/** The causes the page checks find over these calls (in this order in the plan), one line each: what a run reports as deviations. */
const causesOn = (...calls: Exchange[]): string[] =>
  judge(calls, checksByArea.page, { validator }).causes.map(
    ({ check, samples, occurrences }) => `${check.severity} ${check.id} ${samples[0]!.finding.instancePath} ×${occurrences}`,
  );

/** The walk of a list of bank cards newest first (highest id first), `pageSize` a page. */
const newestFirst = (count: number, pageSize: number) =>
  walkOf(count, pageSize, (_pageNo, sound) => ({ ...sound, ids: sound.ids!.map((id) => count + 1 - id) }));

describe('checks over the page walk: what the spec leaves open draws nothing', () => {
  it('sound walks at several page sizes, in either order, draw nothing', () => {
    expect(causesOn(...walkOf(47, 40), ...walkOf(47, 1), ...walkOf(47, 2), ...walkOf(47, 3), ...newestFirst(47, 10))).toEqual([]);
  });

  it('records created by others between two walks draw nothing: each page size is its own walk', () => {
    // 47 records walked forty a page, then one more created, at the head, before the walk one a page.
    expect(causesOn(...newestFirst(47, 40), ...newestFirst(48, 1))).toEqual([]);
  });

  it('records deleted by another client during a walk (its pages say different totalPages): no page-total error', () => {
    // Six records two a page; after page 1 was read, another client deleted two: pages 2 and 3 say totalPage 2, and page 3 is empty.
    const changing = [
      walkPage(2, 1, { ids: [6, 5], totalPage: 3 }),
      walkPage(2, 2, { ids: [2, 1], totalPage: 2 }),
      walkPage(2, 3, { ids: [], totalPage: 2 }),
      walkPage(2, 4, { ids: [], totalPage: 2, pastLast: true }),
    ];
    expect(causesOn(...changing).filter((cause) => cause.includes('page-total'))).toEqual([]);
  });

  it('an empty list is one empty page (totalPage 1) or none (totalPage 0)', () => {
    expect(causesOn(walkPage(40, 1, { ids: [], totalPage: 1 }), walkPage(1, 1, { ids: [], totalPage: 0 }))).toEqual([]);
    expect(causesOn(walkPage(40, 1, { ids: [], totalPage: 2 }))).toEqual(['error page-total /data/totalPage ×1']);
  });

  it('a server that serves fewer records than asked (a maximum page size, 8) is judged by the pages it serves', () => {
    // Forty asked, twenty served, and totalPage counted in pages of twenty.
    const capped = walkOf(47, 20).map((page) => ({
      ...page,
      path: page.path.replace(':20:', ':40:'),
      payload: { pageSize: 40, pageNo: Number(page.path.split(':')[2]) },
    }));
    expect(causesOn(...capped)).toEqual([]);
  });

  it('pages past the last answered with an error result: nothing to judge', () => {
    const refused = exchangeOf('bank-card-list', {
      intent: 'hostile',
      path: 'page-hostile:2:4',
      payload: { pageSize: 2, pageNo: 4 },
      body: { data: {}, status: 'fail', code: '404', message: 'no such page', error: { reason: 'not found' } },
    });
    expect(causesOn(...walkOf(5, 2).slice(0, 3), refused)).toEqual([]);
  });

  it('pages whose offset passes 2^31 and 2^32 answered empty, refused or with code "500": nothing the page checks judge', () => {
    const [pastInt31, pastInt32] = wrappedOffsetPages(3) as [number, number];
    const answered = (pageNo: number, body: object) =>
      exchangeOf('beta-products-by-brand', { intent: 'hostile', path: `page-hostile:3:${pageNo}`, payload: { brandId: 1, pageSize: 3, pageNo }, body });
    const busy = { data: {}, status: 'fail', code: '500', message: '系统繁忙，请稍后再试', error: {} };
    const refused = { data: {}, status: 'fail', code: '400', message: 'pageNo out of range', error: { field: 'pageNo' } };
    const walk = walkOf(5, 3, undefined, 'beta-products-by-brand');
    expect(causesOn(...walk, walkPage(3, pastInt31, { ids: [], totalPage: 2, pastLast: true, operationId: 'beta-products-by-brand' }))).toEqual([]);
    expect(causesOn(...walk, answered(pastInt31, busy), answered(pastInt32, refused))).toEqual([]);
  });
});

describe('checks over the page walk: one cause, one deviation', () => {
  it('every page is page 1 again (pageNo ignored): page-repeated-records alone, counted by the pages that repeat', () => {
    const ignored = walkOf(10, 2, (pageNo, sound) => ({ ...sound, ids: ids(1, 2), pastLast: pageNo > 5 }));
    expect(causesOn(...ignored)).toEqual(['warning page-repeated-records /data/list ×4']);
  });

  it('pages that overlap by one record: page-repeated-records alone, though the last record spills past the last page', () => {
    // Each page starts at the last record of the page before: 1–3, 3–5, 5–7, 7–9, and 9–10 past the last.
    const overlapping = walkOf(10, 3, (pageNo, sound) => ({ ...sound, ids: ids((pageNo - 1) * 2 + 1, Math.min(10, (pageNo - 1) * 2 + 3)) }));
    expect(causesOn(...overlapping)).toEqual(['warning page-repeated-records /data/list ×3']);
  });

  it('totalPage one too many: page-total, the page it names empty', () => {
    expect(causesOn(...walkOf(10, 5, (_pageNo, sound) => ({ ...sound, totalPage: 3, pastLast: false })))).toEqual(['error page-total /data/totalPage ×1']);
  });

  it('totalPage one too few: page-total, not page-past-end (the page past it holds records no page held)', () => {
    const short = walkOf(10, 3, (pageNo, sound) => ({ ...sound, totalPage: 3, pastLast: pageNo > 3 }));
    expect(causesOn(...short)).toEqual(['error page-total /data/totalPage ×1']);
  });

  it('a totalPage of the records, not the pages: page-total', () => {
    const counted = walkOf(10, 5, (_pageNo, sound) => ({ ...sound, totalPage: 10 }));
    expect(causesOn(...counted, walkPage(5, 5, { ids: [], totalPage: 10 }))).toEqual(['error page-total /data/totalPage ×2']);
  });

  it('the last page again past the last, as asked or as the last (a clamp): page-past-end, not page-number-echo', () => {
    for (const saysPageNo of [4, 3]) {
      const clamped = walkOf(9, 3, (pageNo, sound) => (pageNo === 4 ? { ...sound, ids: ids(7, 9), saysPageNo } : sound), 'beta-products-by-brand');
      expect(causesOn(...clamped)).toEqual(['warning page-past-end /data ×1']);
    }
  });

  it('a page far past the last whose offset wraps past 2^32 to the third record: page-past-end, once over both page sizes', () => {
    // (1431655767 − 1) × 3 = 2^32 + 2 wraps to offset 2: records 3 to 5, which pages 1 and 2 hold.
    const wrapped = (count: number, pageSize: number, first: number) => {
      const [pageNo] = wrappedOffsetPages(pageSize).slice(-1) as [number];
      const sound = walkOf(count, pageSize, undefined, 'beta-products-by-brand');
      const offset = Number(BigInt.asIntN(32, BigInt(pageNo - 1) * BigInt(pageSize)));
      expect(offset).toBe(first - 1);
      const shape = {
        ids: ids(first, Math.min(count, offset + pageSize)),
        totalPage: Math.ceil(count / pageSize),
        pastLast: true,
        operationId: 'beta-products-by-brand',
      };
      return [...sound, walkPage(pageSize, pageNo, shape)];
    };
    expect(causesOn(...wrapped(5, 3, 3))).toEqual(['warning page-past-end /data ×1']);
    expect(causesOn(...wrapped(39, 40, 25), ...wrapped(39, 3, 3))).toEqual(['warning page-past-end /data ×2']);
  });

  it('every page answered as page 1, saying so: page-number-echo alone', () => {
    const first = walkOf(9, 3, (_pageNo, sound) => ({ ...sound, ids: ids(1, 3), saysPageNo: 1 }), 'beta-products-by-brand');
    expect(causesOn(...first)).toEqual(['error page-number-echo /data/pageNo ×2']);
  });

  it('pageNo one past the page asked on every page: page-number-echo on the walk, and nothing more past the last', () => {
    const offByOne = walkOf(9, 3, (pageNo, sound) => ({ ...sound, saysPageNo: pageNo + 1 }), 'beta-products-by-brand');
    expect(causesOn(...offByOne)).toEqual(['error page-number-echo /data/pageNo ×3']);
  });

  it('no list past the last: page-past-end-list; where the pages up to the last have none either, data-schema says it', () => {
    expect(causesOn(...walkOf(5, 2, (pageNo, sound) => (pageNo > 3 ? { ...sound, ids: null } : sound)))).toEqual(['error page-past-end-list /data/list ×1']);
    expect(causesOn(...walkOf(5, 2, (_pageNo, sound) => ({ ...sound, ids: null })))).toEqual([]);
  });

  it('more records than pageSize: page-size-asked where pageSize is only named, page-size-bound on #13', () => {
    const over = (operationId: string) =>
      exchangeOf(operationId, {
        payload: { pageSize: 1, pageNo: 1 },
        body: { data: { totalPage: 5, pageNo: 1, list: [{ id: 1 }, { id: 2 }] }, status: 'success', code: '200', message: '', error: {} },
      });
    expect(causesOn(over('bank-card-list'))).toEqual(['warning page-size-asked /data/list ×1']);
    expect(causesOn(over('alpha-orders-list'))).toEqual(['error page-size-bound /data/list ×1']);
  });
});

describe('checks over the page walk name the calls that show them', () => {
  const records = (exchanges: readonly Exchange[]) => exchanges.map((exchange, rank) => recordOf(exchange, rank));

  it('a page that repeats: the page it repeats and the page, in plan order', () => {
    const [finding] = pageRepeatedRecords.run(records(walkOf(10, 2, (pageNo, sound) => (pageNo === 3 ? { ...sound, ids: [4, 5] } : sound))), { validator });
    expect(finding!.calls!.map((call) => call.path)).toEqual(['page:2:2', 'page:2:3']);
    expect(finding!.actual).toContain('page 3');
  });

  it('a totalPage too small: the page that says it and the page past it', () => {
    const [finding] = pageTotal.run(records(walkOf(10, 3, (pageNo, sound) => ({ ...sound, totalPage: 3, pastLast: pageNo > 3 }))), { validator });
    expect(finding!.calls!.map((call) => call.path)).toEqual(['page:3:1', 'page-hostile:3:4']);
  });
});
