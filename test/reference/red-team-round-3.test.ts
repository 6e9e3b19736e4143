/**
 * Each fault of red team round 3 changes what the reference server sends, in the way it says: the
 * same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`) or of the request
 * class the fault names, is sent to a clean server and to one with the fault, and the answers compared.
 */
import { describe, expect } from 'vitest';
import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer } from '../../src/reference/server.js';
import { orderHeader } from '../support/orders.js';
import {
  callTo,
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
  requestText,
  text,
} from '../support/raw-http.js';
import { type Demonstration, demonstrated, redTeamServers } from '../support/red-team-round.js';
import { ALPHA_ORDER, BETA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../support/sample-bodies.js';

const TOKEN = 'red-team-round-3';
const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);
/** AL104523 sells at list price; AL875380 and AL200871 at a discount. */
const DISCOUNTED_BETA_ORDER = {
  ...orderHeader,
  items: [
    { pCode: 'AL104523', brandId: '1', num: '3' },
    { pCode: 'AL875380', brandId: '1', num: '2' },
    { pCode: 'AL200871', brandId: '1', num: '1' },
  ],
};
const LOGIN = { mobile: '13812345678', password: 'Reagent2024' };
const FIRST_PAGE = { pageSize: 10, pageNo: 1 };

const serve = redTeamServers(TOKEN);

const pathOf = (operationId: string): string => wirePath(findOperation(operationId)!);

const post = (server: ReferenceServer, operationId: string, payload: unknown, headers: Headers = DOCUMENTED_HEADERS): Promise<Reply> =>
  postTo(server, pathOf(operationId), payload, headers);

/** The documented call written on a bare socket, asking the server to close after it: every byte of the answer, however it is framed. */
const rawPost = (server: ReferenceServer, operationId: string, payload: unknown) =>
  converse(server, requestText('POST', pathOf(operationId), { ...DOCUMENTED_HEADERS, connection: 'close' }, JSON.stringify(payload)));

/** "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110, 5.6.7). */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** For each fault, by name: the calls that show it and how the two answers differ. */
const demonstrations: Readonly<Record<string, Demonstration>> = {
  'etag-without-quotes': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(field(before, 'etag')).toBeUndefined();
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(field(after, 'etag')).toMatch(/^[0-9a-f]{16}$/);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'content-encoding-names-charset': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1, cusType: '1' };
    const before = await post(clean, 'purchase-order-list', asked);
    const after = await post(faulty, 'purchase-order-list', asked);
    expect(field(before, 'content-encoding')).toBeUndefined();
    expect(field(after, 'content-encoding')).toBe('UTF-8');
    // No coding was applied: the bytes are the JSON as they are.
    expect(parsed(after)).toEqual(parsed(before));
  },
  'method-not-allowed-without-allow': async (clean, faulty) => {
    const path = pathOf('custom-demand-create');
    const before = await callTo(clean, 'GET', path, undefined, DOCUMENTED_HEADERS);
    expect([before.status, parsed(before).code]).toEqual([200, '405']);
    const after = await callTo(faulty, 'GET', path, undefined, DOCUMENTED_HEADERS);
    expect([after.status, parsed(after).code, field(after, 'allow')]).toEqual([405, '405', undefined]);
    expect(parsed(await post(faulty, 'custom-demand-create', DEMAND)).code).toBe('200');
  },
  'trace-reflects-authorization': async (clean, faulty) => {
    const path = pathOf('consignee-by-id');
    const before = await callTo(clean, 'TRACE', path, undefined, DOCUMENTED_HEADERS);
    expect(parsed(before).code).toBe('405');
    expect(text(before)).not.toContain(TOKEN);
    const after = await callTo(faulty, 'TRACE', path, undefined, DOCUMENTED_HEADERS);
    expect([after.status, field(after, 'content-type')]).toEqual([200, 'message/http']);
    expect(text(after)).toMatch(new RegExp(`^TRACE ${path} HTTP/1\\.1\\r\\n`));
    expect(text(after)).toContain(`authorization: bearer${TOKEN}\r\n`);
  },
  'sms-cooldown-cookie-dated-by-to-string': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    expect(field(await post(clean, 'send-code', asked), 'set-cookie')).toBeUndefined();
    const after = await post(faulty, 'send-code', asked);
    expect(parsed(after).code).toBe('200');
    const cookie = field(after, 'set-cookie')!;
    const expires = /; Expires=([^;]+);/.exec(cookie)![1]!;
    expect(cookie.startsWith('smsCooldown=60; ')).toBe(true);
    expect(expires).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT\+0800 \(China Standard Time\)$/);
    expect(expires).not.toMatch(IMF_FIXDATE);
    // Read as RFC 6265 5.1.1 reads it (the zone dropped), the expiry is eight hours late.
    const [, month, day, year, time] = /^\w{3} (\w{3}) (\d{2}) (\d{4}) (\S+)/.exec(expires)!;
    const readAsUtc = Date.parse(`${day} ${month} ${year} ${time} GMT`);
    expect(Math.round((readAsUtc - Date.now()) / 60_000)).toBe(8 * 60 + 1);
  },
  'status-line-without-reason-space': async (clean, faulty) => {
    const before = await rawPost(clean, 'consignment-publish', CONSIGNMENT);
    expect(before.text.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    const after = await rawPost(faulty, 'consignment-publish', CONSIGNMENT);
    expect(after.text.startsWith('HTTP/1.1 200\r\nDate: ')).toBe(true);
    expect(JSON.parse(firstHead(after).rest)).toEqual(JSON.parse(firstHead(before).rest));
  },
  'header-lines-end-in-bare-lf': async (clean, faulty) => {
    const asked = { cid: '12' };
    expect(parsed(await post(clean, 'consignment-delete', asked)).code).toBe('200');
    const after = (await rawPost(faulty, 'consignment-delete', { cid: '13' })).text;
    const end = after.indexOf('\n\n');
    expect(after.startsWith('HTTP/1.1 200 OK\nDate: ')).toBe(true);
    expect(after.slice(0, end)).not.toContain('\r');
    expect(JSON.parse(after.slice(end + 2))).toMatchObject({ code: '200', data: { id: 13 } });
    await expect(post(faulty, 'consignment-delete', { cid: '14' })).rejects.toMatchObject({ code: 'HPE_CR_EXPECTED' });
  },
  'pagination-link-field-folded': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 2 };
    const before = await post(clean, 'beta-products-by-brand', asked);
    expect(field(before, 'link')).toBeUndefined();
    const after = firstHead(await rawPost(faulty, 'beta-products-by-brand', asked));
    const path = findOperation('beta-products-by-brand')!.path;
    expect(after.head).toContain(
      [
        `Link: <${path}?brandId=1&pageSize=10&pageNo=1>; rel="first",`,
        ` <${path}?brandId=1&pageSize=10&pageNo=1>; rel="prev",`,
        ` <${path}?brandId=1&pageSize=10&pageNo=3>; rel="next",`,
        ` <${path}?brandId=1&pageSize=10&pageNo=4>; rel="last"`,
      ].join('\r\n'),
    );
    expect(JSON.parse(after.rest)).toEqual(parsed(before));
    await expect(post(faulty, 'beta-products-by-brand', asked)).rejects.toMatchObject({ code: expect.stringMatching(/^HPE_/) });
  },
  'discount-written-without-leading-zero': async (clean, faulty) => {
    const lines = dataOf(await post(clean, 'beta-order-create', DISCOUNTED_BETA_ORDER)).items as Json[];
    expect(lines.map((line) => line.siDiscount)).toEqual([1, 0.9, 0.95]);
    const after = await post(faulty, 'beta-order-create', DISCOUNTED_BETA_ORDER);
    expect(text(after).match(/"siDiscount":[^,}]+/g)).toEqual(['"siDiscount":1', '"siDiscount":.9', '"siDiscount":.95']);
    expect(() => parsed(after)).toThrow(SyntaxError);
  },
  'null-rendered-as-python-none': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = await post(clean, 'bank-card-list', asked);
    expect(listOf(before).map((card) => card.createdAt)).toEqual(Array(10).fill(null));
    const after = await post(faulty, 'bank-card-list', asked);
    expect(text(after).match(/"createdAt":None[,}]/g)).toHaveLength(10);
    expect(() => parsed(after)).toThrow(SyntaxError);
    expect(JSON.parse(text(after).replaceAll(':None', ':null'))).toEqual(parsed(before));
  },
  'php-notice-before-json': async (clean, faulty) => {
    const documented = { pageSize: 10, status: 0 };
    const before = await post(clean, 'custom-demand-list', documented);
    const after = text(await post(faulty, 'custom-demand-list', documented));
    expect(after.startsWith('<br />\n<b>Notice</b>:  Undefined index: pageNo in <b>/var/www/')).toBe(true);
    expect(() => JSON.parse(after)).toThrow(SyntaxError);
    expect(JSON.parse(after.slice(after.indexOf('{')))).toEqual(parsed(before));
    const paged = { ...documented, pageNo: 2 };
    expect(parsed(await post(faulty, 'custom-demand-list', paged))).toEqual(parsed(await post(clean, 'custom-demand-list', paged)));
  },
  'alpha-create-in-full-envelope': async (clean, faulty) => {
    const before = parsed(await post(clean, 'alpha-order-create', ALPHA_ORDER));
    expect(Object.keys(before)).toEqual(['data']);
    const after = parsed(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect(Object.keys(after)).toEqual(['data', 'status', 'code', 'message', 'error']);
    expect(after).toMatchObject({ status: 'success', code: '200', error: {}, data: { soNo: (before.data as Json).soNo } });
  },
  'empty-object-sent-as-php-array': async (clean, faulty) => {
    const before = await post(clean, 'consignee-delete', { id: 3 });
    expect(text(before)).toMatch(/^\{"data":\{\},.*"error":\{\}\}$/);
    const after = await post(faulty, 'consignee-delete', { id: 3 });
    expect(parsed(after)).toMatchObject({ code: '200', data: [], error: [] });
    expect(parsed(after)).toEqual({ ...parsed(before), data: [], error: [] });
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
  'xml-unless-json-asked-for': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-by-id', { id: 3 });
    const card = dataOf(before);
    const after = await post(faulty, 'bank-card-by-id', { id: 3 });
    expect(field(after, 'content-type')).toBe('application/xml;charset=UTF-8');
    expect(text(after).startsWith(`<Result><data><id>3</id><consigneeName>${String(card.consigneeName)}</consigneeName>`)).toBe(true);
    expect(text(after)).toContain('<createdAt/></data><status>success</status><code>200</code>');
    expect(() => parsed(after)).toThrow(SyntaxError);
    const askingJson = await post(faulty, 'bank-card-by-id', { id: 3 }, { ...DOCUMENTED_HEADERS, accept: 'application/json' });
    expect(parsed(askingJson)).toEqual(parsed(before));
  },
  'any-token-after-bearer-accepted': async (clean, faulty) => {
    const forged: Headers = { ...DOCUMENTED_HEADERS, authorization: 'bearerforged-0000' };
    expect(parsed(await post(clean, 'custom-demand-delete', { demandId: 7 }, forged)).code).toBe('401');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 7 }, forged)).code).toBe('200');
    // It was deleted: the member's own call finds nothing left.
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 7 })).code).toBe('404');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 8 }, UNTOKENED)).code).toBe('401');
  },
  'retired-v1-orders-path-answers': async (clean, faulty) => {
    const retired = '/openapi/v1/alpha/orders/getAlphaOrders';
    expect(parsed(await postTo(clean, retired, FIRST_PAGE, UNTOKENED)).code).toBe('404');
    const orders = dataOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    const after = parsed(await postTo(faulty, retired, FIRST_PAGE, UNTOKENED));
    expect([after.code, after.data]).toEqual(['200', orders]);
    expect(parsed(await post(faulty, 'alpha-orders-list', FIRST_PAGE, UNTOKENED)).code).toBe('401');
  },
  'server-banner-of-unsupported-stack': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-create', DEMAND);
    expect([field(before, 'server'), field(before, 'x-powered-by')]).toEqual([undefined, undefined]);
    const after = await post(faulty, 'custom-demand-create', DEMAND);
    expect([field(after, 'server'), field(after, 'x-powered-by')]).toEqual(['Apache/2.2.15 (CentOS)', 'PHP/5.4.16']);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'bearer-needs-a-space': async (clean, faulty) => {
    const asked = { brandId: 1, ...FIRST_PAGE };
    const before = await post(clean, 'beta-products-by-brand', asked);
    expect(parsed(before).code).toBe('200');
    expect(parsed(await post(faulty, 'beta-products-by-brand', asked)).code).toBe('401');
    const spaced = await post(faulty, 'beta-products-by-brand', asked, { ...DOCUMENTED_HEADERS, authorization: `Bearer ${TOKEN}` });
    expect(parsed(spaced)).toEqual(parsed(before));
  },
  'doubled-slash-redirected-away': async (clean, faulty) => {
    const cleaned = findOperation('login')!.path;
    expect(parsed(await post(clean, 'login', LOGIN)).code).toBe('200');
    const after = await post(faulty, 'login', LOGIN);
    expect([after.status, field(after, 'location'), field(after, 'content-type')]).toEqual([301, cleaned, 'text/html; charset=utf-8']);
    // Where a client that follows the redirect goes: a GET, the credentials left behind.
    expect(parsed(await callTo(faulty, 'GET', cleaned, undefined, DOCUMENTED_HEADERS)).code).toBe('405');
    expect(parsed(await postTo(faulty, cleaned, LOGIN, DOCUMENTED_HEADERS)).code).toBe('200');
  },
};

describe('red team round 3', () => {
  demonstrated(
    redTeamFaults.filter((fault) => fault.redTeam.round === 3),
    demonstrations,
    serve,
  );
});
