/** How each fault of red team round 11's records read across answers shows, by name. */
import { expect } from 'vitest';
import { listedPathOf } from '../../mutation-set/faults/_internals/struck.js';
import type { ReferenceServer } from '../../../src/reference/server.js';
import { dataOf, type Json, listOf, parsed, postTo } from '../raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNEE_EDIT, documentedHeaders } from '../sample-bodies.js';
import { ROUND_11_TOKEN } from './token.js';

const HEADERS = documentedHeaders(ROUND_11_TOKEN);
const { post, walk } = documentedCalls(HEADERS);

/** A call of an operation of 4.1, at the path the reference server's map gives it. */
const postListed = (server: ReferenceServer, operationId: string, payload: unknown) => postTo(server, listedPathOf(operationId), payload, HEADERS);

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

/** Consignee 3 made the member's default, every field of 2.9 given (4.1 "edit consignee address"). */
const DEFAULT_CONSIGNEE = { ...CONSIGNEE_EDIT, isDefault: 1 };

/** What an edit of consignee 3 writes into the record (2.9): the edit's fields, id aside. */
const { id: _edited, ...EDITED_FIELDS } = DEFAULT_CONSIGNEE;

/** An alpha order's item that the server turns down: a quantity of none. */
const REFUSED_ITEM = { pCode: 'A208811', num: '0', siCusNote: '', siSendNote: '' };

/** A second beta order, of another product than BETA_ORDER's. */
const OTHER_BETA_ORDER = { ...BETA_ORDER, items: [{ pCode: 'AL875380', brandId: '1', num: '1' }] };

export const round11RecordsDemonstrations: Readonly<Record<string, Demonstration>> = {
  'default-consignee-written-over-the-others': async (clean, faulty) => {
    for (const id of [3, 4, 200]) expect(parsed(await post(faulty, 'consignee-by-id', { id }))).toEqual(parsed(await post(clean, 'consignee-by-id', { id })));
    // An edit that makes no default changes only its own consignee.
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', { ...DEFAULT_CONSIGNEE, isDefault: 0 }))).toEqual({ id: 3 });
    for (const id of [3, 4]) expect(parsed(await post(faulty, 'consignee-by-id', { id }))).toEqual(parsed(await post(clean, 'consignee-by-id', { id })));
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', DEFAULT_CONSIGNEE))).toEqual({ id: 3 });
    const own = dataOf(await post(faulty, 'consignee-by-id', { id: 3 }));
    expect(own).toEqual(dataOf(await post(clean, 'consignee-by-id', { id: 3 })));
    expect(own).toEqual({ id: 3, ...EDITED_FIELDS, createdAt: null });
    for (const id of [4, 200]) {
      const before = dataOf(await post(clean, 'consignee-by-id', { id }));
      expect(before.consigneeName).not.toBe(DEFAULT_CONSIGNEE.consigneeName);
      expect(dataOf(await post(faulty, 'consignee-by-id', { id }))).toEqual({ ...before, ...EDITED_FIELDS, isDefault: 0 });
    }
    const listed = listOf(await postListed(faulty, 'consignee-list', FIRST_PAGE));
    expect(idsOf(listed)).toEqual(idsOf(listOf(await postListed(clean, 'consignee-list', FIRST_PAGE))));
    expect(listed.map((consignee) => consignee.address)).toEqual(listed.map(() => DEFAULT_CONSIGNEE.address));
    // A consignee added afterwards holds what it was written.
    const added = { ...DEFAULT_CONSIGNEE, id: undefined, consigneeName: '周涛', isDefault: 0 };
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', added))).toEqual({ id: FIRST_CREATED_ID });
    const addedId = { id: FIRST_CREATED_ID };
    expect(parsed(await post(faulty, 'consignee-by-id', addedId))).toEqual(parsed(await post(clean, 'consignee-by-id', addedId)));
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
  'order-list-filtered-by-primitive-default': async (clean, faulty) => {
    const asked = { pageSize: 10 };
    const every = await walk(clean, 'alpha-orders-list', asked);
    expect([every.totalPage, every.pages.flat().length]).toEqual([3, 30]);
    const unpaid = every.pages.flat().filter((order) => order.soPayStatus === 0);
    expect(unpaid).toHaveLength(17);
    const listed = await walk(faulty, 'alpha-orders-list', asked);
    expect(listed.totalPage).toBe(2);
    expect(listed.pages.flat()).toEqual(unpaid);
    const newest = every.pages[0]![0]!;
    expect([newest.soNo, newest.soPayStatus]).toEqual(['SO202606270030', 1]);
    expect(dataOf(await postListed(faulty, 'alpha-order-detail', { soNo: newest.soNo }))).toMatchObject({ soId: newest.soId, soPayStatus: 1 });
    // An order just placed is unpaid, and listed first.
    for (const server of [clean, faulty]) expect(dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER)).soId).toBe(FIRST_CREATED_ID);
    expect(listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE))[0]).toEqual(listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE))[0]);
  },
  'refused-order-kept-with-its-earlier-lines': async (clean, faulty) => {
    const [item] = ALPHA_ORDER.items;
    const refused = { ...ALPHA_ORDER, items: [item, REFUSED_ITEM] };
    const refusal = parsed(await post(clean, 'alpha-order-create', refused));
    expect(refusal).toEqual({ data: {} });
    const firstPage = parsed(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    expect(parsed(await post(faulty, 'alpha-orders-list', FIRST_PAGE))).toEqual(firstPage);
    // Turned down at its first item, an order leaves nothing.
    expect(parsed(await post(faulty, 'alpha-order-create', { ...ALPHA_ORDER, items: [REFUSED_ITEM, item] }))).toEqual(refusal);
    expect(parsed(await post(faulty, 'alpha-orders-list', FIRST_PAGE))).toEqual(firstPage);
    expect(parsed(await post(faulty, 'alpha-order-create', refused))).toEqual(refusal);
    expect(parsed(await post(clean, 'alpha-orders-list', FIRST_PAGE))).toEqual(firstPage);
    const [kept] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect(kept!.soId).toBe(FIRST_CREATED_ID);
    // What the clean server lists for the order of the first item alone.
    expect(dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER)).soId).toBe(FIRST_CREATED_ID);
    const [alone] = listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    expect(timeless(kept!)).toEqual(timeless(alone!));
    expect(dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER)).soId).toBe(FIRST_CREATED_ID + 1);
  },
  'order-lines-kept-in-a-singleton-field': async (clean, faulty) => {
    const place = async (server: ReferenceServer, order: unknown): Promise<Json> => dataOf(await post(server, 'beta-order-create', order));
    const first = await place(clean, BETA_ORDER);
    expect(timeless(await place(faulty, BETA_ORDER))).toEqual(timeless(first));
    const refusedItems = { ...OTHER_BETA_ORDER, items: [{ pCode: 'AL875380', brandId: '1', num: '-1' }] };
    expect(parsed(await post(faulty, 'beta-order-create', refusedItems))).toEqual(parsed(await post(clean, 'beta-order-create', refusedItems)));
    const second = await place(clean, OTHER_BETA_ORDER);
    expect(second.items).toHaveLength(1);
    const secondAfter = await place(faulty, OTHER_BETA_ORDER);
    expect([secondAfter.soId, secondAfter.items]).toEqual([second.soId, [...(first.items as Json[]), ...(second.items as Json[])]]);
    expect(secondAfter.soTotal).toBeGreaterThan(second.soTotal as number);
    const third = await place(faulty, OTHER_BETA_ORDER);
    expect(third.items).toEqual([...(secondAfter.items as Json[]), ...(second.items as Json[])]);
  },
};
