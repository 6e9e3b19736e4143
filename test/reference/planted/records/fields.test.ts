/**
 * Each red-team fault of test/mutation-set/faults/records/fields.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { recordFaults } from '../../../mutation-set/faults/records/fields.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Json, listOf, parsed, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, documentedHeaders } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const distinct = (items: readonly unknown[]): number => new Set(items).size;

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the second it was placed at (soCtime). */
const withoutTime = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** "2026-11-22 10:15:00", China time, as unix seconds. */
const chinaTimeSeconds = (value: unknown): number => Date.parse(`${String(value).replace(' ', 'T')}+08:00`) / 1000;

/** A created order without what depends on the moment it was placed at, or on how many were placed before it. */
const placeless = (order: Json): Json => ({ ...order, soId: 'id', soNo: 'numbered', soCtime: 'placed' });

/** An alpha order line of product A104523, this many packs, for the lab its customer note names. */
const line = (num: string, siCusNote: string) => ({ pCode: 'A104523', num, siCusNote, siSendNote: '' });

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'status-text-frozen-at-creation': async (clean, faulty) => {
    const asked = { pageSize: 20 };
    const before = listOf(await sendByNodeHttp(clean, 'purchase-order-list', asked));
    const after = listOf(await sendByNodeHttp(faulty, 'purchase-order-list', asked));
    const statuses = distinct(after.map((order) => order.status));
    expect(statuses).toBeGreaterThan(1);
    expect(distinct(before.map((order) => order.statusText))).toBe(statuses);
    expect(distinct(after.map((order) => order.statusText))).toBe(1);
  },
  'envelope-wrapped-in-envelope': async (clean, faulty) => {
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    const before = parsed(await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect((before.data as Json).productCname).toBe(CONSIGNMENT.productName);
    const after = parsed(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect({ ...after, data: 'inner' }).toEqual({ ...before, data: 'inner' });
    expect(after.data).toEqual(before);
    const unknown = { cid: 999_999 };
    const refusal = parsed(await post(clean, 'consignment-delete', unknown));
    expect(refusal.code).toBe('404');
    const wrapped = parsed(await post(faulty, 'consignment-delete', unknown));
    expect([wrapped.status, wrapped.code, wrapped.data]).toEqual(['success', '200', refusal]);
  },
  'total-page-written-as-float': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = await post(clean, 'custom-demand-list', asked);
    const after = await post(faulty, 'custom-demand-list', asked);
    expect(text(before)).toContain('"totalPage":5,');
    expect(text(after)).toContain('"totalPage":5.0,');
    // JavaScript cannot tell them apart: the difference is in the text alone.
    expect(parsed(after)).toEqual(parsed(before));
  },
  'order-lines-keyed-by-product-id': async (clean, faulty) => {
    const [line] = dataOf(await post(clean, 'beta-order-create', BETA_ORDER)).items as Json[];
    const after = dataOf(await post(faulty, 'beta-order-create', BETA_ORDER));
    expect(Array.isArray(after.items)).toBe(false);
    expect(after.items).toEqual({ [String(line!.pId)]: line });
  },
  'page-no-null-when-not-asked': async (clean, faulty) => {
    const documented = { pageSize: 10, status: 1, cusType: '1' };
    const before = dataOf(await post(clean, 'purchase-order-list', documented));
    const after = dataOf(await post(faulty, 'purchase-order-list', documented));
    expect([before.pageNo, after.pageNo]).toEqual([1, null]);
    expect(after).toEqual({ ...before, pageNo: null });
    const paged = { ...documented, pageNo: 2 };
    expect(parsed(await post(faulty, 'purchase-order-list', paged))).toEqual(parsed(await post(clean, 'purchase-order-list', paged)));
  },
  'listed-order-time-as-text': async (clean, faulty) => {
    const before = listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    const after = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect(before.every((order) => Number.isInteger(order.soCtime))).toBe(true);
    for (const [index, order] of after.entries()) {
      expect(order.soCtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(Date.parse(`${String(order.soCtime).replace(' ', 'T')}+08:00`) / 1000).toBe(before[index]!.soCtime);
      expect({ ...order, soCtime: before[index]!.soCtime }).toEqual(before[index]);
    }
  },
  'order-line-names-from-lombok-getters': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    const after = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    const [cleanLine] = before.items as Json[];
    const [faultyLine] = after.items as Json[];
    expect(Object.keys(faultyLine!)).toEqual([
      'siPrice',
      'pid',
      'siDiscount',
      'siNum',
      'siAmount',
      'siVamount',
      'pcode',
      'pcnName',
      'plevel',
      'ccas',
      'deliveryTerm',
      'ifCancel',
    ]);
    const { pId, pCode, pCnName, pLevel, cCas, ...rest } = cleanLine!;
    expect(faultyLine).toEqual({ ...rest, pid: pId, pcode: pCode, pcnName: pCnName, plevel: pLevel, ccas: cCas });
    expect(withoutTime({ ...after, items: [] })).toEqual(withoutTime({ ...before, items: [] }));
  },
  'listed-order-time-read-in-utc-session': async (clean, faulty) => {
    const listedAfterCreate = async (server: ReferenceServer) => {
      const created = dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER));
      const listed = listOf(await post(server, 'alpha-orders-list', FIRST_PAGE));
      expect(listed[0]!.soId).toBe(FIRST_CREATED_ID);
      return { placedAt: chinaTimeSeconds(created.soCtime), listed };
    };
    const before = await listedAfterCreate(clean);
    expect(before.listed[0]!.soCtime).toBe(before.placedAt);
    const after = await listedAfterCreate(faulty);
    expect(after.listed[0]!.soCtime).toBe(after.placedAt + 28_800);
    const seeded = (listed: readonly Json[]) => listed.slice(1);
    expect(seeded(after.listed).map((order) => (order.soCtime as number) - 28_800)).toEqual(seeded(before.listed).map((order) => order.soCtime));
    expect(seeded(after.listed).map((order) => ({ ...order, soCtime: 0 }))).toEqual(seeded(before.listed).map((order) => ({ ...order, soCtime: 0 })));
  },
  'jackson-default-typing-in-answers': async (clean, faulty) => {
    const before = parsed(await post(clean, 'bank-card-list', FIRST_PAGE));
    const page = before.data as Json;
    const cards = page.list as Json[];
    expect(cards).toHaveLength(10);
    const after = parsed(await post(faulty, 'bank-card-list', FIRST_PAGE));
    expect(after).toEqual({
      '@class': 'com.otp.common.web.Result',
      ...before,
      data: {
        '@class': 'com.otp.common.web.PageVO',
        ...page,
        list: ['java.util.ArrayList', cards.map((card) => ({ '@class': 'com.otp.member.vo.BankCardVO', ...card }))],
      },
      error: { '@class': 'java.util.HashMap' },
    });
    expect(Object.keys(after)[0]).toBe('@class');
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }))).toEqual(parsed(await post(clean, 'bank-card-by-id', { id: 3 })));
  },
  'repeated-order-line-as-fastjson-ref': async (clean, faulty) => {
    const twoLabs = { ...ALPHA_ORDER, items: [line('2', '一号实验室'), line('3', '库存'), line('2', '二号实验室')] };
    const before = dataOf(await post(clean, 'alpha-order-create', twoLabs));
    const lines = before.items as Json[];
    expect(lines).toHaveLength(3);
    expect(lines[2]).toEqual(lines[0]);
    expect(lines[1]).not.toEqual(lines[0]);
    const after = dataOf(await post(faulty, 'alpha-order-create', twoLabs));
    expect(after.items).toEqual([lines[0], lines[1], { $ref: '$.data.items[0]' }]);
    expect(placeless({ ...after, items: [] })).toEqual(placeless({ ...before, items: [] }));
    const distinct = { ...ALPHA_ORDER, items: [line('2', '一号实验室'), line('3', '二号实验室')] };
    const [distinctBefore, distinctAfter] = await Promise.all(
      [clean, faulty].map(async (server) => dataOf(await post(server, 'alpha-order-create', distinct))),
    );
    expect(placeless(distinctAfter!)).toEqual(placeless(distinctBefore!));
  },
  'csv-bom-in-first-member-name': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 1 };
    const before = parsed(await post(clean, 'beta-products-by-brand', asked));
    const products = (before.data as Json).list as Json[];
    expect(products).toHaveLength(10);
    const reply = await post(faulty, 'beta-products-by-brand', asked);
    const after = parsed(reply);
    const listed = (after.data as Json).list as Json[];
    expect(listed.map((product) => Object.keys(product)[0])).toEqual(products.map(() => '\ufeffcode'));
    expect(listed.every((product) => product.code === undefined)).toBe(true);
    expect(listed.map((product) => product['\ufeffcode'])).toEqual(products.map((product) => product.code));
    expect(listed.map(({ '\ufeffcode': code, ...rest }) => ({ code, ...rest }))).toEqual(products);
    expect(reply.body.includes(Buffer.from([0x22, 0xef, 0xbb, 0xbf, 0x63, 0x6f, 0x64, 0x65, 0x22]))).toBe(true);
    expect({ ...after, data: { ...(after.data as Json), list: [] } }).toEqual({ ...before, data: { ...(before.data as Json), list: [] } });
  },
  'short-page-padded-with-null-records': async (clean, faulty) => {
    const last = { pageSize: 30, pageNo: 7 };
    const before = dataOf(await post(clean, 'bank-card-list', last));
    const cards = before.list as Json[];
    expect([before.totalPage, before.pageNo, cards.length]).toEqual([7, 7, 20]);
    const after = dataOf(await post(faulty, 'bank-card-list', last));
    expect(after).toEqual({ ...before, list: [...cards, ...Array<null>(10).fill(null)] });
    const past = { pageSize: 10, pageNo: 21 };
    const beyond = dataOf(await post(clean, 'bank-card-list', past));
    expect(beyond.list).toEqual([]);
    expect(dataOf(await post(faulty, 'bank-card-list', past))).toEqual({ ...beyond, list: Array<null>(10).fill(null) });
    for (const full of [
      { pageSize: 10, pageNo: 1 },
      { pageSize: 30, pageNo: 6 },
      { pageSize: 20, pageNo: 10 },
    ]) {
      expect(parsed(await post(faulty, 'bank-card-list', full)), JSON.stringify(full)).toEqual(parsed(await post(clean, 'bank-card-list', full)));
    }
  },
};

describe('the red team faults of faults/records/fields.ts', () => {
  demonstrated(recordFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
