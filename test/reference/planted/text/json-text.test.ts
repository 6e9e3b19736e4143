/**
 * Each red-team fault of test/mutation-set/faults/text/json-text.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { jsonTextFaults } from '../../../mutation-set/faults/text/json-text.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, field, type Json, listOf, parsed, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { BETA_ORDER, DEMAND, documentedHeaders } from '../../../support/sample-bodies.js';
import { type HttpReply, sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const distinct = (items: readonly unknown[]): number => new Set(items).size;

const strictUtf8 = (bytes: Buffer): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the second it was placed at (soCtime). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed' });

/** The text as ISO-8859-1 keeps it: each character beyond it a "?". */
const asLatin1 = (value: string): string => Array.from(value, (char) => ((char.codePointAt(0) ?? 0) <= 0xff ? char : '?')).join('');

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'duplicate-created-at-member': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1, cusType: '1' };
    const [before, after] = [await sendByNodeHttp(clean, 'purchase-order-list', asked), await sendByNodeHttp(faulty, 'purchase-order-list', asked)];
    const records = listOf(before).length;
    expect(records).toBeGreaterThan(0);
    expect(before.body.toString('utf8').match(/"createdAt":/g)).toHaveLength(records);
    expect(after.body.toString('utf8').match(/"createdAt":/g)).toHaveLength(2 * records);
    // A parser that keeps the last of two names sees nothing wrong.
    expect(parsed(after)).toEqual(parsed(before));
  },
  'truncated-emoji-lone-surrogate': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const loneAtEnd = (reply: HttpReply) => listOf(reply).filter((record) => /[\uD800-\uDBFF]$/.test(String(record.remark))).length;
    expect(loneAtEnd(await sendByNodeHttp(clean, 'custom-demand-list', asked))).toBe(0);
    const after = await sendByNodeHttp(faulty, 'custom-demand-list', asked);
    expect(loneAtEnd(after)).toBe(10);
    expect(after.body.toString('utf8')).toContain('\\ud83e"');
  },
  'snowflake-order-ids-beyond-double': async (clean, faulty) => {
    const before = await sendByNodeHttp(clean, 'alpha-orders-list', FIRST_PAGE);
    const after = await sendByNodeHttp(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect(after.body.toString('utf8')).toMatch(/"soId":\d{19}[,}]/);
    expect(distinct(listOf(before).map((order) => order.soId))).toBe(10);
    expect(distinct(listOf(after).map((order) => order.soId))).toBeLessThan(10);
  },
  'utf8-bom-before-json': async (clean, faulty) => {
    expect((await sendByNodeHttp(clean, 'custom-demand-delete', { demandId: 7 })).body[0]).toBe(0x7b);
    expect([...(await sendByNodeHttp(faulty, 'custom-demand-delete', { demandId: 7 })).body.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x7b]);
  },
  'cesu8-astral-name': async (clean, faulty) => {
    const before = (await sendByNodeHttp(clean, 'consignee-by-id', { id: 3 })).body;
    expect(() => strictUtf8(before)).not.toThrow();
    const after = (await sendByNodeHttp(faulty, 'consignee-by-id', { id: 3 })).body;
    expect(after.includes(Buffer.from([0xed, 0xa1, 0xb0, 0xed, 0xb0, 0xa9]))).toBe(true);
    expect(() => strictUtf8(after)).toThrow(TypeError);
  },
  'utf8-cut-mid-character': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const names = listOf(await sendByNodeHttp(clean, 'bank-card-list', asked)).map((card) => Buffer.from(String(card.bankName)));
    const after = (await sendByNodeHttp(faulty, 'bank-card-list', asked)).body;
    for (const name of names) expect(after.includes(Buffer.concat([Buffer.from('"bankName":"'), name.subarray(0, 10), Buffer.from('"')]))).toBe(true);
    expect(after.includes(Buffer.concat([Buffer.from('"bankName":"招商银'), Buffer.from([0xe8]), Buffer.from('"')]))).toBe(true);
    expect(() => strictUtf8(after)).toThrow(TypeError);
  },
  'gbk-encoded-json': async (clean, faulty) => {
    const before = await sendByNodeHttp(clean, 'custom-demand-create', DEMAND);
    const after = await sendByNodeHttp(faulty, 'custom-demand-create', DEMAND);
    expect(field(after, 'content-type')).toBe('application/json; charset=GBK');
    expect(after.body.includes(Buffer.from([0xb2, 0xd9, 0xd7, 0xf7, 0xb3, 0xc9, 0xb9, 0xa6]))).toBe(true);
    expect(() => strictUtf8(after.body)).toThrow(TypeError);
    expect(JSON.parse(new TextDecoder('gbk').decode(after.body))).toEqual(parsed(before));
  },
  'remark-read-past-its-end': async (clean, faulty) => {
    for (const id of [200, 199]) {
      const before = dataOf(await post(clean, 'consignee-by-id', { id }));
      const after = await post(faulty, 'consignee-by-id', { id });
      expect(dataOf(after).remark).toBe(`${before.remark as string}\uffff`);
      expect(after.body.includes(Buffer.from([0xef, 0xbf, 0xbf]))).toBe(true);
      expect({ ...dataOf(after), remark: before.remark }).toEqual(before);
    }
    expect(dataOf(await post(clean, 'consignee-by-id', { id: 199 })).remark).toBe('');
  },
  'json-written-as-iso-8859-1': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 3 };
    const before = await post(clean, 'custom-demand-list', asked);
    const after = await post(faulty, 'custom-demand-list', asked);
    expect(field(after, 'content-type')).toBe('application/json;charset=ISO-8859-1');
    expect(parsed(after).message).toBe('????');
    expect(listOf(after)[0]!.statusText).toBe('???');
    expect(parsed(after)).toEqual(JSON.parse(asLatin1(text(before))));
    expect(parsed(after)).not.toEqual(parsed(before));
  },
  'amounts-from-bigdecimal-of-double': async (clean, faulty) => {
    const before = dataOf(await post(clean, 'beta-order-create', BETA_ORDER));
    const after = text(await post(faulty, 'beta-order-create', BETA_ORDER));
    const [line] = before.items as Json[];
    const amounts = { soTotal: before.soTotal, siPrice: line!.siPrice, siAmount: line!.siAmount, siVamount: line!.siVamount };
    for (const [name, amount] of Object.entries(amounts)) {
      expect(Number.isInteger(amount), name).toBe(false);
      const written = new RegExp(`"${name}":(-?\\d+\\.\\d+)`).exec(after)?.[1];
      expect(written!.length, name).toBeGreaterThan(40);
      expect(Number(written), name).toBe(amount);
    }
    expect(after).toContain(`"siDiscount":${String(line!.siDiscount)},`);
    expect(timeless((JSON.parse(after) as Json).data as Json)).toEqual(timeless(before));
    const refused = { ...BETA_ORDER, items: [] };
    expect(text(await post(faulty, 'beta-order-create', refused))).toBe(text(await post(clean, 'beta-order-create', refused)));
  },
};

describe('the red team faults of faults/text/json-text.ts', () => {
  demonstrated(jsonTextFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
