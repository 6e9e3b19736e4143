/** How each fault of red team round 11's JSON text in requests and answers shows, by name. */
import { expect } from 'vitest';
import type { ReferenceServer } from '../../../src/reference/server.js';
import { callWithText, dataOf, type Json, listOf, parsed, type Reply } from '../raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, documentedHeaders } from '../sample-bodies.js';
import { ROUND_11_TOKEN } from './token.js';

const DOCUMENTED_HEADERS = documentedHeaders(ROUND_11_TOKEN);
const { post } = documentedCalls(DOCUMENTED_HEADERS);

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postText = (server: ReferenceServer, operationId: string, body: string): Promise<Reply> =>
  callWithText(server, 'POST', pathOf(operationId), body, DOCUMENTED_HEADERS);

/** A created order without what depends on the moment it was placed at, or on how many were placed before it. */
const placeless = (order: Json): Json => ({ ...order, soId: 'id', soNo: 'numbered', soCtime: 'placed' });

/** An alpha order line of product A104523, this many packs, for the lab its customer note names. */
const line = (num: string, siCusNote: string) => ({ pCode: 'A104523', num, siCusNote, siSendNote: '' });

export const round11BodiesDemonstrations: Readonly<Record<string, Demonstration>> = {
  'page-fields-read-in-sample-order': async (clean, faulty) => {
    const sorted = '{"pageNo":2,"pageSize":10}';
    const asked = dataOf(await postText(clean, 'alpha-orders-list', sorted));
    expect([asked.pageNo, asked.totalPage, (asked.list as Json[]).length]).toEqual([2, 3, 10]);
    const firstPage = listOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    const misread = dataOf(await postText(faulty, 'alpha-orders-list', sorted));
    expect(misread).toEqual({ totalPage: 15, pageNo: 1, list: firstPage.slice(0, 2) });
    const one = dataOf(await postText(faulty, 'alpha-orders-list', '{"pageNo":1,"pageSize":10}'));
    expect([one.pageNo, one.totalPage, one.list]).toEqual([1, 30, firstPage.slice(0, 1)]);
    for (const documented of ['{"pageSize":10,"pageNo":2}', '{"pageSize": 10, "pageNo": 2}', JSON.stringify({ pageSize: 10, pageNo: 2 }, null, 2)]) {
      expect(parsed(await postText(faulty, 'alpha-orders-list', documented)), documented).toEqual(
        parsed(await postText(clean, 'alpha-orders-list', documented)),
      );
    }
  },
  'json-body-url-decoded': async (clean, faulty) => {
    const plus = { ...BETA_ORDER, soNote: '干冰+冷链运输' };
    const before = dataOf(await post(clean, 'beta-order-create', plus));
    expect([before.soId, before.soNote]).toEqual([FIRST_CREATED_ID, '干冰+冷链运输']);
    const after = dataOf(await post(faulty, 'beta-order-create', plus));
    expect([after.soId, after.soNote]).toEqual([FIRST_CREATED_ID, '干冰 冷链运输']);
    expect(placeless({ ...after, soNote: '' })).toEqual(placeless({ ...before, soNote: '' }));
    const percent = { ...BETA_ORDER, soNote: '纯度≥99.5%请附COA' };
    const accepted = parsed(await post(clean, 'beta-order-create', percent));
    expect([accepted.code, (accepted.data as Json).soNote]).toEqual(['200', percent.soNote]);
    const refused = parsed(await post(faulty, 'beta-order-create', percent));
    expect([refused.code, refused.message, refused.data]).toEqual(['400', 'Request body is not valid JSON.', {}]);
    const plainBefore = dataOf(await post(clean, 'beta-order-create', BETA_ORDER));
    const plainAfter = dataOf(await post(faulty, 'beta-order-create', BETA_ORDER));
    expect([plainBefore.soId, plainAfter.soId]).toEqual([FIRST_CREATED_ID + 2, FIRST_CREATED_ID + 1]);
    expect(placeless(plainAfter)).toEqual(placeless(plainBefore));
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
};
