/**
 * Each fault of red team round 9 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { request } from 'node:http';
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { listedPathOf } from '../mutation-set/faults/_internals/struck.js';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import type { ReferenceServer } from '../../src/reference/server.js';
import { callTo, converse, dataOf, field, type Headers, type Json, listOf, parsed, postTo, type Reply, requestText, text } from '../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../support/red-team-calls.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-9';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
const serve = redTeamServers(TOKEN);
const { post, walk } = documentedCalls(DOCUMENTED_HEADERS);

/** A created order without what depends on the moment it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: 'numbered' });

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** A POST whose body node:http sends in the chunked coding, as it does when no Content-Length is given. */
function postChunked(server: ReferenceServer, path: string, payload: unknown, headers: Headers): Promise<Reply> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'POST', agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (data: Buffer) => chunks.push(data));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, fields: [], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(JSON.stringify(payload));
    req.end();
  });
}

interface WireAnswer {
  readonly statusLine: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The answers of a conversation one after another, each framed by its Content-Length. */
function answersIn(conversation: string): WireAnswer[] {
  const bytes = Buffer.from(conversation, 'utf8');
  const answers: WireAnswer[] = [];
  for (let at = 0; at < bytes.length;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    const [statusLine = '', ...lines] = bytes.subarray(at, headEnd).toString('latin1').split('\r\n');
    const fields = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(fields['content-length']);
    answers.push({ statusLine, fields, body: bytes.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    at = headEnd + 4 + length;
  }
  return answers;
}

const wireCall = (operationId: string, payload: unknown, headers: Headers = DOCUMENTED_HEADERS): string =>
  requestText('POST', pathOf(operationId), headers, JSON.stringify(payload));

const bodyOf = (answer: WireAnswer): Json => JSON.parse(answer.body) as Json;

/** Every string in a value read back as each of its UTF-8 bytes a character of its own. */
function bytesAsCharacters(value: unknown): unknown {
  if (typeof value === 'string') return Buffer.from(value, 'utf8').toString('latin1');
  if (Array.isArray(value)) return value.map(bytesAsCharacters);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, bytesAsCharacters(member)]));
  return value;
}

/** The purchase order list as #4 documents it: no pageNo, the filters null. */
const PURCHASE_ORDERS = { status: null, cusType: null };

/** What the operation map publishes a purchase order with (4.1 "Purchase order: publish"). */
const PURCHASE_ORDER = { cusType: '1', hasCas: 1, cas: '75-05-8', productName: '乙腈', level: 'HPLC', nums: 10, pack: '4L', price: 420 };

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'chunked-request-body-read-as-empty': async (clean, faulty) => {
    const path = pathOf('consignment-publish');
    expect(parsed(await postChunked(clean, path, CONSIGNMENT, DOCUMENTED_HEADERS)).code).toBe('200');
    expect(dataOf(await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID })).productCname).toBe(CONSIGNMENT.productName);
    const refused = parsed(await postChunked(faulty, path, CONSIGNMENT, DOCUMENTED_HEADERS));
    expect([refused.code, refused.message]).toEqual(['400', 'Request body is not valid JSON.']);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    expect(dataOf(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID })).productCname).toBe(CONSIGNMENT.productName);
  },
  'refusal-leaves-request-body-unread': async (clean, faulty) => {
    const requests = wireCall('custom-demand-delete', { demandId: 12 }, UNTOKENED) + wireCall('bank-card-by-id', { id: 3 });
    const before = await converse(clean, requests);
    const [refusal, card] = answersIn(before.text);
    expect(bodyOf(refusal!).code).toBe('401');
    expect((bodyOf(card!).data as Json).id).toBe(3);
    const after = await converse(faulty, requests);
    const [sameRefusal, broken, ...none] = answersIn(after.text);
    expect(bodyOf(sameRefusal!)).toEqual(bodyOf(refusal!));
    expect(broken!.statusLine).toBe(`HTTP/1.1 501 Unsupported method ('{"demandId":12}POST')`);
    expect(broken!.body).toContain('<p>Error code: 501</p>');
    expect([broken!.fields.connection, none]).toEqual(['close', []]);
    expect(after.closedByServer).toBe(true);
    const spaced = requestText('POST', pathOf('custom-demand-delete'), UNTOKENED, '{"demandId": 12}') + wireCall('bank-card-by-id', { id: 3 });
    const [, syntax] = answersIn((await converse(faulty, spaced)).text);
    expect(syntax!.statusLine).toBe(`HTTP/1.1 400 Bad request syntax ('{"demandId": 12}POST ${pathOf('bank-card-by-id')} HTTP/1.1')`);
    const bodiless = requestText('POST', pathOf('custom-demand-delete'), UNTOKENED) + wireCall('bank-card-by-id', { id: 3 });
    expect(answersIn((await converse(faulty, bodiless)).text).map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 })).code).toBe('200');
  },
  'pipelined-answers-in-completion-order': async (clean, faulty) => {
    const requests = wireCall('send-code', { mobile: '13812345678', source: 1 }) + wireCall('bank-card-by-id', { id: 3 });
    const before = await converse(clean, requests);
    const [code, card] = answersIn(before.text).map(bodyOf);
    expect([code!.data, (card!.data as Json).id]).toEqual([{}, 3]);
    expect(before.closedByServer).toBe(false);
    const after = await converse(faulty, requests);
    const answers = answersIn(after.text);
    expect(answers.map(bodyOf)).toEqual([card, code]);
    expect(answers[1]!.fields.connection).toBe('close');
    expect(after.closedByServer).toBe(true);
    const cardFirst = wireCall('bank-card-by-id', { id: 3 }) + wireCall('send-code', { mobile: '13812345678', source: 1 });
    expect(answersIn((await converse(faulty, cardFirst)).text).map(bodyOf)).toEqual([card, code]);
    expect(parsed(await post(faulty, 'send-code', { mobile: '13812345678', source: 1 }))).toEqual(code);
  },
  'byte-range-served-for-post': async (clean, faulty) => {
    const ranged = { ...DOCUMENTED_HEADERS, range: 'bytes=0-99' };
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE, ranged);
    expect([before.status, field(before, 'content-range')]).toEqual([200, undefined]);
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE, ranged);
    expect(after.status).toBe(206);
    expect(field(after, 'content-range')).toBe(`bytes 0-99/${before.body.length}`);
    expect(after.body).toEqual(before.body.subarray(0, 100));
    const past = await post(faulty, 'alpha-orders-list', FIRST_PAGE, { ...DOCUMENTED_HEADERS, range: `bytes=${before.body.length}-` });
    expect([past.status, field(past, 'content-range')]).toEqual([416, `bytes */${before.body.length}`]);
    const whole = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect([whole.status, parsed(whole)]).toEqual([200, parsed(before)]);
  },
  'max-age-written-as-quoted-string': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(field(before, 'cache-control')).toBeUndefined();
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(field(after, 'cache-control')).toBe('private, max-age="60"');
    expect(parsed(after)).toEqual(parsed(before));
  },
  'json-behind-hijacking-prefix': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-by-id', { id: 3 });
    const after = text(await post(faulty, 'bank-card-by-id', { id: 3 }));
    expect(after.startsWith(")]}', {")).toBe(true);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.slice(6))).toEqual(parsed(before));
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
  'gzip-stream-never-finished': async (clean, faulty) => {
    const gzip = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip' };
    const before = await post(clean, 'purchase-order-list', FIRST_PAGE, gzip);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'purchase-order-list', FIRST_PAGE, gzip);
    expect(field(after, 'content-encoding')).toBe('gzip');
    expect([...after.body.subarray(-4)]).toEqual([0x00, 0x00, 0xff, 0xff]);
    expect(() => gunzipSync(after.body)).toThrow(/unexpected end of file/);
    expect(JSON.parse(gunzipSync(after.body, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'purchase-order-list', FIRST_PAGE);
    expect([field(plain, 'content-encoding'), parsed(plain)]).toEqual([undefined, parsed(before)]);
  },
  'json-followed-by-nul-terminator': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-create', DEMAND);
    const after = await post(faulty, 'custom-demand-create', DEMAND);
    expect(after.body.at(-1)).toBe(0);
    expect(field(after, 'content-length')).toBe(String(before.body.length + 1));
    expect(() => JSON.parse(text(after))).toThrow(SyntaxError);
    expect(after.body.subarray(0, -1)).toEqual(before.body);
  },
  'page-cached-without-its-size': async (clean, faulty) => {
    const small = { ...PURCHASE_ORDERS, pageSize: 10 };
    const large = { ...PURCHASE_ORDERS, pageSize: 50 };
    const smallPage = parsed(await post(clean, 'purchase-order-list', small));
    const largePage = dataOf(await post(clean, 'purchase-order-list', large));
    expect([largePage.totalPage, (largePage.list as Json[]).length]).toEqual([4, 50]);
    expect(parsed(await post(faulty, 'purchase-order-list', small))).toEqual(smallPage);
    expect(parsed(await post(faulty, 'purchase-order-list', large))).toEqual(smallPage);
    const otherPage = { ...large, pageNo: 2 };
    expect(parsed(await post(faulty, 'purchase-order-list', otherPage))).toEqual(parsed(await post(clean, 'purchase-order-list', otherPage)));
    for (const server of [clean, faulty])
      expect(parsed(await postTo(server, listedPathOf('purchase-order-publish'), PURCHASE_ORDER, DOCUMENTED_HEADERS)).code).toBe('200');
    const published = parsed(await post(clean, 'purchase-order-list', large));
    expect(parsed(await post(faulty, 'purchase-order-list', large))).toEqual(published);
    expect(parsed(await post(faulty, 'purchase-order-list', small))).toEqual(published);
  },
  'listed-ids-are-row-numbers': async (clean, faulty) => {
    const before = await walk(clean, 'bank-card-list', { pageSize: 10 });
    const after = await walk(faulty, 'bank-card-list', { pageSize: 10 });
    expect(after.totalPage).toBe(before.totalPage);
    expect(idsOf(before.pages[0]!)).toEqual([200, 199, 198, 197, 196, 195, 194, 193, 192, 191]);
    expect(idsOf(after.pages[0]!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(idsOf(after.pages[1]!)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(after.pages.flat().map((card) => ({ ...card, id: 0 }))).toEqual(before.pages.flat().map((card) => ({ ...card, id: 0 })));
    const [first] = after.pages[0]!;
    const lookedUp = dataOf(await post(faulty, 'bank-card-by-id', { id: first!.id }));
    expect(lookedUp.id).toBe(1);
    expect(lookedUp.consigneeName).not.toBe(first!.accountName);
    expect(dataOf(await post(faulty, 'bank-card-by-id', { id: 200 })).consigneeName).toBe(first!.accountName);
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
  'renewed-token-never-accepted': async (clean, faulty) => {
    const getToken = async (server: ReferenceServer) => dataOf(await postTo(server, listedPathOf('token-get'), server.credentials, UNTOKENED));
    for (const server of [clean, faulty]) expect(await getToken(server)).toEqual({ token: TOKEN, expiresIn: 7200 });
    expect(await getToken(clean)).toEqual({ token: TOKEN, expiresIn: 7200 });
    const renewed = await getToken(faulty);
    expect(renewed.token).toMatch(/^[0-9a-f]{32}$/);
    expect(renewed.expiresIn).toBe(7200);
    const withRenewed = { ...DOCUMENTED_HEADERS, authorization: `bearer${String(renewed.token)}` };
    for (const operationId of ['bank-card-list', 'alpha-orders-list']) {
      expect(parsed(await post(faulty, operationId, FIRST_PAGE, withRenewed)).code, operationId).toBe('401');
      expect(parsed(await post(faulty, operationId, FIRST_PAGE)).code, operationId).toBe('200');
    }
    expect((await getToken(faulty)).token).not.toBe(renewed.token);
  },
  'cors-grants-any-origin-credentials': async (clean, faulty) => {
    const path = pathOf('alpha-orders-list');
    const fromElsewhere = { ...DOCUMENTED_HEADERS, origin: 'https://evil.example' };
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE, fromElsewhere);
    expect(field(before, 'access-control-allow-origin')).toBeUndefined();
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE, fromElsewhere);
    expect([field(after, 'access-control-allow-origin'), field(after, 'access-control-allow-credentials')]).toEqual(['https://evil.example', 'true']);
    expect(parsed(after)).toEqual(parsed(before));
    const preflight = { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' };
    expect(parsed(await callTo(clean, 'OPTIONS', path, undefined, preflight)).code).toBe('405');
    const granted = await callTo(faulty, 'OPTIONS', path, undefined, preflight);
    expect(granted.status).toBe(200);
    expect(['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-headers'].map((name) => field(granted, name))).toEqual([
      'null',
      'true',
      'authorization,content-type',
    ]);
    expect(field(await post(faulty, 'alpha-orders-list', FIRST_PAGE), 'access-control-allow-origin')).toBeUndefined();
  },
  'login-session-cookie-stands-in-for-token': async (clean, faulty) => {
    const credentials = { mobile: '13812345678', password: 'Reagent#2026' };
    expect(field(await post(clean, 'login', credentials), 'set-cookie')).toBeUndefined();
    const login = await post(faulty, 'login', credentials);
    const cookie = /^(JSESSIONID=[0-9A-F]{32}); Path=\/; HttpOnly$/.exec(field(login, 'set-cookie') ?? '')?.[1];
    expect(cookie).toBeDefined();
    const byCookie = { 'content-type': 'application/json', cookie: cookie! };
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 }, byCookie)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, byCookie)).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(listOf(await post(faulty, 'bank-card-list', FIRST_PAGE, byCookie))).toHaveLength(10);
    const forged = { ...byCookie, cookie: 'JSESSIONID=0123456789ABCDEF0123456789ABCDEF' };
    expect(parsed(await post(faulty, 'consignee-delete', { id: 4 }, forged)).code).toBe('401');
    expect(parsed(await post(faulty, 'login', { mobile: '123', password: '' })).code).toBe('400');
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
};

describe('red team round 9', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 9),
    demonstrations,
    serve,
  );
});
