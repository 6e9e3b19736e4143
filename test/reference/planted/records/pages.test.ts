/**
 * Each red-team fault of test/mutation-set/faults/records/pages.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { seedState } from '../../../../src/reference/seed.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { pageFaults } from '../../../mutation-set/faults/records/pages.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Json, listOf, parsed, postTo, type Reply } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, documentedHeaders } from '../../../support/sample-bodies.js';
import { type HttpReply, sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** The order lines the seed gives the alpha orders, all together. */
const seededAlphaLines = (): number => seedState().alphaOrders.reduce((sum, stored) => sum + stored.lines.length, 0);

/** The purchase order list as #4 documents it: no pageNo, the filters null. */
const PURCHASE_ORDERS = { status: null, cusType: null };

/** What the operation map publishes a purchase order with (4.1 "Purchase order: publish"). */
const PURCHASE_ORDER = { cusType: '1', hasCas: 1, cas: '75-05-8', productName: '乙腈', level: 'HPLC', nums: 10, pack: '4L', price: 420 };

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'total-page-rounds-down': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 1 };
    expect(dataOf(await sendByNodeHttp(clean, 'beta-products-by-brand', asked)).totalPage).toBe(4);
    expect(dataOf(await sendByNodeHttp(faulty, 'beta-products-by-brand', asked)).totalPage).toBe(3);
    expect(listOf(await sendByNodeHttp(faulty, 'beta-products-by-brand', { ...asked, pageNo: 4 }))).toHaveLength(9);
  },
  'one-extra-record-per-page': async (clean, faulty) => {
    const soNos = (reply: HttpReply) => listOf(reply).map((order) => order.soNo);
    expect(soNos(await sendByNodeHttp(clean, 'alpha-orders-list', FIRST_PAGE))).toHaveLength(10);
    const first = soNos(await sendByNodeHttp(faulty, 'alpha-orders-list', FIRST_PAGE));
    const second = soNos(await sendByNodeHttp(faulty, 'alpha-orders-list', { pageSize: 10, pageNo: 2 }));
    expect(first).toHaveLength(11);
    expect(first.at(-1)).toBe(second[0]);
  },
  'page-offset-counts-from-page-zero': async (clean, faulty) => {
    const soNos = (reply: Reply) => listOf(reply).map((order) => order.soNo);
    const page = (pageNo: number) => ({ pageSize: 10, pageNo });
    const placed = await Promise.all([clean, faulty].map(async (server) => dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER)).soNo));
    expect(soNos(await post(clean, 'alpha-orders-list', page(1)))[0]).toBe(placed[0]);
    const first = await post(faulty, 'alpha-orders-list', page(1));
    expect(soNos(first)).not.toContain(placed[1]);
    expect(soNos(first)).toEqual(soNos(await post(clean, 'alpha-orders-list', page(2))));
    const totalPage = dataOf(first).totalPage as number;
    expect(listOf(await post(clean, 'alpha-orders-list', page(totalPage)))).not.toHaveLength(0);
    expect(listOf(await post(faulty, 'alpha-orders-list', page(totalPage)))).toHaveLength(0);
  },
  'unstable-sort-pages-repeat-and-skip': async (clean, faulty) => {
    const asked = { pageSize: 10, status: null, cusType: null };
    const before = await walk(clean, 'purchase-order-list', asked);
    const after = await walk(faulty, 'purchase-order-list', asked);
    expect(after.totalPage).toBe(before.totalPage);
    expect(after.pages.map((page) => page.length)).toEqual(before.pages.map((page) => page.length));
    const ids = (pages: Json[][]) => pages.flat().map((record) => record.id);
    expect(new Set(ids(before.pages)).size).toBe(200);
    const seen = ids(after.pages);
    expect(seen).toHaveLength(200);
    expect(new Set(seen).size).toBeLessThan(180);
    // Each record listed is a record of the list, as the clean server has it.
    const records = new Map(before.pages.flat().map((record) => [record.id, record]));
    for (const record of after.pages.flat()) expect(record).toEqual(records.get(record.id));
  },
  'count-ignores-status-filter': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1 };
    const before = await walk(clean, 'custom-demand-list', asked);
    const after = dataOf(await post(faulty, 'custom-demand-list', { ...asked, pageNo: 1 }));
    expect(before.totalPage).toBeLessThan(20);
    expect(after.totalPage).toBe(20);
    expect(after.list).toEqual(before.pages[0]);
    expect(listOf(await post(faulty, 'custom-demand-list', { ...asked, pageNo: before.totalPage + 1 }))).toEqual([]);
    const unfiltered = { pageSize: 10, pageNo: 1 };
    expect(parsed(await post(faulty, 'custom-demand-list', unfiltered))).toEqual(parsed(await post(clean, 'custom-demand-list', unfiltered)));
  },
  'filter-applied-after-paging': async (clean, faulty) => {
    const asked = { pageSize: 10, status: null, cusType: '2' };
    const before = await walk(clean, 'purchase-order-list', asked);
    expect(before.totalPage).toBe(9);
    expect(before.pages.slice(0, -1).every((page) => page.length === 10)).toBe(true);
    const after = await walk(faulty, 'purchase-order-list', asked);
    expect(after.totalPage).toBe(20);
    expect(after.pages[0]).toHaveLength(6);
    expect(after.pages[0]).toEqual(before.pages[0]!.slice(0, 6));
    // Every record the filter matches is on some page, each once, in the same order: only the cut moved.
    expect(after.pages.flat()).toEqual(before.pages.flat());
    const unfiltered = { pageSize: 10, pageNo: 2, status: null, cusType: null };
    expect(parsed(await post(faulty, 'purchase-order-list', unfiltered))).toEqual(parsed(await post(clean, 'purchase-order-list', unfiltered)));
  },
  'page-size-capped-in-query-only': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 50, pageNo: 1 };
    const before = dataOf(await post(clean, 'beta-products-by-brand', asked));
    expect([before.totalPage, (before.list as Json[]).length]).toEqual([1, 39]);
    const after = dataOf(await post(faulty, 'beta-products-by-brand', asked));
    expect(after).toEqual({ ...before, list: (before.list as Json[]).slice(0, 20) });
    const small = { brandId: 1, pageSize: 10, pageNo: 4 };
    expect(parsed(await post(faulty, 'beta-products-by-brand', small))).toEqual(parsed(await post(clean, 'beta-products-by-brand', small)));
  },
  'page-size-counts-order-lines': async (clean, faulty) => {
    const lines = seededAlphaLines();
    const before = await walk(clean, 'alpha-orders-list', { pageSize: 10 });
    expect([before.totalPage, before.pages[0]!.length]).toEqual([3, 10]);
    const after = await walk(faulty, 'alpha-orders-list', { pageSize: 10 });
    expect(after.totalPage).toBe(Math.ceil(lines / 10));
    expect(after.pages[0]!.length).toBeLessThan(10);
    expect(after.pages[0]).toEqual(before.pages[0]!.slice(0, after.pages[0]!.length));
    const listed = after.pages.flat().map((order) => order.soId);
    expect(new Set(listed)).toEqual(new Set(before.pages.flat().map((order) => order.soId)));
    expect(listed.length).toBeGreaterThan(30);
    const threeItems = { ...ALPHA_ORDER, items: ['A104523', 'A104524', 'A104525'].map((pCode) => ({ ...ALPHA_ORDER.items[0]!, pCode })) };
    for (const server of [clean, faulty]) expect(dataOf(await post(server, 'alpha-order-create', threeItems)).soId).toBe(FIRST_CREATED_ID);
    expect(dataOf(await post(clean, 'alpha-orders-list', FIRST_PAGE)).totalPage).toBe(4);
    expect(dataOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE)).totalPage).toBe(Math.ceil((lines + 3) / 10));
  },
  'page-offset-wraps-at-32-bits': async (clean, faulty) => {
    const brand = { brandId: 1, pageSize: 10 };
    const every = listOf(await post(clean, 'beta-products-by-brand', { ...brand, pageSize: 50, pageNo: 1 }));
    const wrapped = { ...brand, pageNo: 429_496_731 };
    const before = dataOf(await post(clean, 'beta-products-by-brand', wrapped));
    expect(before).toEqual({ totalPage: 4, pageNo: 429_496_731, list: [] });
    const after = dataOf(await post(faulty, 'beta-products-by-brand', wrapped));
    expect(after).toEqual({ ...before, list: every.slice(4, 14) });
    const negative = { ...brand, pageNo: 214_748_366 };
    expect(listOf(await post(clean, 'beta-products-by-brand', negative))).toEqual([]);
    expect(parsed(await post(faulty, 'beta-products-by-brand', negative)).code).toBe('500');
    const second = { ...brand, pageNo: 2 };
    expect(parsed(await post(faulty, 'beta-products-by-brand', second))).toEqual(parsed(await post(clean, 'beta-products-by-brand', second)));
  },
  'page-cached-without-its-size': async (clean, faulty) => {
    const small = { ...PURCHASE_ORDERS, pageSize: 10 };
    const large = { ...PURCHASE_ORDERS, pageSize: 50 };
    const smallPage = parsed(await post(clean, 'purchase-order-list', small));
    const largePage = dataOf(await post(clean, 'purchase-order-list', large));
    expect([largePage.totalPage, (largePage.list as Json[]).length]).toEqual([4, 50]);
    expect(parsed(await post(faulty, 'purchase-order-list', small))).toEqual(smallPage);
    expect(parsed(await post(faulty, 'purchase-order-list', large))).toEqual(smallPage);
    const otherPage = { ...large, pageNo: 2 };
    expect(parsed(await post(faulty, 'purchase-order-list', otherPage))).toEqual(parsed(await post(clean, 'purchase-order-list', otherPage)));
    for (const server of [clean, faulty])
      expect(parsed(await postTo(server, listedPathOf('purchase-order-publish'), PURCHASE_ORDER, DOCUMENTED_HEADERS)).code).toBe('200');
    const published = parsed(await post(clean, 'purchase-order-list', large));
    expect(parsed(await post(faulty, 'purchase-order-list', large))).toEqual(published);
    expect(parsed(await post(faulty, 'purchase-order-list', small))).toEqual(published);
  },
};

describe('the red team faults of faults/records/pages.ts', () => {
  demonstrated(pageFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
