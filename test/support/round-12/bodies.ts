/** How each fault of red team round 12's JSON text in requests and answers shows, by name. */
import { expect } from 'vitest';
import { dataOf, type Json, listOf, parsed, type Reply, text } from '../raw-http.js';
import { documentedCalls, FIRST_CREATED_ID } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { ALPHA_ORDER, documentedHeaders } from '../sample-bodies.js';
import { ROUND_12_TOKEN } from './token.js';

const { post } = documentedCalls(documentedHeaders(ROUND_12_TOKEN));

/** A created order without what depends on the moment it was placed at, or on how many were placed before it. */
const placeless = (order: Json): Json => ({ ...order, soId: 'id', soNo: 'numbered', soCtime: 'placed' });

/** The buffer the response-logging filter reads the answer back with. */
const READ_BYTES = 1024;

/** Whether some multiple of READ_BYTES falls inside a character of the answer's UTF-8: a continuation byte there. */
const splitsACharacter = (reply: Reply): boolean =>
  Array.from({ length: Math.floor((reply.body.length - 1) / READ_BYTES) }, (_, index) => reply.body[(index + 1) * READ_BYTES]!).some(
    (byte) => (byte & 0xc0) === 0x80,
  );

/** The characters of the text, each with the offset of its first UTF-8 byte. */
function charactersAt(body: string): { char: string; at: number }[] {
  let at = 0;
  return Array.from(body, (char) => {
    const here = { char, at };
    at += Buffer.byteLength(char);
    return here;
  });
}

export const round12BodiesDemonstrations: Readonly<Record<string, Demonstration>> = {
  'order-text-in-compatibility-form': async (clean, faulty) => {
    const fullWidth = { ...ALPHA_ORDER, soNote: '工作日送货，周末请电话联系（前台代收）', soCaStreet: '中关村大街２７号', soCaName: '王晓明' };
    const before = dataOf(await post(clean, 'alpha-order-create', fullWidth));
    expect([before.soId, before.soNote, before.soCaStreet, before.soCiaStreet]).toEqual([
      FIRST_CREATED_ID,
      fullWidth.soNote,
      fullWidth.soCaStreet,
      fullWidth.soCaStreet,
    ]);
    const after = dataOf(await post(faulty, 'alpha-order-create', fullWidth));
    expect([after.soId, after.soNote, after.soCaStreet, after.soCiaStreet]).toEqual([
      FIRST_CREATED_ID,
      '工作日送货,周末请电话联系(前台代收)',
      '中关村大街27号',
      '中关村大街27号',
    ]);
    expect(placeless({ ...after, soNote: '', soCaStreet: '', soCiaStreet: '' })).toEqual(placeless({ ...before, soNote: '', soCaStreet: '', soCiaStreet: '' }));
    const listed = listOf(await post(faulty, 'alpha-orders-list', { pageSize: 1, pageNo: 1 }));
    expect([listed[0]!.soId, listed[0]!.soNote]).toEqual([FIRST_CREATED_ID, '工作日送货,周末请电话联系(前台代收)']);
    const chemistry = { ...ALPHA_ORDER, soNote: '2～8℃冷藏，CuSO₄·5H₂O 另包' };
    expect(dataOf(await post(clean, 'alpha-order-create', chemistry)).soNote).toBe(chemistry.soNote);
    expect(dataOf(await post(faulty, 'alpha-order-create', chemistry)).soNote).toBe('2~8°C冷藏,CuSO4·5H2O 另包');
    const [plainBefore, plainAfter] = await Promise.all([clean, faulty].map(async (server) => dataOf(await post(server, 'alpha-order-create', ALPHA_ORDER))));
    expect([plainBefore!.soNote, plainAfter!.soNote]).toEqual([ALPHA_ORDER.soNote, ALPHA_ORDER.soNote]);
    expect(placeless(plainAfter!)).toEqual(placeless(plainBefore!));
  },
  'answer-decoded-a-kilobyte-at-a-time': async (clean, faulty) => {
    const asked = (pageNo: number) => ({ pageSize: 20, pageNo });
    let split: { pageNo: number; reply: Reply } | undefined;
    let whole = 0;
    for (let pageNo = 1; pageNo <= 10; pageNo += 1) {
      const reply = await post(clean, 'purchase-order-list', asked(pageNo));
      if (!splitsACharacter(reply)) whole += 1;
      else split ??= { pageNo, reply };
    }
    expect(split).toBeDefined();
    expect(whole).toBeGreaterThan(0);
    const { pageNo, reply: cleanReply } = split!;
    const cleanText = text(cleanReply);
    const faultyReply = await post(faulty, 'purchase-order-list', asked(pageNo));
    const faultyText = text(faultyReply);
    expect(faultyText).not.toBe(cleanText);
    expect(faultyText).toContain('\ufffd');
    expect(cleanText).not.toContain('\ufffd');
    // Each character across a multiple of 1,024 bytes, and only those, comes as U+FFFD: two or three, one per piece of it and per byte after the boundary.
    const broken = charactersAt(cleanText).filter(({ char, at }) => {
      const end = at + Buffer.byteLength(char);
      return Math.floor(at / READ_BYTES) !== Math.floor((end - 1) / READ_BYTES);
    });
    expect(broken.length).toBeGreaterThan(0);
    let expected = cleanText;
    for (const { char, at } of [...broken].reverse()) {
      const tail = (at + Buffer.byteLength(char)) % READ_BYTES;
      const index = Buffer.from(cleanText).subarray(0, at).toString('utf8').length;
      expected = `${expected.slice(0, index)}\ufffd${'\ufffd'.repeat(tail)}${expected.slice(index + char.length)}`;
    }
    expect(faultyText).toBe(expected);
    expect(Number(faultyReply.fields.find(([name]) => name.toLowerCase() === 'content-length')?.[1])).toBe(faultyReply.body.length);
    const faultyPage = parsed(faultyReply);
    const cleanPage = parsed(cleanReply);
    expect((faultyPage.data as Json).list).toHaveLength(20);
    expect(faultyPage).not.toEqual(cleanPage);
    const short = { pageSize: 2, pageNo: 1 };
    const shortReply = await post(clean, 'purchase-order-list', short);
    expect(shortReply.body.length).toBeLessThan(READ_BYTES);
    expect(text(await post(faulty, 'purchase-order-list', short))).toBe(text(shortReply));
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
