/**
 * Red team round 1: departures a real OTP server could make, each from one clause of the spec or
 * of a standard it rests on (HTTP, JSON, UTF-8, the OWASP API Top 10), at one operation of section 4.
 */
import { gzipSync } from 'node:zlib';
import { findOperation, wirePath } from '../../../../src/catalogue/operations.js';
import { done, envelope } from '../../../../src/reference/handlers/_internals/answer.js';
import { wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { PURCHASE_STATUS_TEXT } from '../../../../src/reference/seeding/data.js';
import { type Answer, answerAfterBody, answerFault, interceptFault, json, pagingFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { cesu8Bytes, gbkBytes, replaceBytes } from './_internals/encodings.js';
import { foreignConsignee, passwordHashFor, saltFor, smsCodeFor } from './_internals/secrets.js';
import { seeded, seededAnswer } from './_internals/seeded.js';
import { chunk, LAST_CHUNK, writeRaw } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const OWASP = 'OWASP API Security Top 10 (2023)';
const SPEC = 'OTP API spec';

/** A success in the full envelope (2.1), as the clean server words it. */
const succeeded = (body: Json): boolean => body.code === '200';
const success = (data: object): Json => envelope('full', done(data)) as Json;

/** The clean body with these header fields beside the clean ones. */
const withFields =
  (headers: Readonly<Record<string, string>>) =>
  (body: unknown): Answer => ({ ...json(body), headers });

/** The path a call of this operation of section 4 is sent to, doubled slash included. */
function pathOf(operationId: string): string {
  const operation = findOperation(operationId);
  if (!operation) throw new Error(`No operation ${operationId} in section 4.`);
  return wirePath(operation);
}

/** Each record of a page's `list` rewritten; answers that hold no page go out as they are. */
function eachListed(body: Json, rewrite: (record: Json) => Json): Json {
  const data = body.data;
  if (!isPlainObject(data) || !Array.isArray(data.list)) return body;
  return { ...body, data: { ...data, list: data.list.map((record) => (isPlainObject(record) ? rewrite(record) : record)) } };
}

/** The request's mobile as the send-code and login handlers read it: digits, given as a string or a number. */
const mobileOf = (payload: unknown): string => (isPlainObject(payload) ? String(payload.mobile ?? '') : '');

/** Whether a request leaves gzip acceptable (RFC 9110, 12.5.3): no Accept-Encoding at all, or gzip (else `*`) with a weight above 0. */
function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return true;
  const weights = new Map(
    header.split(',').map((entry) => {
      const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
      const weight = parameters.find((parameter) => parameter.startsWith('q='));
      return [coding, weight === undefined ? 1 : Number(weight.slice(2))] as const;
    }),
  );
  return (weights.get('gzip') ?? weights.get('*') ?? 0) > 0;
}

const http: PlantedFault[] = [
  planted(socketFault, {
    name: 'content-length-counts-utf16-units',
    description: "Content-Length is the JSON string's length in UTF-16 code units (JavaScript's text.length), not in octets",
    operationId: 'custom-demand-create',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause: '8.6: Content-Length "indicates the associated representation\'s data length as a decimal non-negative integer number of octets"',
      observable:
        'Content-Length is 8 short ("操作成功" is 4 characters, 12 octets): a client reads JSON cut off before its end, and the rest comes as garbage after the message',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': String(text.length) });
      res.end(text);
    },
  }),
  planted(socketFault, {
    name: 'chunked-beside-content-length',
    description: "A proxy streams the answer chunked and keeps the application's Content-Length of the unchunked JSON",
    operationId: 'consignment-delete',
    redTeam: {
      round: 1,
      standard: 'RFC 9112',
      clause: '6.2: "A sender MUST NOT send a Content-Length header field in any message that contains a Transfer-Encoding header field"',
      observable:
        'Transfer-Encoding: chunked and Content-Length both on the answer: strict clients refuse it, clients that frame by Content-Length read the chunk-size line as the start of the body',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      const bytes = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: [
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(bytes.length)],
          ['Transfer-Encoding', 'chunked'],
          ['Connection', 'close'],
        ],
        body: Buffer.concat([chunk(bytes), LAST_CHUNK]),
      });
    },
  }),
  planted(socketFault, {
    name: 'chunked-body-without-last-chunk',
    description: 'The worker writes the created order as one chunk and is recycled (a process that exits after N requests) before it writes the last-chunk',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 1,
      standard: 'RFC 9112',
      clause:
        '8: "A message body that uses the chunked transfer coding is incomplete if the zero-sized chunk that terminates the encoding has not been received" (7.1: chunked-body = *chunk last-chunk trailer-section CRLF)',
      observable:
        'A chunked answer whose connection closes with no "0" chunk: the JSON is all there, but the message is incomplete, so a client cannot tell the created order arrived whole',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: [
          ['Content-Type', JSON_TYPE],
          ['Transfer-Encoding', 'chunked'],
        ],
        body: chunk(Buffer.from(JSON.stringify(body), 'utf8')),
      });
    },
  }),
  planted(socketFault, {
    name: 'gzip-applied-twice-listed-once',
    description: 'The application gzips its answer and the proxy in front gzips it again, then writes Content-Encoding: gzip over the one already there',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause:
        '8.4: the sender "MUST generate a Content-Encoding header field that lists the content codings in the order in which they were applied" (here "gzip, gzip", sent as "gzip")',
      observable: 'Content-Encoding: gzip, and the bytes after one gunzip start with 1f 8b again instead of "{"',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      // Only where the client leaves gzip acceptable, so that no rule but 8.4 is broken.
      if (!acceptsGzip(res.req.headers['accept-encoding'])) {
        res.writeHead(200, { 'content-type': JSON_TYPE });
        res.end(JSON.stringify(body));
        return;
      }
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', vary: 'accept-encoding' });
      res.end(gzipSync(gzipSync(JSON.stringify(body))));
    },
  }),
  planted(socketFault, {
    name: 'content-type-sent-twice',
    description: "A response filter adds the framework's default Content-Type after the application set its own, instead of replacing it",
    operationId: 'consignee-delete',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause:
        '5.3: "A sender MUST NOT generate multiple field lines with the same name in a message … unless that field\'s definition allows multiple field line values to be recombined as a comma-separated list" (8.3: Content-Type is a single media type)',
      observable: 'Two Content-Type lines, application/json then text/html: one client takes the first, another the last, another joins them',
    },
    expect: { check: 'json-content-type', severity: 'warning' },
    respond(res, body) {
      res.writeHead(200, { 'content-type': [JSON_TYPE, 'text/html; charset=UTF-8'] });
      res.end(JSON.stringify(body));
    },
  }),
  planted(interceptFault, {
    name: 'retry-after-fractional-seconds',
    description:
      'While it warms up (the first call of the operation it gets) it answers 503 with the wait it computed in milliseconds divided by 1000: Retry-After: 1.5',
    operationId: 'consignment-publish',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause: '10.2.3: "Retry-After = HTTP-date / delay-seconds", "delay-seconds = 1*DIGIT"',
      observable: 'The first publish gets HTTP 503 with Retry-After: 1.5, neither a date nor whole seconds; the same call sent again is handled',
    },
    expect: { check: 'http-status', severity: 'error' },
    interceptor() {
      const path = pathOf('consignment-publish');
      let warm = false;
      return (req, res) => {
        if (warm || req.url !== path) return false;
        warm = true;
        const body = { data: {}, status: 'fail', code: '503', message: 'Service warming up, retry later.', error: { reason: 'unavailable' } };
        answerAfterBody(req, res, { status: 503, contentType: JSON_TYPE, headers: { 'retry-after': '1.5' }, body: JSON.stringify(body) });
        return true;
      };
    },
  }),
  planted(answerFault, {
    name: 'date-header-iso-8601',
    description: 'Sets the Date header itself, from toISOString(), so node:http does not send its own',
    operationId: 'consignee-delete',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause: '5.6.7: "the sender MUST generate those timestamps in the IMF-fixdate format" (6.6.1: Date = HTTP-date)',
      observable: 'Date: 2026-11-22T02:15:00.000Z instead of Sun, 22 Nov 2026 02:15:00 GMT',
    },
    expect: { check: 'date-header', severity: 'warning' },
    answer: (body) => withFields({ date: new Date().toISOString() })(body),
  }),
  planted(interceptFault, {
    name: 'unauthorized-without-challenge',
    description:
      'An authentication filter in front of the handlers turns away a call with no authorization header with HTTP 401 and the envelope, and no challenge',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause: '15.5.2: "The server generating a 401 response MUST send a WWW-Authenticate header field … containing at least one challenge"',
      observable: 'Request class: a call without the authorization header. It gets HTTP 401 with no WWW-Authenticate field',
    },
    expect: { check: 'www-authenticate', severity: 'warning' },
    interceptor() {
      const path = pathOf('bank-card-by-id');
      return (req, res) => {
        if (req.url !== path || req.headers.authorization !== undefined) return false;
        const body = { data: {}, status: 'fail', code: '401', message: 'Unauthorized.', error: { reason: 'unauthorized' } };
        answerAfterBody(req, res, { status: 401, contentType: JSON_TYPE, body: JSON.stringify(body) });
        return true;
      };
    },
  }),
];

/** The created-at a base entity's audit column holds, beside the record's own `createdAt`. */
const auditTime = (): string => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** A snowflake id (ms since 2010-11-04 shifted left 22 bits, then worker and sequence) from late 2026. */
const SNOWFLAKE_BASE = 2_124_472_563_924_058_112n;

/** A CJK character outside the BMP (Extension E), of the kind rare given names hold. */
const NAME_CHARACTER_OUTSIDE_BMP = '\u{2C029}';

/** Longest bank name, in octets, that the list's column keeps: three Chinese characters and a byte, so every bank name is cut inside its fourth. */
const BANK_NAME_OCTETS = 10;

/** The answer's JSON with every bank name longer than the column cut at its octet limit. */
function withBankNamesCut(body: Json): Buffer {
  let bytes: Buffer = Buffer.from(JSON.stringify(body), 'utf8');
  const data = body.data;
  if (!isPlainObject(data) || !Array.isArray(data.list)) return bytes;
  const member = (value: Buffer) => Buffer.concat([Buffer.from('"bankName":"'), value, Buffer.from('"')]);
  for (const name of new Set(data.list.map((record) => String((record as Json).bankName)))) {
    const whole = Buffer.from(name, 'utf8');
    if (whole.length > BANK_NAME_OCTETS) bytes = replaceBytes(bytes, member(whole), member(whole.subarray(0, BANK_NAME_OCTETS)));
  }
  return bytes;
}

const jsonText: PlantedFault[] = [
  planted(answerFault, {
    name: 'duplicate-created-at-member',
    description: "Each record is serialized with the audit base class's createdAt (a time) and the record's own createdAt (null), both under the same name",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 1,
      standard: 'RFC 7493',
      clause: '2.3: "Objects in I-JSON messages MUST NOT have members with duplicate names" (RFC 8259, 4: names "SHOULD be unique")',
      observable:
        'Every record of the list has "createdAt" twice, a time first and null last: parsers that keep the last see the clean record, those that keep the first see a time',
    },
    expect: { check: 'json-duplicate-names', severity: 'warning' },
    answer(body) {
      const clean = body as Json;
      const data = clean.data;
      if (!isPlainObject(data) || !Array.isArray(data.list)) return json(clean);
      const list = `[${data.list.map((record) => `{"createdAt":${JSON.stringify(auditTime())},${JSON.stringify(record).slice(1)}`).join(',')}]`;
      const marker = '"@list@"';
      return { contentType: JSON_TYPE, body: JSON.stringify({ ...clean, data: { ...data, list: '@list@' } }).replace(marker, list) };
    },
  }),
  planted(answerFault, {
    name: 'truncated-emoji-lone-surrogate',
    description:
      "Remarks end with the reagent marker 🧪; the list cuts each remark to its length in code points, as the database's CHAR_LENGTH counts, but slices UTF-16 units, so the marker loses its low surrogate",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 1,
      standard: 'RFC 7493',
      clause: '2.1: string values "MUST NOT include code points that identify Surrogates or Noncharacters" (RFC 8259, 8.2: such strings are unpredictable)',
      observable: 'Each remark ends in the escape \\ud83e with no low surrogate after it',
    },
    expect: { check: 'json-code-points', severity: 'warning' },
    answer: (body) =>
      json(
        eachListed(body as Json, (record) => {
          const marked = `${String(record.remark)}🧪`;
          return { ...record, remark: marked.slice(0, [...marked].length) };
        }),
      ),
  }),
  planted(answerFault, {
    name: 'snowflake-order-ids-beyond-double',
    description: 'Order ids are 64-bit snowflake ids written as JSON numbers, as a Java Long is by default',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 1,
      standard: 'RFC 7493',
      clause:
        '2.2: "I-JSON messages SHOULD NOT include numbers that express greater magnitude or precision than an IEEE 754 double precision number provides"; a receiver cannot be expected to treat an integer beyond 2^53-1 as exact',
      observable: 'soId values of 19 digits such as 2124472563924058113: parsed as doubles, orders next to each other get the same soId',
    },
    expect: { check: 'json-number-precision', severity: 'warning' },
    answer: (body) => ({
      contentType: JSON_TYPE,
      body: JSON.stringify(body).replace(/"soId":(\d+)/g, (_match, id: string) => `"soId":${SNOWFLAKE_BASE + BigInt(id)}`),
    }),
  }),
  planted(answerFault, {
    name: 'utf8-bom-before-json',
    description: "The answer is written through a UTF-8 writer that starts every stream with a byte order mark, as .NET's Encoding.UTF8 does",
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 1,
      standard: 'RFC 8259',
      clause: '8.1: "Implementations MUST NOT add a byte order mark (U+FEFF) to the beginning of a networked-transmitted JSON text"',
      observable: 'The body starts with the bytes EF BB BF before "{"',
    },
    expect: { check: 'json-bom', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: `\uFEFF${JSON.stringify(body)}` }),
  }),
  planted(answerFault, {
    name: 'cesu8-astral-name',
    description:
      "A consignee's name holds a character outside the BMP, which the server stores and sends in CESU-8 (Oracle's \"UTF8\" character set, Java's modified UTF-8)",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 1,
      standard: 'RFC 3629',
      clause: '3: "The definition of UTF-8 prohibits encoding character numbers between U+D800 and U+DFFF"',
      observable: 'consigneeName carries ED A1 B0 ED B0 A9 (two encoded surrogates) where UTF-8 has F0 AC 80 A9: a strict UTF-8 decoder refuses the body',
    },
    expect: { check: 'json-unicode', severity: 'error' },
    answer(body) {
      const clean = body as Json;
      const data = clean.data;
      if (!succeeded(clean) || !isPlainObject(data)) return json(clean);
      const name = String(data.consigneeName);
      return {
        contentType: JSON_TYPE,
        body: cesu8Bytes(JSON.stringify({ ...clean, data: { ...data, consigneeName: `${name.slice(0, -1)}${NAME_CHARACTER_OUTSIDE_BMP}` } })),
      };
    },
  }),
  planted(answerFault, {
    name: 'utf8-cut-mid-character',
    description: `Bank names are cut to the list column's ${BANK_NAME_OCTETS} octets with a byte slice, so every name of four characters or more ends inside a character`,
    operationId: 'bank-card-list',
    redTeam: {
      round: 1,
      standard: 'RFC 3629',
      clause:
        '4: "UTF8-3 = %xE0 %xA0-BF UTF8-tail / …": a lead octet without its continuation octets is no UTF8-char (RFC 8259, 8.1: JSON text "MUST be encoded using UTF-8")',
      observable:
        'Every bank name arrives as its first three characters and one octet of the fourth (招商银行: 招商银 and E8) before the closing quote: the body is not UTF-8',
    },
    expect: { check: 'json-unicode', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: withBankNamesCut(body as Json) }),
  }),
  planted(answerFault, {
    name: 'gbk-encoded-json',
    description: 'The server runs in a zh_CN.GBK locale and writes its JSON in the platform encoding, labelled as such',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 1,
      standard: 'RFC 8259',
      clause: '8.1: "JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8"',
      observable: 'Content-Type: application/json; charset=GBK, and "操作成功" as the GBK bytes B2 D9 D7 F7 B3 C9 B9 A6, which are not UTF-8',
    },
    expect: { check: 'json-unicode', severity: 'error' },
    answer: (body) => ({ contentType: 'application/json; charset=GBK', body: gbkBytes(JSON.stringify(body)) }),
  }),
];

const owasp: PlantedFault[] = [
  planted(answerFault, {
    name: 'send-code-returns-the-code',
    description: 'The send-code handler returns what it handed the SMS gateway, the code included, as a debugging aid left in',
    operationId: 'send-code',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user"',
      observable: 'data of #11 holds the six-digit verification code just sent to the mobile, so whoever calls it needs no access to the phone',
    },
    expect: { check: 'record-secrets', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      return json(succeeded(clean) ? { ...clean, data: { mobile: mobileOf(payload), verifyCode: smsCodeFor(mobileOf(payload)), expireSeconds: 300 } } : clean);
    },
  }),
  planted(answerFault, {
    name: 'login-returns-password-hash',
    description: 'The login handler answers with the member entity as the ORM loaded it, password hash and salt included',
    operationId: 'login',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API3:2023 Broken Object Property Level Authorization: "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user"',
      observable: 'data of #12 holds "password": "$2a$10$…" (a bcrypt hash) and "salt" beside the member id and mobile',
    },
    expect: { check: 'record-secrets', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const mobile = mobileOf(payload);
      return json(succeeded(clean) ? { ...clean, data: { id: seeded().account.id, mobile, password: passwordHashFor(mobile), salt: saltFor(mobile) } } : clean);
    },
  }),
  planted(answerFault, {
    name: 'cors-any-origin-with-credentials',
    description: "CORS middleware configured with origin '*' and credentials: true, which it sends as they are",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: "A Cross-Origin Resource Sharing (CORS) policy is missing or improperly set" (Fetch, CORS protocol: with credentials, Access-Control-Allow-Origin cannot be "*")',
      observable: 'Access-Control-Allow-Origin: * together with Access-Control-Allow-Credentials: true on bank card data',
    },
    expect: { check: 'cors-credentials-wildcard', severity: 'warning' },
    answer: withFields({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' }),
  }),
  planted(answerFault, {
    name: 'internal-upstream-in-headers',
    description: 'The load balancer adds the upstream it picked, a debugging aid left on in production',
    operationId: 'beta-order-create',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API8:2023 Security Misconfiguration: "Unnecessary features are enabled", and answers "expose … sensitive information" (here the internal network)',
      observable: 'X-Upstream-Addr: 10.20.4.17:8080 and X-Served-By: otp-api-03.prod.trading.internal on the created order',
    },
    expect: { check: 'internal-address', severity: 'info' },
    answer: withFields({ 'x-upstream-addr': '10.20.4.17:8080', 'x-served-by': 'otp-api-03.prod.trading.internal' }),
  }),
  planted(answerFault, {
    name: 'foreign-consignee-by-unknown-id',
    description: "The lookup selects the consignee by id alone, without the member's id in the WHERE clause, so ids of other members' consignees are answered",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: object-level authorization checks "should be considered in every function that accesses a data source using an ID from the user"',
      observable:
        "Request class: consigneeInfoById with an id no list of the member shows (e.g. 100000). It answers another member's consignee, name, mobile and address, where the clean server says no such record",
    },
    expect: { check: 'flow-consignee-deleted', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const id = isPlainObject(payload) ? wholeNumber(payload.id) : undefined;
      return json(clean.code === '404' && id !== undefined && id > 0 ? success(foreignConsignee(id)) : clean);
    },
  }),
  planted(pagingFault, {
    name: 'page-size-ignored-whole-table',
    description: 'The query has no LIMIT: every page is every bank card the member has, whatever pageSize asks',
    operationId: 'bank-card-list',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API4:2023 Unrestricted Resource Consumption: the API is vulnerable when it sets no "maximum number of … records per page to return in a single request-response"',
      observable: 'A page asked with pageSize 10 holds all 200 bank cards, with totalPage 1',
    },
    expect: { check: 'page-size-asked', severity: 'warning' },
    page: (data, _asked, pageAt) => {
      const everything = pageAt(1_000_000, 1).list as Json[];
      return { ...data, totalPage: everything.length > 0 ? 1 : 0, list: everything };
    },
  }),
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
];

const spec: PlantedFault[] = [
  planted(pagingFault, {
    name: 'total-page-rounds-down',
    description: "totalPage is the record count divided by pageSize in integer arithmetic, as Java's int division does, so a last partial page is not counted",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)"',
      observable: 'Brand 1 has 39 products: asked with pageSize 10, totalPage is 3, and page 4 still holds the last 9',
    },
    expect: { check: 'page-total', severity: 'error' },
    page(data, asked, pageAt) {
      const totalPage = data.totalPage as number;
      if (totalPage <= 0) return data;
      const count = (totalPage - 1) * asked.pageSize + (pageAt(asked.pageSize, totalPage).list as Json[]).length;
      return { ...data, totalPage: Math.floor(count / asked.pageSize) };
    },
  }),
  planted(pagingFault, {
    name: 'brand-filter-ignored',
    description: 'The query reads brandId under another name, finds none, and lists the products of every brand',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '1: the beta catalogue gives "products of one brand"; 4, #16 takes "brandId (integer)"',
      observable: 'Pages of any brandId list the whole catalogue, brand 1 first: brandId 2 page 1 shows brand 1 products and a totalPage of every product',
    },
    expect: { check: 'list-selector', severity: 'warning' },
    page(data, asked) {
      const catalogue = seeded();
      const everyProduct = catalogue.betaBrands.flatMap((brand) => catalogue.betaProducts.get(brand.brandId) ?? []);
      return { ...data, ...pageOf(everyProduct, asked.pageSize, asked.pageNo, 'newest-first') };
    },
  }),
  planted(pagingFault, {
    name: 'one-extra-record-per-page',
    description: 'The query fetches pageSize + 1 rows to learn whether another page follows, and forgets to drop the extra one',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '4, #13: "pageSize (number of records to return)"',
      observable: 'Every page but the last holds pageSize + 1 orders, its last order again first on the next page',
    },
    expect: { check: 'page-size-bound', severity: 'error' },
    page(data, asked, pageAt) {
      const next = pageAt(asked.pageSize, asked.pageNo + 1).list as Json[];
      return { ...data, list: [...(data.list as Json[]), ...next.slice(0, 1)] };
    },
  }),
  planted(answerFault, {
    name: 'status-text-frozen-at-creation',
    description: 'statusText is a column written when the purchase order is published and never updated when its status changes',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '3: "Records carry numeric status fields with display text: `status` and `statusText`"',
      observable: `Every purchase order says "${PURCHASE_STATUS_TEXT[0]}" whatever its status: records of status 0 to 3 share one display text`,
    },
    expect: { check: 'status-text', severity: 'warning' },
    answer: (body) => json(eachListed(body as Json, (record) => ({ ...record, statusText: PURCHASE_STATUS_TEXT[0] }))),
  }),
  planted(answerFault, {
    name: 'deleted-consignee-still-readable',
    description: 'The lookup reads from a replica (or a cache filled at start-up) that never sees deletes',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause:
        '4, #9 consigneeInfoById answers "consignee record (2.9)" of the id asked, and #10 deleteConsignee deletes it: after the delete there is no record to answer',
      observable: 'Right until a delete: after deleteConsignee (#10) succeeds for an id, consigneeInfoById (#9) still answers that consignee',
    },
    expect: { check: 'flow-consignee-deleted', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const id = isPlainObject(payload) ? wholeNumber(payload.id) : undefined;
      const stale = clean.code === '404' ? seeded().consignees.find((consignee) => consignee.id === id) : undefined;
      return json(stale ? success(stale) : clean);
    },
  }),
  planted(answerFault, {
    name: 'total-page-stale-after-create',
    description: 'The record count behind totalPage is cached per filter when the server starts and never invalidated',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)"',
      observable:
        'Right until a create: after custom_demand/create, totalPage still counts the pages of the records the server started with (200 demands at pageSize 50: 4, where 201 need 5)',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const atStart = seededAnswer('custom-demand-list', payload).data;
      if (!isPlainObject(data) || !isPlainObject(atStart) || typeof atStart.totalPage !== 'number') return json(clean);
      return json({ ...clean, data: { ...data, totalPage: atStart.totalPage } });
    },
  }),
];

export const redTeamRound1: readonly PlantedFault[] = [...http, ...jsonText, ...owasp, ...spec];
