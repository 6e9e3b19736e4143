/**
 * Each red-team fault of test/mutation-set/faults/text/request-text.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { requestTextFaults } from '../../../mutation-set/faults/text/request-text.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callWithText, dataOf, type Headers, type Json, listOf, parsed, type Reply, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, documentedHeaders } from '../../../support/sample-bodies.js';

import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

/** The text fields of an order a create answers, blanked out: what is left is what the text cannot change. */
const TEXT_FIELDS = ['soCaName', 'soCiaName', 'soCaProvince', 'soCaCity', 'soCaStreet', 'soCiaProvince', 'soCiaCity', 'soCiaStreet', 'soNote'];

const textless = (order: Json): Json => timeless({ ...order, ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) });

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postText = (server: ReferenceServer, path: string, body: string, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  callWithText(server, 'POST', path, body, headers);

/** The text as PHP's json_encode, Python's json.dumps and .NET's System.Text.Json write it by default: every character beyond ASCII as \uXXXX. */
const asciiEscaped = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Every string in a value read back as each of its UTF-8 bytes a character of its own. */
function bytesAsCharacters(value: unknown): unknown {
  if (typeof value === 'string') return Buffer.from(value, 'utf8').toString('latin1');
  if (Array.isArray(value)) return value.map(bytesAsCharacters);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, bytesAsCharacters(member)]));
  return value;
}

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

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'request-escapes-kept-as-written': async (clean, faulty) => {
    const path = pathOf('beta-order-create');
    const noted = { ...BETA_ORDER, soNote: '工作日送货\n请先电话' };
    const escaped = asciiEscaped(noted);
    expect(escaped).toContain('"soCaName":"\\u738b\\u6653\\u660e"');
    const before = dataOf(await postText(clean, path, escaped));
    expect([before.soCaName, before.soNote]).toEqual([noted.soCaName, noted.soNote]);
    const after = dataOf(await postText(faulty, path, escaped));
    expect([after.soCaName, after.soCiaName]).toEqual(['\\u738b\\u6653\\u660e', '\\u738b\\u6653\\u660e']);
    expect(after.soNote).toBe('\\u5de5\\u4f5c\\u65e5\\u9001\\u8d27\\n\\u8bf7\\u5148\\u7535\\u8bdd');
    expect(textless(after)).toEqual(textless(before));
    const written = dataOf(await post(faulty, 'beta-order-create', noted));
    expect([written.soCaName, written.soNote]).toEqual([noted.soCaName, '工作日送货\\n请先电话']);
    const [plainBefore, plainAfter] = await Promise.all([clean, faulty].map(async (server) => dataOf(await post(server, 'beta-order-create', BETA_ORDER))));
    expect({ ...timeless(plainAfter!), soId: 'id' }).toEqual({ ...timeless(plainBefore!), soId: 'id' });
  },
  'utf8-bytes-escaped-as-characters': async (clean, faulty) => {
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    const before = parsed(await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    const after = await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID });
    expect(after.body.every((byte) => byte < 0x80)).toBe(true);
    expect(text(after)).toContain('"productCname":"\\u00e4\\u00b8\\u0099\\u00e9\\u0085\\u00ae"');
    const read = parsed(after);
    expect((read.data as Json).productCname).toBe('ä¸\u0099é\u0085®');
    expect(read).toEqual(bytesAsCharacters(before));
    expect(read.message).not.toBe(before.message);
  },
  'request-text-stored-html-escaped': async (clean, faulty) => {
    const marked = { ...ALPHA_ORDER, soCaStreet: 'A&B座', soNote: '发票抬头"杭州博远" & 送货前电话' };
    const before = dataOf(await post(clean, 'alpha-order-create', marked));
    expect([before.soCaStreet, before.soNote]).toEqual([marked.soCaStreet, marked.soNote]);
    const after = dataOf(await post(faulty, 'alpha-order-create', marked));
    expect([after.soCaStreet, after.soNote]).toEqual(['A&amp;B座', '发票抬头&quot;杭州博远&quot; &amp; 送货前电话']);
    expect(timeless({ ...after, soCaStreet: '', soNote: '', soCiaStreet: '' })).toEqual(timeless({ ...before, soCaStreet: '', soNote: '', soCiaStreet: '' }));
    const [listed] = listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([listed!.soId, listed!.soNote]).toEqual([FIRST_CREATED_ID, after.soNote]);
    const plain = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect([plain.soCaStreet, plain.soNote]).toEqual([ALPHA_ORDER.soCaStreet, ALPHA_ORDER.soNote]);
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
};

describe('the red team faults of faults/text/request-text.ts', () => {
  demonstrated(requestTextFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
