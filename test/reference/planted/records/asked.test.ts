/**
 * Each red-team fault of test/mutation-set/faults/records/asked.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { seedState } from '../../../../src/reference/seed.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { askedFaults } from '../../../mutation-set/faults/records/asked.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Json, listOf, parsed, postTo, type Reply } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { BETA_ORDER, documentedHeaders } from '../../../support/sample-bodies.js';
import { type HttpReply, sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const distinct = (items: readonly unknown[]): number => new Set(items).size;

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'brand-filter-ignored': async (clean, faulty) => {
    const codes = (reply: HttpReply) => listOf(reply).map((product) => product.code);
    const brandOne = codes(await sendByNodeHttp(clean, 'beta-products-by-brand', { brandId: 1, ...FIRST_PAGE }));
    const brandTwo = await sendByNodeHttp(clean, 'beta-products-by-brand', { brandId: 2, ...FIRST_PAGE });
    const askedTwo = await sendByNodeHttp(faulty, 'beta-products-by-brand', { brandId: 2, ...FIRST_PAGE });
    expect(codes(brandTwo)).not.toEqual(brandOne);
    expect(codes(askedTwo)).toEqual(brandOne);
    expect(dataOf(askedTwo).totalPage as number).toBeGreaterThan(dataOf(brandTwo).totalPage as number);
  },
  'status-zero-read-as-no-filter': async (clean, faulty) => {
    const statuses = (reply: Reply) => distinct(listOf(reply).map((record) => record.status));
    expect(statuses(await post(clean, 'purchase-order-list', { pageSize: 20, status: 0 }))).toBe(1);
    expect(statuses(await post(faulty, 'purchase-order-list', { pageSize: 20, status: 0 }))).toBeGreaterThan(1);
    const one = { pageSize: 20, status: 1 };
    expect(parsed(await post(faulty, 'purchase-order-list', one))).toEqual(parsed(await post(clean, 'purchase-order-list', one)));
  },
  'zero-cid-deletes-every-consignment': async (clean, faulty) => {
    expect(parsed(await post(clean, 'consignment-delete', { cid: 0 })).code).toBe('404');
    expect(parsed(await post(clean, 'consignment-delete', { cid: '12' })).code).toBe('200');
    const after = parsed(await post(faulty, 'consignment-delete', { cid: 0 }));
    expect(after).toMatchObject({ code: '200', data: { id: 1 } });
    for (const cid of ['12', '150', '200']) expect(parsed(await post(faulty, 'consignment-delete', { cid })).code).toBe('404');
  },
  'alpha-orders-list-includes-beta-orders': async (clean, faulty) => {
    const before = await walk(clean, 'alpha-orders-list', { pageSize: 10 });
    expect(before.totalPage).toBe(3);
    const after = await walk(faulty, 'alpha-orders-list', { pageSize: 10 });
    expect(after.totalPage).toBe(4);
    const soIds = after.pages.flat().map((order) => order.soId);
    const betaSoIds = seedState().betaOrders.map((stored) => stored.order.soId);
    expect(soIds.filter((soId) => betaSoIds.includes(soId as number)).sort()).toEqual([...betaSoIds].sort());
    expect(after.pages.flat().filter((order) => !betaSoIds.includes(order.soId as number))).toEqual(before.pages.flat());
    for (const server of [clean, faulty]) expect(dataOf(await post(server, 'beta-order-create', BETA_ORDER)).soId).toBe(FIRST_CREATED_ID);
    expect(listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE))[0]!.soId).not.toBe(FIRST_CREATED_ID);
    const [newest] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect(newest).toMatchObject({ soId: FIRST_CREATED_ID, soCaName: BETA_ORDER.soCaName, soNote: BETA_ORDER.soNote });
    expect(typeof newest!.soCtime).toBe('number');
  },
  'status-or-cus-type-filter': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1, cusType: '2' };
    const before = (await walk(clean, 'purchase-order-list', asked)).pages.flat();
    expect(new Set(before.map((record) => record.status))).toEqual(new Set([1]));
    const after = (await walk(faulty, 'purchase-order-list', asked)).pages.flat();
    expect(new Set(after.map((record) => record.status))).toEqual(new Set([0, 1, 2, 3]));
    expect(after.length).toBeGreaterThan(before.length);
    const listed = new Set(idsOf(after));
    expect(before.every((record) => listed.has(record.id))).toBe(true);
    for (const single of [
      { pageSize: 10, status: 1 },
      { pageSize: 10, cusType: '2' },
    ]) {
      expect(parsed(await post(faulty, 'purchase-order-list', single))).toEqual(parsed(await post(clean, 'purchase-order-list', single)));
    }
  },
  'card-by-id-searches-first-page-only': async (clean, faulty) => {
    expect(idsOf(listOf(await post(faulty, 'bank-card-list', { pageSize: 10, pageNo: 20 })))).toContain(3);
    expect(dataOf(await post(clean, 'bank-card-by-id', { id: 3 })).id).toBe(3);
    const after = parsed(await post(faulty, 'bank-card-by-id', { id: 3 }));
    expect([after.code, after.message]).toEqual(['404', 'id: no bank card has the id 3']);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 180 })).code).toBe('404');
    for (const id of [181, 200, 999_999]) {
      expect(parsed(await post(faulty, 'bank-card-by-id', { id }))).toEqual(parsed(await post(clean, 'bank-card-by-id', { id })));
    }
  },
  'status-filter-replaces-member-condition': async (clean, faulty) => {
    const ofStatus = { pageSize: 10, status: 1 };
    const before = await walk(clean, 'custom-demand-list', ofStatus);
    const after = await walk(faulty, 'custom-demand-list', ofStatus);
    const own = before.pages.flat();
    const listed = after.pages.flat();
    expect(listed).toHaveLength(own.length * 2);
    expect(after.totalPage).toBe(Math.ceil((own.length * 2) / 10));
    const foreign = listed.filter((demand) => (demand.id as number) > 100_000);
    expect(idsOf(listed.slice(foreign.length))).toEqual(idsOf(own));
    expect(foreign.every((demand) => demand.status === 1)).toBe(true);
    const detail = await postTo(faulty, listedPathOf('custom-demand-detail'), { demandId: foreign[0]!.id }, DOCUMENTED_HEADERS);
    expect(parsed(detail).code).toBe('404');
    const unfiltered = { pageSize: 10 };
    expect(parsed(await post(faulty, 'custom-demand-list', unfiltered))).toEqual(parsed(await post(clean, 'custom-demand-list', unfiltered)));
  },
};

describe('the red team faults of faults/records/asked.ts', () => {
  demonstrated(askedFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
