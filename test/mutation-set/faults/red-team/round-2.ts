/**
 * Red team round 2: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP, cookies, JSON, the OWASP API Top 10), at one operation of section 4,
 * of other kinds than round 1's.
 */
import { createHash } from 'node:crypto';
import { notFound, envelope } from '../../../../src/reference/handlers/_internals/answer.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { roundToCents } from '../../../../src/reference/seeding/formats.js';
import {
  type Answer,
  answerFault,
  type Fault,
  type FaultFacts,
  inputFault,
  interceptFault,
  json,
  misreadFault,
  pagingFault,
  socketFault,
  stringsIn,
  without,
} from '../../../../src/reference/faults/fault.js';
import { documented, eachListed, JSON_TYPE, pathOf, sendText, succeeded, success } from './_internals/answers.js';
import { interceptedGateFault, pastTheFilter } from './_internals/gates.js';
import { apostropheEscaped, floatAt, jsonWith, pythonNaN, quotesOnlyEscaped } from './_internals/json-text.js';
import { seeded } from './_internals/seeded.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

const OWASP = 'OWASP API Security Top 10 (2023)';
const SPEC = 'OTP API spec';

/** A fault that answers the calls `when` picks its own way, its handler given what `misreads` makes of them (so that it changes nothing the call would have changed). */
function misreadInputFault(
  facts: FaultFacts & { when(payload: unknown): boolean; misreads(payload: Json): Json; answer(body: unknown, payload: unknown): Answer },
): Fault {
  return { ...inputFault(facts), misreads: (payload) => (isPlainObject(payload) && facts.when(payload) ? facts.misreads(payload) : payload) };
}

/** Whether an If-None-Match field lists this entity tag, compared weakly as 13.1.2 compares them ("*" matching any). */
function noneMatch(field: string | undefined, tag: string): boolean {
  const opaque = (entityTag: string) => entityTag.trim().replace(/^W\//, '');
  return field !== undefined && field.split(',').some((listed) => listed.trim() === '*' || opaque(listed) === opaque(tag));
}

const http: PlantedFault[] = [
  planted(socketFault, {
    name: 'not-modified-answered-to-post',
    description:
      'An entity-tag filter hashes every answer into an ETag and turns a matching If-None-Match into 304 Not Modified whatever the method, as a filter registered for all methods does',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 2,
      standard: 'RFC 9110',
      clause:
        '13.1.2: when If-None-Match evaluates to false the origin server "MUST respond with either a) the 304 (Not Modified) status code if the request method is GET or HEAD or b) the 412 (Precondition Failed) status code for all other request methods"',
      observable:
        'Request class: the list call sent again with If-None-Match holding the ETag its first answer carried. The POST gets HTTP 304 with no body instead of 412 or the page',
    },
    expect: { check: 'not-modified-status', severity: 'warning', breaks: ['rfc9110-13.1.2-if-none-match'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      const tag = `"${createHash('sha1').update(text, 'utf8').digest('hex').slice(0, 20)}"`;
      if (!noneMatch(res.req.headers['if-none-match'], tag)) return sendText(res, text, { etag: tag });
      res.writeHead(304, { etag: tag });
      res.end();
    },
  }),
  planted(interceptFault, {
    name: 'head-answered-with-content',
    description:
      "Requests in a method the operation does not take are refused by a handler that writes its envelope straight to the connection, past the layer that knows a HEAD answer has no content (as a Netty pipeline's own handlers must know)",
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 2,
      standard: 'RFC 9110',
      clause:
        '9.3.2: "The HEAD method is identical to GET except that the server MUST NOT send content in the response" (RFC 9112, 6.3: a response to HEAD "cannot contain a message body")',
      observable:
        'Request class: HEAD to the operation\'s path. The header section is followed by the refusal\'s JSON, which a client reusing the connection reads as the start of the next answer ("{" where "HTTP/1.1" belongs)',
    },
    expect: { check: 'head-content', severity: 'warning', breaks: ['rfc9110-9.3.2-head'] },
    interceptor() {
      const operation = documented('custom-demand-delete');
      const path = pathOf(operation.id);
      const refusal = JSON.stringify({
        data: {},
        status: 'fail',
        code: '405',
        message: `${operation.path} takes ${operation.method}.`,
        error: { reason: 'method not allowed' },
      });
      return (req, res) => {
        if (req.method !== 'HEAD' || req.url !== path) return false;
        res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(refusal)) });
        res.flushHeaders();
        res.socket?.write(refusal);
        res.end();
        return true;
      };
    },
  }),
  planted(answerFault, {
    name: 'content-type-parameter-with-colon',
    description: 'The Content-Type is a constant typed by hand, with a colon where the charset parameter takes "="',
    operationId: 'consignment-publish',
    redTeam: {
      round: 2,
      standard: 'RFC 9110',
      clause: '8.3.1: "media-type = type "/" subtype parameters"; 5.6.6: "parameter = parameter-name "=" parameter-value" (here "charset:utf-8", no "=")',
      observable:
        "Content-Type: application/json; charset:utf-8. Strict media-type parsers refuse the field; lenient ones drop the parameter, so the body's charset is no longer stated",
    },
    expect: { check: 'json-content-type', severity: 'warning' },
    answer: (body) => ({ ...json(body), contentType: 'application/json; charset:utf-8' }),
  }),
  planted(socketFault, {
    name: 'partial-content-for-inner-pages',
    description:
      'A pagination layer modelled on PostgREST answers every page but the last with 206 Partial Content and a Content-Range of the rows it holds, out of all of them, as "0-9/200"',
    operationId: 'bank-card-list',
    redTeam: {
      round: 2,
      standard: 'RFC 9110',
      clause:
        '15.3.7: "The 206 (Partial Content) status code indicates that the server is successfully fulfilling a range request" (none was sent, and 14.2: "GET is the only method for which range handling is defined"); 14.4: "Content-Range = range-unit SP …" (here no unit)',
      observable: 'Pages 1 to 19 of 20 get HTTP 206 with Content-Range: 0-9/200 (10-19/200, …) where 4 rule 1 gives 200; the last page gets 200',
    },
    expect: { check: 'http-status', severity: 'error' },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const data = clean.data;
      const asked = (isPlainObject(payload) ? payload : {}) as Json;
      const pageSize = asked.pageSize;
      const pageNo = asked.pageNo ?? 1;
      const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
      if (!isPlainObject(data) || !Array.isArray(data.list) || !whole(pageSize) || !whole(pageNo) || typeof data.totalPage !== 'number') {
        return sendText(res, JSON.stringify(clean));
      }
      const lastPage = (answerTo({ ...asked, pageNo: data.totalPage }) as Json).data as Json;
      const count = (data.totalPage - 1) * pageSize + (lastPage.list as Json[]).length;
      const first = (pageNo - 1) * pageSize;
      const range = `${first}-${first + data.list.length - 1}/${count}`;
      const partial = pageNo < data.totalPage && data.list.length > 0;
      sendText(res, JSON.stringify(clean), data.list.length > 0 ? { 'content-range': range } : {}, partial ? 206 : 200);
    },
  }),
  planted(socketFault, {
    name: 'keep-alive-announced-then-closed',
    description:
      'The application sets Connection: keep-alive itself, as an example it copied did, while the server under it closes the connection after every answer',
    operationId: 'consignee-delete',
    redTeam: {
      round: 2,
      standard: 'RFC 9112',
      clause:
        '9.6: "A server that does not support persistent connections MUST send the "close" connection option in every response message that does not have a 1xx (Informational) status code"',
      observable:
        'The answer says Connection: keep-alive and Keep-Alive: timeout=60, then the server closes the connection right after it: a client that sends its next call on it gets a reset or an empty reply',
    },
    expect: { check: 'persistent-connection', severity: 'warning', breaks: ['rfc9112-9.6-announce-close'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      const asksClose = /\bclose\b/i.test(res.req.headers.connection ?? '') || res.req.httpVersion === '1.0';
      if (asksClose) return sendText(res, text);
      const socket = res.socket;
      res.writeHead(200, {
        'content-type': JSON_TYPE,
        'content-length': String(Buffer.byteLength(text)),
        connection: 'keep-alive',
        'keep-alive': 'timeout=60',
      });
      res.end(text, () => socket?.end());
    },
  }),
  planted(answerFault, {
    name: 'member-cookie-with-raw-json',
    description:
      "On login the server hands the web pages a cookie of the member's summary, its value the JSON text as it is, written with a raw Set-Cookie header",
    operationId: 'login',
    redTeam: {
      round: 2,
      standard: 'RFC 6265',
      clause:
        '4.1.1: "Servers SHOULD NOT send Set-Cookie headers that fail to conform to the following grammar": "cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E" (no DQUOTE, comma, semicolon or backslash)',
      observable:
        'Set-Cookie: OTP_MEMBER={"id":1,"mobile":"138…","memberLevel":2}; Path=/ — quotes and commas in the value, which clients that split or fold Set-Cookie at commas cut apart; and no HttpOnly on the mobile number',
    },
    expect: { check: 'set-cookie', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      if (!succeeded(clean) || !isPlainObject(payload)) return json(clean);
      const { id, memberLevel } = seeded().account;
      const summary = JSON.stringify({ id, mobile: String(payload.mobile), memberLevel });
      return { ...json(clean), headers: { 'set-cookie': `OTP_MEMBER=${summary}; Path=/; Max-Age=604800` } };
    },
  }),
];

/** The second line of every consignee remark, as the member typed it into a multi-line box. */
const REMARK_SECOND_LINE = '收货时间：工作日9:00-17:00';

const jsonText: PlantedFault[] = [
  planted(answerFault, {
    name: 'remark-line-break-unescaped',
    description:
      'Remarks are typed into a multi-line box, which a form submits with CR LF line breaks; the answer is rendered by a JSON template that escapes only quotes and backslashes',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 2,
      standard: 'RFC 8259',
      clause:
        '7: "All Unicode characters may be placed within the quotation marks, except for the characters that MUST be escaped: quotation mark, reverse solidus, and the control characters (U+0000 through U+001F)"',
      observable: 'The remark carries the raw octets 0D 0A between its two lines inside the string: JSON.parse and every strict parser refuse the body',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer(body) {
      const clean = body as Json;
      const data = clean.data;
      if (!succeeded(clean) || !isPlainObject(data)) return json(clean);
      const multiLine = { ...clean, data: { ...data, remark: `${String(data.remark)}\r\n${REMARK_SECOND_LINE}` } };
      return { contentType: JSON_TYPE, body: jsonWith(multiLine, quotesOnlyEscaped) };
    },
  }),
  planted(inputFault, {
    name: 'apostrophe-escaped-javascript-style',
    description: "Strings are escaped with a JavaScript-literal escaper (Commons Lang's StringEscapeUtils.escapeJavaScript), which writes an apostrophe as \\'",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 2,
      standard: 'RFC 8259',
      clause:
        '7: "escape = %x5C" followed by one of " \\ / b f n r t or uXXXX; "\\\'" is none of them (and an apostrophe needs no escape: "unescaped = %x20-21 / %x23-5B / %x5D-10FFFF")',
      observable:
        'Request class: an order whose address or note holds an apostrophe (soCaStreet "Xi\'an Road 27"). The created order echoes it as Xi\\\'an, an escape JSON does not have: the body does not parse',
    },
    expect: { check: 'json-body', severity: 'error' },
    when: (payload) => stringsIn(payload).some((text) => text.includes("'")),
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, apostropheEscaped) }),
  }),
  planted(answerFault, {
    name: 'withdrawn-price-written-as-nan',
    description:
      'The catalogue is served from a pandas DataFrame: withdrawn products have no list price, the missing value is NaN, and json.dumps writes it as NaN (its allow_nan defaults to True)',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 2,
      standard: 'RFC 8259',
      clause: '6: "Numeric values that cannot be represented in the grammar below (such as Infinity and NaN) are not permitted"',
      observable: 'Each product of status 0 has "price":NaN: brand 1 page 1 holds one, and JSON.parse refuses the whole page',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({
      contentType: JSON_TYPE,
      body: jsonWith(
        eachListed(body as Json, (product) => (product.status === 0 ? { ...product, price: Number.NaN } : product)),
        pythonNaN,
      ),
    }),
  }),
  planted(answerFault, {
    name: 'total-page-written-as-float',
    description: "totalPage is computed with Python 2's math.ceil, which returns a float, and the encoder writes the float as it is",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)"',
      observable:
        'totalPage is written 5.0, a JSON number with a fraction part: JavaScript reads 5, while a Go or strictly configured Java client decoding it into an integer field fails',
    },
    expect: { check: 'page-integer-text', severity: 'warning' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, floatAt('totalPage')) }),
  }),
];

/** Another registered member (ids 2 to 21), as the member table holds them: the one who published the record with this id. */
function publisherOf(recordId: unknown): Json {
  const members = seeded().members;
  const { id, mobile, realName, companyName } = members[Number(recordId) % members.length]!;
  return { id, mobile, realName, companyName };
}

/** The price a client put on an order item (#15 documents pCode, brandId and num only), where it is one. */
function clientPrice(item: unknown): number | undefined {
  const price = isPlainObject(item) ? item.siPrice : undefined;
  const number = typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) ? Number(price) : price;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

const itemsOf = (payload: unknown): unknown[] => (isPlainObject(payload) && Array.isArray(payload.items) ? payload.items : []);

/** "13812345678,13912345678": what an SMS gateway that takes up to a thousand numbers a call reads as several. */
const SEVERAL_MOBILES = /^\d{11}(,\d{11})+$/;

const owasp: PlantedFault[] = [
  planted(socketFault, {
    name: 'refusal-echoes-request-headers',
    description: 'The exception handler puts the request it failed on into the answer, headers and all, as a debugging aid left in',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "Error messages include stack traces, or expose other sensitive information"',
      observable:
        'Request class: a create the server refuses (one without cas). Its error holds request.headers, the authorization value bearer<TOKEN> included, which every log and proxy that keeps error bodies now holds too',
    },
    expect: { check: 'token-echo', severity: 'warning' },
    respond(res, body, payload) {
      const clean = body as Json;
      if (clean.code !== '400' || !isPlainObject(clean.error)) return sendText(res, JSON.stringify(clean));
      const request = { method: res.req.method, uri: res.req.url, headers: res.req.headers, body: payload };
      sendText(res, JSON.stringify({ ...clean, error: { ...clean.error, request } }));
    },
  }),
  planted(answerFault, {
    name: 'purchase-orders-embed-publisher',
    description: "The purchase order entity's many-to-one member relation is fetched eagerly and serialized with each record",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user" (Excessive Data Exposure)',
      observable:
        "Every record carries member: the id, mobile number, real name and company of the member who published it (ids 2 to 21, none the caller's), beyond the 12 fields of 2.7",
    },
    expect: { check: 'record-personal-data', severity: 'warning', breaks: ['owasp-api3-exposed-properties'] },
    answer: (body) => json(eachListed(body as Json, (record) => ({ ...record, member: publisherOf(record.id) }))),
  }),
  planted(inputFault, {
    name: 'client-set-line-price-honoured',
    description:
      "The order lines are bound from the request's items with every property they carry, so a siPrice sent by the client replaces the catalogue price",
    operationId: 'beta-order-create',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint allows a user to change, add/or delete the value of a sensitive object\'s property which the user should not be able to access" (Mass Assignment)',
      observable:
        'Request class: an order whose item carries siPrice (0.01), a field #15 does not take. The created line is priced at 0.01, its siAmount and siVamount and the soTotal follow',
    },
    expect: { check: 'mass-assignment', severity: 'warning', breaks: ['owasp-api3-mass-assignment'] },
    when: (payload) => itemsOf(payload).some((item) => clientPrice(item) !== undefined),
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      if (!succeeded(clean) || !isPlainObject(data) || !Array.isArray(data.items)) return json(clean);
      const asked = itemsOf(payload);
      const lines = (data.items as Json[]).map((line, index) => {
        const siPrice = clientPrice(asked[index]);
        if (siPrice === undefined) return line;
        const siAmount = roundToCents(siPrice * (line.siNum as number));
        return { ...line, siPrice, siAmount, siVamount: roundToCents(siAmount * (line.siDiscount as number)) };
      });
      const goods = lines.reduce((sum, line) => sum + (line.siVamount as number), 0);
      return json({ ...clean, data: { ...data, soTotal: roundToCents(goods + (data.soFreightPrice as number)), items: lines } });
    },
  }),
  planted(inputFault, {
    name: 'send-code-to-comma-separated-mobiles',
    description:
      'The mobile goes as sent to an SMS gateway whose phone-number field takes up to a thousand numbers separated by commas; the server checks only that it is digits and commas',
    operationId: 'send-code',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: vulnerable if a limit is missing on the "Number of operations to perform in a single API client request", where requests are "paid for per request, such as sending emails/SMS"',
      observable:
        'Request class: a send-code whose mobile lists several numbers ("13812345678,13912345678"). It succeeds (one paid SMS per number) where the clean server refuses the mobile',
    },
    expect: { check: 'several-recipients', severity: 'warning', breaks: ['owasp-api4-operations-per-request'] },
    when: (payload) => isPlainObject(payload) && typeof payload.mobile === 'string' && SEVERAL_MOBILES.test(payload.mobile),
    answer: () => json(success({})),
  }),
  planted(interceptedGateFault, {
    name: 'single-slash-path-skips-authorization',
    description:
      'The router collapses repeated slashes (as many routers do), while the authentication filter is registered for the doubled-slash paths the spec writes: the single-slash path reaches the handler without passing the filter',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 2,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: the API might be vulnerable if "There are discrepancies in the way incoming requests are processed by servers in the HTTP server chain" (and section 5 rule 1: "Every operation takes the header authorization, a required string")',
      observable:
        "Request class: POST /pc/customer/bankCardInfoById (one slash) without authorization. It answers the bank card's holder, bank mobile and branch, where the clean server knows no such path",
    },
    expect: { check: 'auth-unauthorized-data', severity: 'warning' },
    // The single-slash path, which the router collapses to the same handler.
    ...pastTheFilter('bank-card-by-id', documented('bank-card-by-id').path),
  }),
];

/** A cid as the sample writes it (6): a string of digits. */
const cidAsText = (payload: unknown): string | undefined =>
  isPlainObject(payload) && typeof payload.cid === 'string' && /^\d+$/.test(payload.cid) ? payload.cid : undefined;

const spec: PlantedFault[] = [
  planted(misreadInputFault, {
    name: 'string-cid-never-matches',
    description:
      'The consignment is found by comparing its numeric id with the cid as the body gave it (Long.equals of a String), so a cid sent as a string never matches',
    operationId: 'consignment-delete',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause: '4, #6: delConsignment takes "cid (string in the sample)" and answers "one purchase order record shape (2.7)"',
      observable:
        'delConsignment with cid "12", as the sample sends it, answers that no consignment has the id 12 and deletes nothing; cid 12 as a number deletes it',
    },
    expect: { check: 'operation-verified', severity: 'info' },
    when: (payload) => cidAsText(payload) !== undefined,
    // No consignment has the id 0, so the handler deletes nothing.
    misreads: (payload) => ({ ...payload, cid: 0 }),
    answer: (_body, payload) => json(envelope('full', notFound('cid', `no consignment has the id ${cidAsText(payload)}`))),
  }),
  planted(misreadFault, {
    name: 'status-zero-read-as-no-filter',
    description: 'The query adds the status condition only "if (status)", and 0 is false, so asking for status 0 lists every status',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause:
        '4, #4: the list takes "status (number)", and its records carry "status | integer" (2.7, 3): status 1, 2 and 3 list their own records, status 0 lists everyone\'s',
      observable: 'Asked with status 0, the page holds purchase orders of status 0, 1, 2 and 3 and a totalPage of every record; status 1 to 3 filter as asked',
    },
    expect: {
      unseen: 'no check sees it: the meaning of a status value is not shown (3), so 0 may mean every status (the clean variant status-zero-lists-all)',
    },
    misreads: (payload) => (payload.status === 0 || payload.status === '0' ? without(payload, 'status') : payload),
  }),
  planted(pagingFault, {
    name: 'page-offset-counts-from-page-zero',
    description: 'The offset is pageNo × pageSize, as for pages numbered from 0, while pages are numbered from 1 as totalPage counts them',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause: '4, #13: "pageNo (current page)"; 2.2: "pageNo | integer (current page number)", "totalPage | integer (total number of pages)"',
      observable: 'Page 1 holds orders 11 to 20, page totalPage is empty, and the 10 newest orders (an order #14 just created among them) are on no page',
    },
    expect: { check: 'page-total', severity: 'error' },
    page: (data, asked, pageAt) => ({ ...data, list: pageAt(asked.pageSize, asked.pageNo + 1).list }),
  }),
];

export const redTeamRound2: readonly PlantedFault[] = [...http, ...jsonText, ...owasp, ...spec];
