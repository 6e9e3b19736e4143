/**
 * Each red-team fault of test/mutation-set/faults/records/sequences.ts changes what the reference
 * server sends, in the way it says: the same calls, in the documented form (doubled slash,
 * `authorization: bearer<TOKEN>`), one after another, are sent to a clean server and to one with the
 * fault, and the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { sequenceFaults } from '../../../mutation-set/faults/records/sequences.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Json, listOf, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, CONSIGNEE_EDIT, CONSIGNMENT, DEMAND, documentedHeaders } from '../../../support/sample-bodies.js';
import { describe, expect } from 'vitest';

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

const { post } = documentedCalls(HEADERS);

/** A call of an operation of 4.1, at the path the reference server's map gives it. */
const postListed = (server: ReferenceServer, operationId: string, payload: unknown) => postTo(server, listedPathOf(operationId), payload, HEADERS);

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** A bank card added (4.1 "edit bank card" without id). */
const NEW_CARD = { accountName: '杭州博远生物科技有限公司', bankName: '招商银行', bankAccount: '6225881234567890', isDefault: 0 };

const cardPage = async (server: ReferenceServer, pageNo: number) => idsOf(listOf(await post(server, 'bank-card-list', { pageSize: 10, pageNo })));

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'bank-card-pages-evicted-only-at-page-one': async (clean, faulty) => {
    for (const server of [clean, faulty]) {
      expect(await cardPage(server, 2)).toEqual([190, 189, 188, 187, 186, 185, 184, 183, 182, 181]);
      expect(await cardPage(server, 1)).toEqual([200, 199, 198, 197, 196, 195, 194, 193, 192, 191]);
      expect(dataOf(await postListed(server, 'bank-card-edit', NEW_CARD))).toEqual({ id: FIRST_CREATED_ID });
    }
    expect(await cardPage(faulty, 1)).toEqual(await cardPage(clean, 1));
    expect(await cardPage(clean, 2)).toEqual([191, 190, 189, 188, 187, 186, 185, 184, 183, 182]);
    expect(await cardPage(faulty, 2)).toEqual([190, 189, 188, 187, 186, 185, 184, 183, 182, 181]);
    // A page not read before the write is read as it is.
    expect(await cardPage(faulty, 3)).toEqual(await cardPage(clean, 3));
  },
  'demand-count-drifts-on-refused-deletes': async (clean, faulty) => {
    const totalPage = async (server: ReferenceServer, asked: Json = {}) =>
      dataOf(await post(server, 'custom-demand-list', { pageSize: 1, ...asked })).totalPage;
    expect(await totalPage(faulty)).toBe(await totalPage(clean));
    const refusal = parsed(await post(clean, 'custom-demand-delete', { demandId: 999_999 }));
    expect(refusal.code).toBe('404');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 999_999 }))).toEqual(refusal);
    expect(await totalPage(clean)).toBe(200);
    expect(await totalPage(faulty)).toBe(199);
    expect(idsOf(listOf(await post(faulty, 'custom-demand-list', { pageSize: 1, pageNo: 200 })))).toEqual([1]);
    expect(await totalPage(faulty, { status: 0 })).toBe(await totalPage(clean, { status: 0 }));
  },
  'bank-card-id-reused-after-delete': async (clean, faulty) => {
    const second = { ...NEW_CARD, accountName: '上海瑞试化工有限公司' };
    for (const server of [clean, faulty]) {
      expect(dataOf(await postListed(server, 'bank-card-edit', NEW_CARD))).toEqual({ id: FIRST_CREATED_ID });
      expect(parsed(await postListed(server, 'bank-card-delete', { id: FIRST_CREATED_ID })).code).toBe('200');
    }
    expect(dataOf(await postListed(clean, 'bank-card-edit', second))).toEqual({ id: FIRST_CREATED_ID + 1 });
    expect(dataOf(await postListed(faulty, 'bank-card-edit', second))).toEqual({ id: FIRST_CREATED_ID });
    expect(dataOf(await post(faulty, 'bank-card-by-id', { id: FIRST_CREATED_ID }))).toMatchObject({ id: FIRST_CREATED_ID, consigneeName: second.accountName });
    expect(listOf(await post(faulty, 'bank-card-list', FIRST_PAGE))[0]).toMatchObject({ id: FIRST_CREATED_ID, accountName: second.accountName });
    // The delete of 201 again, a retry.
    expect(parsed(await postListed(clean, 'bank-card-delete', { id: FIRST_CREATED_ID })).code).toBe('404');
    expect(parsed(await postListed(faulty, 'bank-card-delete', { id: FIRST_CREATED_ID })).code).toBe('200');
    expect(idsOf(listOf(await post(faulty, 'bank-card-list', FIRST_PAGE)))[0]).toBe(200);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: FIRST_CREATED_ID }))).toEqual(
      parsed(await post(clean, 'bank-card-by-id', { id: FIRST_CREATED_ID })),
    );
  },
  'consignee-edit-saved-to-last-viewed': async (clean, faulty) => {
    const byId = async (server: ReferenceServer, id: number) => dataOf(await post(server, 'consignee-by-id', { id }));
    const before = await byId(clean, 3);
    for (const server of [clean, faulty]) {
      expect((await byId(server, 5)).id).toBe(5);
      expect(dataOf(await postListed(server, 'consignee-edit', CONSIGNEE_EDIT))).toEqual({ id: 3 });
    }
    const { id: _id, ...edited } = CONSIGNEE_EDIT;
    expect(await byId(clean, 3)).toEqual({ id: 3, ...edited, createdAt: null });
    expect(await byId(faulty, 3)).toEqual(before);
    expect(await byId(faulty, 5)).toEqual({ id: 5, ...edited, createdAt: null });
  },
  'sold-consignment-delete-leaves-dispatch-entry': async (clean, faulty) => {
    const awaiting = async (server: ReferenceServer) => listOf(await postListed(server, 'consignment-awaiting-list', { pageSize: 300, pageNo: 1 }));
    const listed = await awaiting(clean);
    expect(await awaiting(faulty)).toEqual(listed);
    const sold = listed[3]!;
    expect(sold.status).toBe(2);
    const deleted = parsed(await post(clean, 'consignment-delete', { cid: String(sold.id) }));
    expect(deleted.data).toEqual(sold);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: String(sold.id) }))).toEqual(deleted);
    for (const server of [clean, faulty]) expect(parsed(await postListed(server, 'consignment-detail', { cid: String(sold.id) })).code).toBe('404');
    expect(await awaiting(clean)).toEqual(listed.filter((consignment) => consignment.id !== sold.id));
    expect(await awaiting(faulty)).toEqual(listed);
  },
  'consignment-list-one-search-behind': async (clean, faulty) => {
    const page = async (server: ReferenceServer) => dataOf(await postListed(server, 'consignment-list', FIRST_PAGE));
    const before = await page(clean);
    expect(await page(faulty)).toEqual(before);
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    const after = await page(clean);
    expect(listOf(await postListed(clean, 'consignment-list', FIRST_PAGE))[0]).toMatchObject({ id: FIRST_CREATED_ID, productPack: CONSIGNMENT.pack });
    expect(await page(faulty)).toEqual(before);
    expect(dataOf(await postListed(faulty, 'consignment-detail', { cid: String(FIRST_CREATED_ID) }))).toEqual((after.list as Json[])[0]);
    expect(await page(faulty)).toEqual(after);
  },
  'repeated-demand-create-answered-not-made': async (clean, faulty) => {
    const firstIds = async (server: ReferenceServer) => idsOf(listOf(await post(server, 'custom-demand-list', { pageSize: 3, pageNo: 1 })));
    for (const server of [clean, faulty])
      for (let sent = 0; sent < 2; sent += 1) expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    expect(await firstIds(clean)).toEqual([202, 201, 200]);
    expect(await firstIds(faulty)).toEqual([201, 200, 199]);
    for (const body of [{ ...DEMAND, nums: 6 }, DEMAND]) expect(parsed(await post(faulty, 'custom-demand-create', body)).code).toBe('200');
    expect(await firstIds(faulty)).toEqual([203, 202, 201]);
  },
  'consignee-edit-never-writes-remark': async (clean, faulty) => {
    const byId = async (server: ReferenceServer, id: number) => dataOf(await post(server, 'consignee-by-id', { id }));
    const before = await byId(clean, 3);
    expect(before.remark).not.toBe(CONSIGNEE_EDIT.remark);
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', CONSIGNEE_EDIT))).toEqual({ id: 3 });
    const edited = await byId(clean, 3);
    expect(edited.remark).toBe(CONSIGNEE_EDIT.remark);
    expect(await byId(faulty, 3)).toEqual({ ...edited, remark: before.remark });
    const { id: _id, ...added } = CONSIGNEE_EDIT;
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', added))).toEqual({ id: FIRST_CREATED_ID });
    expect(await byId(faulty, FIRST_CREATED_ID)).toEqual(await byId(clean, FIRST_CREATED_ID));
  },
  'refused-alpha-orders-counted-in-total-page': async (clean, faulty) => {
    const page = async (server: ReferenceServer, pageNo: number) => dataOf(await post(server, 'alpha-orders-list', { pageSize: 1, pageNo }));
    const orders = (await page(clean, 1)).totalPage as number;
    expect((await page(faulty, 1)).totalPage).toBe(orders);
    const refusedItem = { ...ALPHA_ORDER, items: [{ ...ALPHA_ORDER.items[0]!, num: '0' }] };
    const refusal = parsed(await post(clean, 'alpha-order-create', refusedItem));
    expect(refusal).toEqual({ data: {} });
    expect(parsed(await post(faulty, 'alpha-order-create', refusedItem))).toEqual(refusal);
    expect((await page(clean, 1)).totalPage).toBe(orders);
    expect((await page(faulty, 1)).totalPage).toBe(orders + 1);
    expect((await page(faulty, orders + 1)).list).toEqual([]);
    expect((await page(faulty, orders)).list).toEqual((await page(clean, orders)).list);
  },
  'second-bank-card-edit-refused-as-stale': async (clean, faulty) => {
    const edit = (server: ReferenceServer, accountName: string) => postListed(server, 'bank-card-edit', { ...NEW_CARD, id: 3, accountName });
    const holder = async (server: ReferenceServer, id: number) => dataOf(await post(server, 'bank-card-by-id', { id })).consigneeName;
    for (const server of [clean, faulty]) {
      expect(dataOf(await edit(server, '李娜'))).toEqual({ id: 3 });
      expect(await holder(server, 3)).toBe('李娜');
    }
    expect(dataOf(await edit(clean, '周涛'))).toEqual({ id: 3 });
    expect(await holder(clean, 3)).toBe('周涛');
    expect(parsed(await edit(faulty, '周涛'))).toMatchObject({ status: 'fail', code: '409', message: 'id: 数据已被修改，请刷新后重试' });
    expect(await holder(faulty, 3)).toBe('李娜');
    const other = { ...NEW_CARD, id: 4 };
    expect(parsed(await postListed(faulty, 'bank-card-edit', other))).toEqual(parsed(await postListed(clean, 'bank-card-edit', other)));
  },
  'consignee-rows-cached-past-default-change': async (clean, faulty) => {
    const everyConsignee = { pageSize: 300, pageNo: 1 };
    const defaults = async (server: ReferenceServer) =>
      idsOf(listOf(await postListed(server, 'consignee-list', everyConsignee)).filter((consignee) => consignee.isDefault === 1));
    for (const server of [clean, faulty]) {
      expect(await defaults(server)).toEqual([1]);
      expect(dataOf(await postListed(server, 'consignee-edit', { ...CONSIGNEE_EDIT, isDefault: 1 }))).toEqual({ id: 3 });
    }
    expect(await defaults(clean)).toEqual([3]);
    expect(await defaults(faulty)).toEqual([3, 1]);
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: 1 }))).toMatchObject({ id: 1, isDefault: 0 });
    const edited = listOf(await postListed(clean, 'consignee-list', everyConsignee)).find((consignee) => consignee.id === 3);
    expect(listOf(await postListed(faulty, 'consignee-list', everyConsignee)).find((consignee) => consignee.id === 3)).toEqual(edited);
  },
};

describe('the red team faults of faults/records/sequences.ts', () => {
  demonstrated(sequenceFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
