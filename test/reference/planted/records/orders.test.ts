/**
 * Each red-team fault of test/mutation-set/faults/records/orders.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { orderFaults } from '../../../mutation-set/faults/records/orders.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Json, listOf, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, BETA_ORDER, documentedHeaders } from '../../../support/sample-bodies.js';

import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

/** What the operation map publishes a purchase order with (4.1 "Purchase order: publish"). */
const PURCHASE_ORDER = { cusType: '1', hasCas: 1, cas: '75-05-8', productName: '乙腈', level: 'HPLC', nums: 10, pack: '4L', price: 420 };

/** A created order without what depends on the second and the day it was placed at (soCtime, and the date in soNo). */
const withoutTimeOrDay = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: String(order.soNo).replace(/^SO\d{8}/, 'SO') });

/** A created order without what depends on the second it was placed at (soCtime). */
const withoutTime = (order: Json): Json => ({ ...order, soCtime: 'placed' });

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

/** A call of an operation of 4.1, at the path the reference server's map gives it. */
const postListed = (server: ReferenceServer, operationId: string, payload: unknown) => postTo(server, listedPathOf(operationId), payload, HEADERS);

/** An alpha order's item that the server turns down: a quantity of none. */
const REFUSED_ITEM = { pCode: 'A208811', num: '0', siCusNote: '', siSendNote: '' };

/** A second beta order, of another product than BETA_ORDER's. */
const OTHER_BETA_ORDER = { ...BETA_ORDER, items: [{ pCode: 'AL875380', brandId: '1', num: '1' }] };

/** A beta order (#15) of these items, each of brand 1. */
const betaOrderOf = (...items: readonly (readonly [string, string])[]) => ({
  ...BETA_ORDER,
  items: items.map(([pCode, num]) => ({ pCode, brandId: '1', num })),
});

/** Two items whose codes are not in code order, and the same two in it. */
const OUT_OF_CODE_ORDER = betaOrderOf(['AL875380', '1'], ['AL104523', '3']);

const IN_CODE_ORDER = betaOrderOf(['AL104523', '3'], ['AL875380', '1']);

/** What of an order line comes from its product, not from the item's code and quantity. */
const PRODUCT_FIELDS = ['siPrice', 'pId', 'siDiscount', 'pCnName', 'pLevel', 'cCas', 'deliveryTerm'] as const;

const productOf = (line: Json): Json => Object.fromEntries(PRODUCT_FIELDS.map((name) => [name, line[name]]));

const itemsOf = (reply: Awaited<ReturnType<typeof post>>): Json[] => dataOf(reply).items as Json[];

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'published-price-read-as-fen': async (clean, faulty) => {
    const asked = { pageSize: 10, cusType: '1' };
    expect(parsed(await post(faulty, 'purchase-order-list', asked))).toEqual(parsed(await post(clean, 'purchase-order-list', asked)));
    for (const server of [clean, faulty])
      expect(parsed(await postTo(server, listedPathOf('purchase-order-publish'), PURCHASE_ORDER, DOCUMENTED_HEADERS)).code).toBe('200');
    const [before, ...rest] = listOf(await post(clean, 'purchase-order-list', asked));
    expect([before!.id, before!.salePrice]).toEqual([FIRST_CREATED_ID, '420.00']);
    const [after, ...others] = listOf(await post(faulty, 'purchase-order-list', asked));
    expect(after).toEqual({ ...before, salePrice: '4.20' });
    expect(others).toEqual(rest);
  },
  'created-order-total-without-freight': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    expect([before.soTotal, before.soFreightPrice]).toEqual([31.37, 15]);
    const after = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect([after.soTotal, after.soFreightPrice]).toEqual([16.37, 15]);
    expect(withoutTimeOrDay({ ...after, soTotal: before.soTotal })).toEqual(withoutTimeOrDay(before));
    const [listed] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([listed!.soNo, listed!.soTotal]).toEqual([after.soNo, 31.37]);
  },
  'created-order-id-not-read-back': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    expect(before.soId).toBe(FIRST_CREATED_ID);
    const after = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect(after.soId).toBe(0);
    expect(withoutTime(after)).toEqual({ ...withoutTime(before), soId: 0, soNo: after.soNo });
    const [listed] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([listed!.soId, listed!.soNo]).toEqual([FIRST_CREATED_ID, after.soNo]);
  },
  'customer-po-answers-another-members-order': async (clean, faulty) => {
    expect(BETA_ORDER.soCusPo).toBe('PO202611220007');
    const before = dataOf(await post(clean, 'beta-order-create', BETA_ORDER));
    expect([before.soId, before.soCaName]).toEqual([FIRST_CREATED_ID, BETA_ORDER.soCaName]);
    const after = parsed(await post(faulty, 'beta-order-create', BETA_ORDER));
    expect([after.status, after.code]).toEqual(['success', '200']);
    const order = after.data as Json;
    expect(order.soId).toBe(100_007);
    expect(order.soCaName).not.toBe(BETA_ORDER.soCaName);
    expect((order.items as Json[]).map((line) => line.pCode)).not.toEqual(BETA_ORDER.items.map((item) => item.pCode));
    const ownPo = { ...BETA_ORDER, soCusPo: 'PO-LAB-0042' };
    expect(timeless(dataOf(await post(faulty, 'beta-order-create', ownPo)))).toEqual(timeless(before));
    const refused = { ...BETA_ORDER, items: [] };
    expect(parsed(await post(faulty, 'beta-order-create', refused))).toEqual(parsed(await post(clean, 'beta-order-create', refused)));
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
    // Placed on the two servers a moment apart: the second may have ticked between them.
    const [placedFaulty, placedClean] = [
      listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE))[0],
      listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE))[0],
    ];
    expect(placedFaulty && withoutTime(placedFaulty)).toEqual(placedClean && withoutTime(placedClean));
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
  'beta-order-lines-zipped-with-sorted-products': async (clean, faulty) => {
    // One-item orders, and items already in code order, are answered as by the clean server.
    for (const order of [BETA_ORDER, IN_CODE_ORDER]) {
      expect(timeless(dataOf(await post(faulty, 'beta-order-create', order)))).toEqual(timeless(dataOf(await post(clean, 'beta-order-create', order))));
    }
    const asked = OUT_OF_CODE_ORDER;
    const right = await post(clean, 'beta-order-create', asked);
    const wrong = await post(faulty, 'beta-order-create', asked);
    const [first, second] = itemsOf(right);
    const [zippedFirst, zippedSecond] = itemsOf(wrong);
    expect(productOf(first!)).not.toEqual(productOf(second!));
    // Each line keeps its item's code and quantity and takes the other's product.
    expect([zippedFirst!.pCode, zippedFirst!.siNum, zippedSecond!.pCode, zippedSecond!.siNum]).toEqual(['AL875380', 1, 'AL104523', 3]);
    expect(productOf(zippedFirst!)).toEqual(productOf(second!));
    expect(productOf(zippedSecond!)).toEqual(productOf(first!));
    expect(zippedFirst!.siAmount).toBe(Math.round(Number(second!.siPrice) * 1 * 100) / 100);
    const order = dataOf(wrong);
    expect(order.soTotal).not.toBe(dataOf(right).soTotal);
    const goods = Math.round(((zippedFirst!.siVamount as number) + (zippedSecond!.siVamount as number)) * 100) / 100;
    expect(order.soTotal).toBe(Math.round((goods + (order.soFreightPrice as number)) * 100) / 100);
    // The dispatch note (4.1) of the order names the products the lines were stored with.
    const note = (server: ReferenceServer, soNo: unknown) => postListed(server, 'beta-order-dispatch-note', { soNo });
    const noted = dataOf(await note(faulty, order.soNo)).items as Json[];
    expect(noted.map((item) => [item.pCode, item.pCnName, item.cCas])).toEqual([
      ['AL875380', second!.pCnName, second!.cCas],
      ['AL104523', first!.pCnName, first!.cCas],
    ]);
    expect(dataOf(await note(clean, dataOf(right).soNo)).items).toEqual(
      itemsOf(right).map((line) => expect.objectContaining({ pCode: line.pCode, pCnName: line.pCnName, cCas: line.cCas })),
    );
    // Two items of one code: the zip runs past the products.
    const twice = betaOrderOf(['AL104523', '1'], ['AL104523', '2']);
    expect(parsed(await post(clean, 'beta-order-create', twice)).code).toBe('200');
    expect(parsed(await post(faulty, 'beta-order-create', twice))).toMatchObject({ status: 'fail', code: '500' });
  },
};

describe('the red team faults of faults/records/orders.ts', () => {
  demonstrated(orderFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
