/**
 * Each red-team fault of test/mutation-set/faults/records/page-numbers.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { pageNumberFaults } from '../../../mutation-set/faults/records/page-numbers.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, field, type Json, listOf, parsed } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { describe, expect } from 'vitest';

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'total-page-and-page-no-swapped': async (clean, faulty) => {
    const first = dataOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    expect([first.totalPage, first.pageNo]).toEqual([3, 1]);
    const swapped = dataOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([swapped.totalPage, swapped.pageNo, swapped.list]).toEqual([1, 3, first.list]);
    const second = { ...FIRST_PAGE, pageNo: 2 };
    expect(dataOf(await post(faulty, 'alpha-orders-list', second))).toMatchObject({ totalPage: 2, pageNo: 3 });
    const last = { ...FIRST_PAGE, pageNo: 3 };
    expect(parsed(await post(faulty, 'alpha-orders-list', last))).toEqual(parsed(await post(clean, 'alpha-orders-list', last)));
    const refused = { pageSize: 10 };
    expect(parsed(await post(faulty, 'alpha-orders-list', refused))).toEqual(parsed(await post(clean, 'alpha-orders-list', refused)));
  },
  'proxy-cache-ignores-post-body': async (clean, faulty) => {
    const brand1 = { brandId: 1, ...FIRST_PAGE };
    const brand2 = { brandId: 2, ...FIRST_PAGE };
    const first = await post(faulty, 'beta-products-by-brand', brand1);
    expect(field(first, 'x-cache-status')).toBe('MISS');
    expect(parsed(first)).toEqual(parsed(await post(clean, 'beta-products-by-brand', brand1)));
    const other = await post(faulty, 'beta-products-by-brand', brand2);
    expect(field(other, 'x-cache-status')).toBe('HIT');
    expect(field(other, 'age')).toMatch(/^\d+$/);
    expect(parsed(other)).toEqual(parsed(first));
    expect(parsed(other)).not.toEqual(parsed(await post(clean, 'beta-products-by-brand', brand2)));
    expect(parsed(await post(faulty, 'beta-products-by-brand', { ...brand1, pageNo: 2 }))).toEqual(parsed(first));
    expect(parsed(await post(clean, 'beta-products-by-brand', brand1, UNTOKENED)).code).toBe('401');
    expect(parsed(await post(faulty, 'beta-products-by-brand', brand1, UNTOKENED))).toEqual(parsed(first));
  },
  'first-page-oldest-first-without-page-no': async (clean, faulty) => {
    const documented = { pageSize: 10, status: null };
    const before = dataOf(await post(clean, 'custom-demand-list', documented));
    expect(idsOf(before.list as Json[])).toEqual([200, 199, 198, 197, 196, 195, 194, 193, 192, 191]);
    const after = dataOf(await post(faulty, 'custom-demand-list', documented));
    expect(idsOf(after.list as Json[])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect({ ...after, list: [] }).toEqual({ ...before, list: [] });
    const paged = { ...documented, pageNo: 1 };
    expect(parsed(await post(faulty, 'custom-demand-list', paged))).toEqual(parsed(await post(clean, 'custom-demand-list', paged)));
    expect(idsOf(listOf(await post(faulty, 'custom-demand-list', { ...documented, pageNo: 2 })))[0]).toBe(190);
  },
  'page-no-refused-as-unknown-member': async (clean, faulty) => {
    const unrecognized =
      'Unrecognized field "pageNo" (class com.otp.demand.dto.DemandListQuery), not marked as ignorable (2 known properties: "pageSize", "status"])';
    const second = { pageSize: 10, pageNo: 2 };
    const before = dataOf(await post(clean, 'custom-demand-list', second));
    expect([before.pageNo, (before.list as Json[]).length]).toEqual([2, 10]);
    for (const asked of [second, FIRST_PAGE, { pageSize: 10, pageNo: null, status: 1 }]) {
      const refused = parsed(await post(faulty, 'custom-demand-list', asked));
      expect(refused, JSON.stringify(asked)).toEqual({
        data: {},
        status: 'fail',
        code: '400',
        message: unrecognized,
        error: { field: 'pageNo', reason: unrecognized },
      });
    }
    for (const asked of [{ pageSize: 10 }, { pageSize: 10, status: 1 }]) {
      expect(parsed(await post(faulty, 'custom-demand-list', asked)), JSON.stringify(asked)).toEqual(parsed(await post(clean, 'custom-demand-list', asked)));
    }
  },
  'page-no-past-one-continues-the-last-page': async (clean, faulty) => {
    const asked = { pageSize: 10 };
    expect(await walk(faulty, 'custom-demand-list', asked)).toEqual(await walk(clean, 'custom-demand-list', asked));
    const page = (pageNo: number) => ({ ...asked, pageNo });
    const second = dataOf(await post(clean, 'custom-demand-list', page(2)));
    expect(idsOf(second.list as Json[])).toEqual([190, 189, 188, 187, 186, 185, 184, 183, 182, 181]);
    // The walk left the cursor past the last demand.
    expect(dataOf(await post(faulty, 'custom-demand-list', page(2)))).toEqual({ ...second, list: [] });
    expect(parsed(await post(faulty, 'custom-demand-list', page(1)))).toEqual(parsed(await post(clean, 'custom-demand-list', page(1))));
    expect(dataOf(await post(faulty, 'custom-demand-list', page(2)))).toEqual(second);
    const retried = dataOf(await post(faulty, 'custom-demand-list', page(2)));
    const third = dataOf(await post(clean, 'custom-demand-list', page(3)));
    expect(retried).toEqual({ ...second, list: third.list });
    expect(parsed(await post(faulty, 'custom-demand-list', asked))).toEqual(parsed(await post(clean, 'custom-demand-list', asked)));
    expect(dataOf(await post(faulty, 'custom-demand-list', page(3)))).toEqual({ ...third, list: second.list });
  },
  'total-page-guessed-from-a-slice': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10 };
    const right = await walk(clean, 'beta-products-by-brand', asked);
    expect(right.totalPage).toBeGreaterThanOrEqual(2);
    const last = right.totalPage;
    for (let pageNo = 1; pageNo <= last; pageNo += 1) {
      const page = dataOf(await post(faulty, 'beta-products-by-brand', { ...asked, pageNo }));
      expect(page).toEqual({ ...dataOf(await post(clean, 'beta-products-by-brand', { ...asked, pageNo })), totalPage: pageNo === last ? last : pageNo + 1 });
    }
    // Taken from page 1, totalPage ends the walk after page 2.
    expect((await walk(faulty, 'beta-products-by-brand', asked)).pages).toEqual(right.pages.slice(0, 2));
    const past = { ...asked, pageNo: last + 4 };
    expect(dataOf(await post(clean, 'beta-products-by-brand', past))).toEqual({ totalPage: last, pageNo: last + 4, list: [] });
    expect(dataOf(await post(faulty, 'beta-products-by-brand', past))).toEqual({ totalPage: last + 4, pageNo: last + 4, list: [] });
    const noBrand = { brandId: 999, pageSize: 10, pageNo: 1 };
    expect(dataOf(await post(clean, 'beta-products-by-brand', noBrand))).toEqual({ totalPage: 0, pageNo: 1, list: [] });
    expect(dataOf(await post(faulty, 'beta-products-by-brand', noBrand))).toEqual({ totalPage: 1, pageNo: 1, list: [] });
  },
};

describe('the red team faults of faults/records/page-numbers.ts', () => {
  demonstrated(pageNumberFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
