/**
 * Each fault of red team round 10 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { createHash } from 'node:crypto';
import { describe, expect } from 'vitest';
import { gbkBytes } from '../mutation-set/faults/_internals/encodings.js';
import { listedPathOf } from '../mutation-set/faults/_internals/struck.js';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import type { ReferenceServer } from '../../src/reference/server.js';
import {
  callTo,
  callWithText,
  converse,
  dataOf,
  field,
  firstHead,
  type Headers,
  type Json,
  listOf,
  parsed,
  postTo,
  type Reply,
  text,
} from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNEE_EDIT, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-10';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const serve = redTeamServers(TOKEN);
const { post, walk } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

/** The text fields of an order a create answers, blanked out: what is left is what the text cannot change. */
const TEXT_FIELDS = ['soCaName', 'soCiaName', 'soCaProvince', 'soCaCity', 'soCaStreet', 'soCiaProvince', 'soCiaCity', 'soCiaStreet', 'soNote'];
const textless = (order: Json): Json => timeless({ ...order, ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, ''])) });

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** A POST whose body is this text exactly, as a client that writes its JSON its own way sends it. */
const postText = (server: ReferenceServer, path: string, body: string, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  callWithText(server, 'POST', path, body, headers);

/** The text as PHP's json_encode, Python's json.dumps and .NET's System.Text.Json write it by default: every character beyond ASCII as \uXXXX. */
const asciiEscaped = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A POST in HTTP/1.0, as nginx's proxy_pass sends it by default. */
function http10Post(path: string, payload: unknown): string {
  const body = JSON.stringify(payload);
  const head = [
    `POST ${path} HTTP/1.0`,
    'Host: 127.0.0.1',
    'content-type: application/json',
    `authorization: bearer${TOKEN}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return [...head, '', body].join('\r\n');
}

const sha256 = (bytes: Buffer): string => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;

/** Milliseconds the call takes, and its answer. */
async function timed(call: Promise<Reply>): Promise<{ readonly ms: number; readonly reply: Reply }> {
  const started = performance.now();
  const reply = await call;
  return { ms: performance.now() - started, reply };
}

/** What the operation map publishes a purchase order with (4.1 "Purchase order: publish"). */
const PURCHASE_ORDER = { cusType: '1', hasCas: 1, cas: '75-05-8', productName: '乙腈', level: 'HPLC', nums: 10, pack: '4L', price: 420 };

/** A mobile that V8's /^(\d+)+$/ spends its longest on: 31 digits that do not reach the end. */
const BACKTRACKING_MOBILE = `${'1'.repeat(31)}x`;

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'hsts-sent-over-cleartext': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-delete', { demandId: 12 });
    expect(field(before, 'strict-transport-security')).toBeUndefined();
    const after = await post(faulty, 'custom-demand-delete', { demandId: 12 });
    expect(field(after, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(parsed(after)).toEqual(parsed(before));
    const refused = await post(faulty, 'custom-demand-delete', { demandId: 12 }, UNTOKENED);
    expect([parsed(refused).code, field(refused, 'strict-transport-security')]).toEqual(['401', 'max-age=31536000; includeSubDomains']);
    const otherMethod = await callTo(faulty, 'GET', pathOf('custom-demand-delete'), undefined, DOCUMENTED_HEADERS);
    expect([parsed(otherMethod).code, field(otherMethod, 'strict-transport-security')]).toEqual(['405', 'max-age=31536000; includeSubDomains']);
    expect(field(await post(faulty, 'custom-demand-list', FIRST_PAGE), 'strict-transport-security')).toBeUndefined();
  },
  'content-digest-of-platform-charset-bytes': async (clean, faulty) => {
    const brandPage = { brandId: 1, pageSize: 10, pageNo: 1 };
    const before = await post(clean, 'beta-products-by-brand', brandPage);
    expect(field(before, 'content-digest')).toBeUndefined();
    const after = await post(faulty, 'beta-products-by-brand', brandPage);
    expect(parsed(after)).toEqual(parsed(before));
    const digest = field(after, 'content-digest');
    expect(digest).toMatch(/^sha-256=:[A-Za-z0-9+/]{43}=:$/);
    expect(digest).not.toBe(sha256(after.body));
    expect(digest).toBe(sha256(gbkBytes(text(after))));
    const refused = await post(faulty, 'beta-products-by-brand', { ...brandPage, brandId: '1' });
    expect(parsed(refused).message).toBe('brandId: must be an integer');
    expect(field(refused, 'content-digest')).toBe(sha256(refused.body));
  },
  'http-1-0-refused-426-without-upgrade': async (clean, faulty) => {
    const placed = firstHead(await converse(clean, http10Post(pathOf('alpha-order-create'), ALPHA_ORDER)));
    expect(placed.head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect((JSON.parse(placed.rest) as Json).data).toMatchObject({ soId: FIRST_CREATED_ID, soCaName: ALPHA_ORDER.soCaName });
    const refused = await converse(faulty, http10Post(pathOf('alpha-order-create'), ALPHA_ORDER));
    const { head, rest } = firstHead(refused);
    const [statusLine, ...lines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 426 Upgrade Required');
    const names = lines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(names).not.toContain('upgrade');
    expect(lines).toContain('content-length: 0');
    expect([rest, refused.closedByServer]).toEqual(['', true]);
    expect(listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE))[0]!.soId).not.toBe(FIRST_CREATED_ID);
    const placedIn11 = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect(placedIn11.soId).toBe(FIRST_CREATED_ID);
  },
  'unbindable-body-answered-as-problem-details': async (clean, faulty) => {
    const path = pathOf('consignment-publish');
    for (const body of ['{"id":0,', JSON.stringify({ ...CONSIGNMENT, hasCas: 'yes' }), JSON.stringify({ ...CONSIGNMENT, price: '96.5元' }), '[]']) {
      const before = await postText(clean, path, body);
      expect([before.status, parsed(before).code], body).toEqual([200, '400']);
      const after = await postText(faulty, path, body);
      expect([after.status, field(after, 'content-type')], body).toEqual([400, 'application/problem+json']);
      expect(parsed(after)).toEqual({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Failed to read request', instance: path });
    }
    const { cas: _cas, ...withoutCas } = CONSIGNMENT;
    const missing = await post(faulty, 'consignment-publish', withoutCas);
    expect([missing.status, parsed(missing)]).toEqual([200, parsed(await post(clean, 'consignment-publish', withoutCas))]);
    const published = await post(faulty, 'consignment-publish', { ...CONSIGNMENT, price: '96.5' });
    expect([published.status, parsed(published).code]).toEqual([200, '200']);
  },
  'multi-line-request-body-refused': async (clean, faulty) => {
    const path = pathOf('custom-demand-create');
    for (const body of [JSON.stringify(DEMAND, null, 2), `${JSON.stringify(DEMAND)}\n`, ` ${JSON.stringify(DEMAND)}`]) {
      expect(parsed(await postText(clean, path, body)).code, body).toBe('200');
      const refused = parsed(await postText(faulty, path, body));
      expect([refused.code, refused.message], body).toEqual(['400', 'Request body is not valid JSON.']);
    }
    expect(listOf(await post(faulty, 'custom-demand-list', FIRST_PAGE))[0]!.id).not.toBe(FIRST_CREATED_ID);
    expect(parsed(await postText(faulty, path, JSON.stringify(DEMAND))).code).toBe('200');
    const [created] = listOf(await post(faulty, 'custom-demand-list', FIRST_PAGE));
    expect([created!.id, created!.productCas]).toEqual([FIRST_CREATED_ID, DEMAND.cas]);
  },
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
  'whole-number-with-fraction-refused': async (clean, faulty) => {
    const path = pathOf('bank-card-list');
    const page = parsed(await post(clean, 'bank-card-list', FIRST_PAGE));
    for (const [body, number] of [
      ['{"pageSize":10.0,"pageNo":1}', '10.0'],
      ['{"pageSize":1e1,"pageNo":1}', '1e1'],
    ] as const) {
      expect(parsed(await postText(clean, path, body)), body).toEqual(page);
      const refused = parsed(await postText(faulty, path, body));
      expect([refused.code, refused.message], body).toEqual([
        '400',
        `json: cannot unmarshal number ${number} into Go struct field ListRequest.pageSize of type int`,
      ]);
    }
    expect(parsed(await postText(faulty, path, '{"pageSize":10,"pageNo":1.0}')).message).toContain('number 1.0 into Go struct field ListRequest.pageNo');
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(page);
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
  'total-page-and-page-no-swapped': async (clean, faulty) => {
    const first = dataOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    expect([first.totalPage, first.pageNo]).toEqual([3, 1]);
    const swapped = dataOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE));
    expect([swapped.totalPage, swapped.pageNo, swapped.list]).toEqual([1, 3, first.list]);
    const second = { ...FIRST_PAGE, pageNo: 2 };
    expect(dataOf(await post(faulty, 'alpha-orders-list', second))).toMatchObject({ totalPage: 2, pageNo: 3 });
    const last = { ...FIRST_PAGE, pageNo: 3 };
    expect(parsed(await post(faulty, 'alpha-orders-list', last))).toEqual(parsed(await post(clean, 'alpha-orders-list', last)));
    const refused = { pageSize: 10 };
    expect(parsed(await post(faulty, 'alpha-orders-list', refused))).toEqual(parsed(await post(clean, 'alpha-orders-list', refused)));
  },
  'list-capped-at-newest-200': async (clean, faulty) => {
    const asked = { pageSize: 10 };
    expect(await walk(faulty, 'custom-demand-list', asked)).toEqual(await walk(clean, 'custom-demand-list', asked));
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    const before = await walk(clean, 'custom-demand-list', asked);
    expect([before.totalPage, before.pages.flat().length]).toEqual([21, 201]);
    const after = await walk(faulty, 'custom-demand-list', asked);
    expect([after.totalPage, after.pages.flat().length]).toEqual([20, 200]);
    expect(idsOf(after.pages.flat())).toEqual(idsOf(before.pages.flat()).filter((id) => id !== 1));
    const detail = await postTo(faulty, listedPathOf('custom-demand-detail'), { demandId: 1 }, DOCUMENTED_HEADERS);
    expect(dataOf(detail).id).toBe(1);
    const ofItsStatus = { pageSize: 1000, status: dataOf(detail).status };
    expect(idsOf(listOf(await post(faulty, 'custom-demand-list', ofItsStatus)))).not.toContain(1);
    expect(idsOf(listOf(await post(clean, 'custom-demand-list', ofItsStatus)))).toContain(1);
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 1 })).code).toBe('200');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: FIRST_CREATED_ID })).code).toBe('200');
    expect((await walk(faulty, 'custom-demand-list', asked)).pages.flat()).toHaveLength(199);
  },
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
  'consignee-edit-inserts-a-copy': async (clean, faulty) => {
    const edit = (server: ReferenceServer) => postTo(server, listedPathOf('consignee-edit'), CONSIGNEE_EDIT, DOCUMENTED_HEADERS);
    const original = dataOf(await post(clean, 'consignee-by-id', { id: 3 }));
    expect(dataOf(await edit(clean))).toEqual({ id: 3 });
    expect(dataOf(await post(clean, 'consignee-by-id', { id: 3 }))).toMatchObject({
      consigneeName: CONSIGNEE_EDIT.consigneeName,
      address: CONSIGNEE_EDIT.address,
    });
    expect(dataOf(await edit(faulty))).toEqual({ id: FIRST_CREATED_ID });
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: 3 }))).toEqual(original);
    const { id: _id, ...fields } = CONSIGNEE_EDIT;
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: FIRST_CREATED_ID }))).toEqual({ id: FIRST_CREATED_ID, ...fields, createdAt: null });
    expect(dataOf(await edit(faulty))).toEqual({ id: FIRST_CREATED_ID + 1 });
  },
  'register-overwrites-existing-member': async (clean, faulty) => {
    const register = (server: ReferenceServer, password: string) =>
      postTo(server, listedPathOf('account-register'), { mobile: server.credentials.mobile, password, code: '246810' }, UNTOKENED);
    const getToken = (server: ReferenceServer, password: string) =>
      postTo(server, listedPathOf('token-get'), { mobile: server.credentials.mobile, password }, UNTOKENED);
    const refused = parsed(await register(clean, 'Taken#2026'));
    expect([refused.code, refused.message]).toEqual(['400', 'mobile: is already registered']);
    expect(parsed(await getToken(clean, 'Taken#2026')).code).toBe('401');
    expect(dataOf(await getToken(faulty, faulty.credentials.password))).toEqual({ token: TOKEN, expiresIn: 7200 });
    const overwritten = parsed(await register(faulty, 'Taken#2026'));
    expect([overwritten.code, typeof (overwritten.data as Json).id]).toEqual(['200', 'number']);
    expect(dataOf(await getToken(faulty, 'Taken#2026'))).toEqual({ token: TOKEN, expiresIn: 7200 });
    expect(parsed(await getToken(faulty, faulty.credentials.password))).toEqual(parsed(await getToken(clean, 'Taken#2026')));
    const newcomer = { mobile: '15901234567', password: 'Reagent#2026', code: '246810' };
    const registers = (server: ReferenceServer) => postTo(server, listedPathOf('account-register'), newcomer, UNTOKENED);
    expect(parsed(await registers(faulty))).toEqual(parsed(await registers(clean)));
  },
  'duplicate-id-checked-first-read-last': async (clean, faulty) => {
    const path = pathOf('bank-card-by-id');
    const twice = '{"id":3,"id":100003}';
    const before = parsed(await postText(clean, path, twice));
    expect([before.code, before.message]).toEqual(['404', 'id: no bank card has the id 100003']);
    const after = parsed(await postText(faulty, path, twice));
    expect(after.code).toBe('200');
    const card = after.data as Json;
    expect(card.id).toBe(100_003);
    const own = await walk(clean, 'bank-card-list', { pageSize: 50 });
    expect(own.pages.flat().map((listed) => listed.accountName)).not.toContain(card.consigneeName);
    expect(card.mobile).toMatch(/^1\d{10}$/);
    expect(parsed(await postText(faulty, path, '{"id":100003}'))).toEqual(parsed(await postText(clean, path, '{"id":100003}')));
    expect(parsed(await postText(faulty, path, '{"id":100003,"id":3}'))).toEqual(parsed(await postText(clean, path, '{"id":100003,"id":3}')));
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }))).toEqual(parsed(await post(clean, 'bank-card-by-id', { id: 3 })));
  },
  'options-preflight-skips-authentication': async (clean, faulty) => {
    const path = pathOf('consignee-delete');
    expect(parsed(await callTo(clean, 'OPTIONS', path, { id: 3 }, UNTOKENED)).code).toBe('405');
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('200');
    const deleted = parsed(await callTo(faulty, 'OPTIONS', path, { id: 3 }, UNTOKENED));
    expect([deleted.code, deleted.data]).toEqual(['200', {}]);
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 4 }, UNTOKENED)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 4 })).code).toBe('200');
  },
  'mobile-pattern-backtracks': async (clean, faulty) => {
    const probe = { mobile: BACKTRACKING_MOBILE, source: 1 };
    const before = await timed(post(clean, 'send-code', probe));
    expect(parsed(before.reply).code).toBe('400');
    expect(before.ms).toBeLessThan(1000);
    const started = performance.now();
    const stalling = timed(post(faulty, 'send-code', probe));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const behind = await post(faulty, 'bank-card-by-id', { id: 3 });
    const behindAnsweredAt = performance.now() - started;
    const after = await stalling;
    expect(parsed(after.reply)).toEqual(parsed(before.reply));
    expect(after.ms).toBeGreaterThanOrEqual(1900);
    expect(behindAnsweredAt).toBeGreaterThanOrEqual(1900);
    expect(dataOf(behind).id).toBe(3);
    const quick = await timed(post(faulty, 'send-code', { mobile: '13812345678', source: 1 }));
    expect([parsed(quick.reply).code, quick.ms < 1000]).toEqual(['200', true]);
  },
};

describe('red team round 10', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 10),
    demonstrations,
    serve,
  );
});
