/** How each fault of red team round 12's records read across answers shows, by name. */
import { expect } from 'vitest';
import { listedPathOf } from '../../mutation-set/faults/_internals/struck.js';
import type { ReferenceServer } from '../../../src/reference/server.js';
import { dataOf, type Json, listOf, parsed, postTo } from '../raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { BETA_ORDER, CONSIGNEE_EDIT, documentedHeaders, UNTOKENED } from '../sample-bodies.js';
import { ROUND_12_TOKEN } from './token.js';

const HEADERS = documentedHeaders(ROUND_12_TOKEN);
const { post, walk } = documentedCalls(HEADERS);

/** A call of an operation of 4.1, at the path the reference server's map gives it. */
const postListed = (server: ReferenceServer, operationId: string, payload: unknown) => postTo(server, listedPathOf(operationId), payload, HEADERS);

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

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

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

export const round12RecordsDemonstrations: Readonly<Record<string, Demonstration>> = {
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
  'missing-consignee-delete-removes-the-last': async (clean, faulty) => {
    const byId = async (server: ReferenceServer, id: number) => parsed(await post(server, 'consignee-by-id', { id }));
    // A delete of a consignee there is removes that one only.
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignee-delete', { id: 5 })).code).toBe('200');
    for (const id of [1, 2, 4, 5, 6]) expect(await byId(faulty, id)).toEqual(await byId(clean, id));
    // The same delete again, and an id never there: answered alike, not found.
    for (const id of [5, 999999]) {
      const refusal = parsed(await post(clean, 'consignee-delete', { id }));
      expect(refusal).toMatchObject({ status: 'fail', code: '404' });
      expect(parsed(await post(faulty, 'consignee-delete', { id }))).toEqual(refusal);
    }
    expect((await byId(clean, 1)).code).toBe('200');
    expect((await byId(clean, 2)).code).toBe('200');
    expect(await byId(faulty, 1)).toMatchObject({ status: 'fail', code: '404' });
    expect(await byId(faulty, 2)).toMatchObject({ status: 'fail', code: '404' });
    expect(await byId(faulty, 3)).toEqual(await byId(clean, 3));
    const listedIds = async (server: ReferenceServer) => idsOf(listOf(await postListed(server, 'consignee-list', { pageSize: 300, pageNo: 1 })));
    const kept = await listedIds(clean);
    expect(kept).toHaveLength(199);
    expect(await listedIds(faulty)).toEqual(kept.filter((id) => id !== 1 && id !== 2));
    // A refused body deletes nothing.
    expect(parsed(await post(faulty, 'consignee-delete', { id: 'three' }))).toEqual(parsed(await post(clean, 'consignee-delete', { id: 'three' })));
    expect(await byId(faulty, 3)).toEqual(await byId(clean, 3));
  },
  'card-and-consignee-lookups-share-a-cache': async (clean, faulty) => {
    const ask = async (server: ReferenceServer, operationId: 'bank-card-by-id' | 'consignee-by-id', id: number) =>
      parsed(await post(server, operationId, { id }));
    // Each lookup alone, asked again, is answered as by the clean server.
    for (const id of [7, 7]) expect(await ask(faulty, 'bank-card-by-id', id)).toEqual(await ask(clean, 'bank-card-by-id', id));
    for (const id of [8, 8]) expect(await ask(faulty, 'consignee-by-id', id)).toEqual(await ask(clean, 'consignee-by-id', id));
    // Consignee 3 first: the card of 3 is answered with it.
    const consignee = await ask(clean, 'consignee-by-id', 3);
    const card = await ask(clean, 'bank-card-by-id', 3);
    expect((consignee.data as Json).consigneeName).not.toBe((card.data as Json).consigneeName);
    expect(await ask(faulty, 'consignee-by-id', 3)).toEqual(consignee);
    expect(await ask(faulty, 'bank-card-by-id', 3)).toEqual(consignee);
    // The card of 4 first: consignee 4 is answered with it.
    const card4 = await ask(clean, 'bank-card-by-id', 4);
    expect(await ask(faulty, 'bank-card-by-id', 4)).toEqual(card4);
    expect(await ask(faulty, 'consignee-by-id', 4)).toEqual(card4);
    expect(card4).not.toEqual(await ask(clean, 'consignee-by-id', 4));
    // A refused call is not answered from the cache.
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }, UNTOKENED))).toMatchObject({ code: '401' });
    // An edit of consignee 3 evicts it: the card of 3 is the card again.
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', CONSIGNEE_EDIT))).toEqual({ id: 3 });
    expect(await ask(faulty, 'bank-card-by-id', 3)).toEqual(card);
    expect(await ask(faulty, 'consignee-by-id', 3)).toEqual(card);
    // So does a delete.
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignee-delete', { id: 4 })).code).toBe('200');
    expect(await ask(faulty, 'bank-card-by-id', 4)).toEqual(await ask(clean, 'bank-card-by-id', 4));
    expect(await ask(faulty, 'consignee-by-id', FIRST_CREATED_ID)).toEqual(await ask(clean, 'consignee-by-id', FIRST_CREATED_ID));
    expect(listOf(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(listOf(await post(clean, 'bank-card-list', FIRST_PAGE)));
  },
};
