import { type Answer, answerFault, interceptFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { documented, JSON_TYPE, pathOf, sendText, succeeded } from '../_internals/answers.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP } from '../_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import { createHash } from 'node:crypto';

/** The clean body with these header fields beside the clean ones. */
const withFields =
  (headers: Readonly<Record<string, string>>) =>
  (body: unknown): Answer => ({ ...json(body), headers });

/** Whether an If-None-Match field lists this entity tag, compared weakly as 13.1.2 compares them ("*" matching any). */
function noneMatch(field: string | undefined, tag: string): boolean {
  const opaque = (entityTag: string) => entityTag.trim().replace(/^W\//, '');
  return field !== undefined && field.split(',').some((listed) => listed.trim() === '*' || opaque(listed) === opaque(tag));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The time as JavaScript's Date.prototype.toString() writes it on a host in China: "Sun Nov 22 2026 10:16:00 GMT+0800 (China Standard Time)". */
function chinaDateString(epochMs: number): string {
  const local = new Date(epochMs + 8 * 3_600_000);
  const time = [local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()].map(twoDigits).join(':');
  const day = `${WEEKDAYS[local.getUTCDay()]} ${MONTHS[local.getUTCMonth()]} ${twoDigits(local.getUTCDate())} ${local.getUTCFullYear()}`;
  return `${day} ${time} GMT+0800 (China Standard Time)`;
}

/** How long the send-code page waits before it offers to send another code. */
const SMS_COOLDOWN_SECONDS = 60;

/** The session id login hands out: derived from the mobile so that it stays the same from run to run. */
const sessionFor = (mobile: string): string => createHash('sha256').update(`session:${mobile}`, 'utf8').digest('hex').slice(0, 32);

/** How long the mobile cookie lasts: 30 days. */
const REMEMBER_SECONDS = 2_592_000;

/** The hour, China time, at which the catalogue's prices are refreshed each night. */
const PRICE_REFRESH_HOUR = 2;

const CHINA_OFFSET_MS = 8 * 3_600_000;

const DAY_MS = 86_400_000;

/** Whole seconds since the last nightly price refresh, at least 1. */
function secondsSinceRefresh(now: number): number {
  const sinceRefresh = (((now + CHINA_OFFSET_MS - PRICE_REFRESH_HOUR * 3_600_000) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.max(1, Math.floor(sinceRefresh / 1000));
}

/** A single byte range as a Range field writes one (RFC 9110, 14.1.2): first-last, first-, or -suffix. */
const BYTE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/** The first and last byte `range` asks of a body this long, or undefined where it asks for none of it; null where it is no single byte range. */
function byteRange(range: string | undefined, length: number): { first: number; last: number } | undefined | null {
  const parts = BYTE_RANGE.exec((range ?? '').trim());
  if (!parts || (parts[1] === '' && parts[2] === '')) return null;
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    return suffix === 0 ? undefined : { first: Math.max(0, length - suffix), last: length - 1 };
  }
  const first = Number(parts[1]);
  const last = parts[2] === '' ? length - 1 : Math.min(Number(parts[2]), length - 1);
  return first < length && first <= last ? { first, last } : undefined;
}

/** nginx's page for a range none of the body has. */
const NOT_SATISFIABLE_PAGE =
  '<html>\r\n<head><title>416 Requested Range Not Satisfiable</title></head>\r\n<body>\r\n<center><h1>416 Requested Range Not Satisfiable</h1></center>\r\n</body>\r\n</html>\r\n';

/** Answers that break the rules of HTTP caching, conditional and range requests (RFC 9110, RFC 9111), and of cookies (RFC 6265). */
export const cachingAndCookieFaults: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'bank-cards-cacheable-by-shared-caches',
    description: 'A CDN rule meant for the public product catalogue also matches /pc/customer/ and marks the answers public for a day',
    operationId: 'bank-card-list',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: "Security or cache control directives are not sent to clients" (here the wrong ones are: RFC 9111, 5.2.2.9 public)',
      observable: "Cache-Control: public, max-age=86400 on the member's bank card numbers",
    },
    expect: { check: 'shared-cache', severity: 'warning' },
    answer: withFields({ 'cache-control': 'public, max-age=86400' }),
  }),
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
  planted(answerFault, {
    name: 'sms-cooldown-cookie-dated-by-to-string',
    description: `After a code is sent the page is told to wait ${SMS_COOLDOWN_SECONDS} s with a cookie whose Expires is written with JavaScript's Date.toString(), on a host in China`,
    operationId: 'send-code',
    redTeam: {
      round: 3,
      standard: 'RFC 6265',
      clause:
        '4.1.1: "Servers SHOULD NOT send Set-Cookie headers that fail to conform to the following grammar": "expires-av = "Expires=" sane-cookie-date", "sane-cookie-date = <rfc1123-date, defined in [RFC2616], Section 3.3.1>"',
      observable:
        'Set-Cookie: smsCooldown=60; Expires=Sun Nov 22 2026 10:16:00 GMT+0800 (China Standard Time): user agents parsing it (5.1.1) drop the zone and read China time as UTC, so a one-minute wait lasts eight hours and a minute',
    },
    expect: { check: 'set-cookie', severity: 'warning', breaks: ['rfc6265-4.1.1-cookie-syntax'] },
    answer(body) {
      const clean = body as Json;
      if (!succeeded(clean)) return json(clean);
      const expires = chinaDateString(Date.now() + SMS_COOLDOWN_SECONDS * 1000);
      return { ...json(clean), headers: { 'set-cookie': `smsCooldown=${SMS_COOLDOWN_SECONDS}; Expires=${expires}; Path=/` } };
    },
  }),
  planted(answerFault, {
    name: 'set-cookies-folded-into-one-field',
    description:
      'Login sets a session cookie and a cookie of the mobile for the sign-in page; the API gateway passes single-valued headers only, so the function joins its two Set-Cookie values with ", "',
    operationId: 'login',
    redTeam: {
      round: 4,
      standard: 'RFC 6265',
      clause:
        '3: "Origin servers SHOULD NOT fold multiple Set-Cookie header fields into a single header field. The usual mechanism for folding HTTP headers fields … might change the semantics of the Set-Cookie header field because the %x2C (",") character is used by Set-Cookie in a way that conflicts with such folding"',
      observable:
        'One field, Set-Cookie: OTP_SESSION=…; Path=/; HttpOnly, OTP_MOBILE=138…; Path=/; Max-Age=2592000. A user agent (5.2) keeps one cookie, OTP_SESSION, without HttpOnly (read as an attribute "HttpOnly, OTP_MOBILE") and for 30 days; OTP_MOBILE is lost',
    },
    expect: { check: 'set-cookie', severity: 'warning', breaks: ['rfc6265-3-no-folding'] },
    answer(body, payload) {
      const clean = body as Json;
      if (!succeeded(clean) || !isPlainObject(payload)) return json(clean);
      const mobile = String(payload.mobile);
      const cookies = [`OTP_SESSION=${sessionFor(mobile)}; Path=/; HttpOnly`, `OTP_MOBILE=${mobile}; Path=/; Max-Age=${REMEMBER_SECONDS}`];
      return { ...json(clean), headers: { 'set-cookie': cookies.join(', ') } };
    },
  }),
  planted(socketFault, {
    name: 'catalogue-max-age-negative',
    description: `The catalogue's answers are cached until the next nightly price refresh (${PRICE_REFRESH_HOUR}:00 China time), but the lifetime is computed from the last refresh, lastRefresh - now, which is always negative`,
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 6,
      standard: 'RFC 9111',
      clause: '5.2.2.1: max-age takes the argument "delta-seconds"; 1.2.2: "delta-seconds = 1*DIGIT", a non-negative integer',
      observable:
        'Every products page carries Cache-Control: public, max-age=-N, N the seconds since the last 02:00 China time: no delta-seconds, and caches read it as they please (stale, or fresh for a day)',
    },
    expect: { check: 'shared-cache', severity: 'warning' },
    respond(res, body) {
      sendText(res, JSON.stringify(body), { 'cache-control': `public, max-age=-${secondsSinceRefresh(Date.now())}` });
    },
  }),
  planted(socketFault, {
    name: 'byte-range-served-for-post',
    description:
      "The open API's nginx has proxy_force_ranges on, set for the invoice PDF downloads that share its location block; nginx's range filter looks at the status of the answer and the Range field, never at the method, so a POST's JSON is cut to the range asked",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 9,
      standard: 'RFC 9110',
      clause:
        '14.2: "A server MUST ignore a Range header field received with a request method that is unrecognized or for which range handling is not defined. For this specification, GET is the only method for which range handling is defined"',
      observable:
        'Request class: getAlphaOrders with Range: bytes=0-99 (as a resuming download client or a cache filling in sends it). The POST gets HTTP 206, Content-Range: bytes 0-99/N and the first 100 bytes of the JSON; a range past the end gets 416; the clean server ignores the field and sends the page',
    },
    expect: { check: 'partial-content-status', severity: 'warning', breaks: ['rfc9110-14.2-range-ignored'] },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      const range = byteRange(res.req.headers.range, text.length);
      if (range === null) return sendText(res, text.toString('utf8'));
      if (range === undefined) return sendText(res, NOT_SATISFIABLE_PAGE, { 'content-type': 'text/html', 'content-range': `bytes */${text.length}` }, 416);
      const part = text.subarray(range.first, range.last + 1);
      res.writeHead(206, {
        'content-type': JSON_TYPE,
        'content-range': `bytes ${range.first}-${range.last}/${text.length}`,
        'content-length': String(part.length),
      });
      res.end(part);
    },
  }),
];
