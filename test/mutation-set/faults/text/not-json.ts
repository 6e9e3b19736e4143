import { answerFault, inputFault, json, socketFault, stringsIn } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { eachListed, JSON_TYPE, sendText, succeeded } from '../_internals/answers.js';
import {
  apostropheEscaped,
  jsonWith,
  oracleDecimals,
  pythonNaN,
  pythonNone,
  pythonUnicodeEscaped,
  quotesOnlyEscaped,
  type ValueText,
} from '../_internals/json-text.js';
import { SPEC } from '../_internals/standards.js';
import { xmlElement } from '../_internals/xml.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import { constants, gzipSync } from 'node:zlib';

/** The second line of every consignee remark, as the member typed it into a multi-line box. */
const REMARK_SECOND_LINE = '收货时间：工作日9:00-17:00';

/** What PHP prints, with display_errors on and html_errors at its default, when a handler reads a key the request does not have. */
const PAGE_NO_NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: pageNo in <b>/var/www/otp/application/controllers/pc/Custom_demand.php</b> on line <b>57</b><br />\n';

/** Whether an Accept field asks for JSON by name (Spring then picks its JSON converter); absent, or the full wildcard alone, it leaves the choice to the server. */
const asksForJson = (accept: string | undefined): boolean => /\bapplication\/(?:[\w.+-]*\+)?json\b/i.test(accept ?? '');

/** The list as a PHP loop writes it: each record followed by a comma (`$json .= json_encode($row) . ','`), the last one too. */
function listWithTrailingComma(body: Json): string {
  const data = body.data;
  if (!isPlainObject(data) || !Array.isArray(data.list) || data.list.length === 0) return JSON.stringify(body);
  const marker = '"@list@"';
  const list = `[${data.list.map((record) => `${JSON.stringify(record)},`).join('')}]`;
  return JSON.stringify({ ...body, data: { ...data, list: '@list@' } }).replace(marker, list);
}

/** The order fields (2.3) that hold a telephone number, by the request field (#14, #15) each is filled from. */
const PHONE_SOURCES: ReadonlyMap<string, string> = new Map([
  ['soCaPhone', 'soCaPhone'],
  ['soCiaPhone', 'soCaPhone'],
  ['soCaMobile', 'soCaMobile'],
  ['soCiaMobile', 'soCaMobile'],
]);

/** Each phone field written as the digits of the number the request gave, unquoted: "010-62345678" as 01062345678. */
function phoneDigitsAsSent(payload: unknown): ValueText {
  return (value, key) => {
    const source = PHONE_SOURCES.get(key);
    if (source === undefined || typeof value !== 'number' || !isPlainObject(payload)) return undefined;
    const sent = payload[source];
    return typeof sent === 'string' && /\d/.test(sent) ? sent.replace(/\D/g, '') : undefined;
  };
}

/** Groups of three digits separated by commas, as the zh_CN and en_US locales group them. */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A number as FreeMarker's ${value} renders it without ?c: the locale's "#,##0.###" format, with
 * grouping separators. No number of these records has more than the three decimals it keeps.
 */
const freemarkerNumber: ValueText = (value) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  return `${value < 0 ? '-' : ''}${grouped(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
};

/** What a debugging `echo json_encode(...)` left in the delete method writes before the framework's answer. */
const debugEcho = (payload: unknown): string => JSON.stringify({ demandId: isPlainObject(payload) ? (payload.demandId ?? null) : null, deleted: 1 });

/** U+3000 IDEOGRAPHIC SPACE, which a Chinese input method types for a space in full-width mode. */
const IDEOGRAPHIC_SPACE = '\u3000';

/** A string as Python's repr() writes it: in single quotes unless it holds one and no double quote, control characters escaped. */
function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escapes: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', [quote]: `\\${quote}` };
  const body = Array.from(text, (char) => {
    const point = char.codePointAt(0) ?? 0;
    return escapes[char] ?? (point < 0x20 || point === 0x7f ? `\\x${point.toString(16).padStart(2, '0')}` : char);
  }).join('');
  return `${quote}${body}${quote}`;
}

/** A value as Python's str() of the dict the handler built writes it: the repr of each part, with ", " and ": " between. */
function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (isPlainObject(value))
    return `{${Object.entries(value)
      .map(([name, member]) => `${pythonString(name)}: ${pythonRepr(member)}`)
      .join(', ')}}`;
  return String(value);
}

/** The array the response-copying filter reads the buffered body back into, with a single read(). */
const COPY_BUFFER_BYTES = 16_384;

/** What Spring's MappingJackson2HttpMessageConverter writes before the JSON once setPrefixJson(true) is set. */
const JSON_HIJACKING_PREFIX = ")]}', ";

/** Whether Accept-Encoding names gzip with a weight above 0, as the compression filter reads it. */
function asksForGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return coding === 'gzip' && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** A gzip member as GZIPOutputStream(out, true) leaves it after flush() without finish(): a sync-flushed deflate stream, no final block, no CRC-32 and ISIZE. */
const flushedNeverFinished = (text: string): Buffer => gzipSync(Buffer.from(text, 'utf8'), { finishFlush: constants.Z_SYNC_FLUSH });

/** Answers that are no JSON text (RFC 8259: section 1, "body and response are JSON"): another grammar, another serializer, or more than the JSON. */
export const notJsonFaults: readonly PlantedFault[] = [
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
    name: 'discount-written-without-leading-zero',
    description: 'The answer is put together in PL/SQL, each number turned to text with TO_CHAR, which writes 0.95 as .95',
    operationId: 'beta-order-create',
    redTeam: {
      round: 3,
      standard: 'RFC 8259',
      clause:
        '6: a number "contains an integer component that may be prefixed with an optional minus sign" ("int = zero / ( digit1-9 *DIGIT )"): ".95" has none',
      observable: 'Every order line with a discount reads "siDiscount":.95 (or .9, .98): JSON.parse and every strict parser refuse the created order',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, oracleDecimals) }),
  }),
  planted(answerFault, {
    name: 'null-rendered-as-python-none',
    description:
      'The list is rendered from a Jinja template that writes each column that is not text as {{ value }}, so the null createdAt, a Python None, renders as None',
    operationId: 'bank-card-list',
    redTeam: {
      round: 3,
      standard: 'RFC 8259',
      clause:
        '3: "The literal names MUST be lowercase. No other literal names are allowed." (a value is false, null, true, an object, an array, a number or a string)',
      observable: 'Every bank card reads "createdAt":None where 2.8 has null: JSON.parse refuses the whole page',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, pythonNone) }),
  }),
  planted(inputFault, {
    name: 'php-notice-before-json',
    description:
      'A PHP handler reads $body["pageNo"] without isset(), and display_errors is on in production: the notice is printed into the answer ahead of the JSON',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 3,
      standard: 'RFC 8259',
      clause: '2: "A JSON text is a serialized value", "JSON-text = ws value ws"',
      observable:
        'On every call without pageNo, the form #1 documents: the body starts "<br />\\n<b>Notice</b>:  Undefined index: pageNo in <b>/var/www/…" before the envelope, so it is no JSON text',
    },
    expect: { check: 'json-body', severity: 'error' },
    when: (payload) => isPlainObject(payload) && !Object.hasOwn(payload, 'pageNo'),
    answer: (body) => ({ contentType: JSON_TYPE, body: `${PAGE_NO_NOTICE}${JSON.stringify(body)}` }),
  }),
  planted(socketFault, {
    name: 'xml-unless-json-asked-for',
    description:
      "Jackson's XML module is on the classpath, pulled in by another library, and Spring's XML converter comes before the JSON one: whenever Accept leaves the choice open, the answer is XML",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '1: "Every operation is an HTTP call whose body and response are JSON."',
      observable:
        "Request class: a call without Accept, or with Accept: */* (curl's and fetch's default). It gets application/xml, <Result><data><id>3</id>…</Result>; Accept: application/json still gets JSON",
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      if (asksForJson(res.req.headers.accept)) return sendText(res, JSON.stringify(body));
      sendText(res, xmlElement('Result', body), { 'content-type': 'application/xml;charset=UTF-8' });
    },
  }),
  planted(answerFault, {
    name: 'trailing-comma-after-last-record',
    description: 'The list is put together by string concatenation, each record followed by a comma, and nobody trims the last one',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 4,
      standard: 'RFC 8259',
      clause: '5: "array = begin-array [ value *( value-separator value ) ] end-array": a value-separator is followed by a value, never by "]"',
      observable: 'Every page that holds orders ends its list with ",]": JSON.parse and every strict parser refuse it; an empty page parses',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: listWithTrailingComma(body as Json) }),
  }),
  planted(answerFault, {
    name: 'phone-digits-with-leading-zero',
    description:
      'The order view is written by a hand-made serializer that takes the sample at its word, phones as integers, and writes the phone columns (VARCHAR, the digits as entered) without quotes; a Chinese landline always starts with its area code, 0 and all',
    operationId: 'beta-order-create',
    redTeam: {
      round: 5,
      standard: 'RFC 8259',
      clause: '6: "int = zero / ( digit1-9 *DIGIT )" … "Leading zeros are not allowed"',
      observable:
        'Request class: an order whose soCaPhone is a landline ("010-62345678", as every Chinese landline starts with 0). The created order reads "soCaPhone":01062345678 and "soCiaPhone":01062345678: JSON.parse and every strict parser refuse it',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer(body, payload) {
      const clean = body as Json;
      if (!succeeded(clean)) return json(clean);
      return { contentType: JSON_TYPE, body: jsonWith(clean, phoneDigitsAsSent(payload)) };
    },
  }),
  planted(answerFault, {
    name: 'numbers-with-grouping-commas',
    description:
      'The order list is rendered by a FreeMarker template that writes each number as ${order.soTotal}, without the ?c built-in, so the locale format groups its digits with commas',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 5,
      standard: 'RFC 8259',
      clause: '6: "number = [ minus ] int [ frac ] [ exp ]", a run of digits with no separator; 4: "A single comma separates a value from a following name"',
      observable:
        'Every listed order reads "soCtime":1,782,524,738 and "soCaMobile":16,492,200,243 (and soTotal 1,095.18 from 1,000 yuan on): after the first comma a parser meets a number where a member name belongs, and refuses the page',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, freemarkerNumber) }),
  }),
  planted(answerFault, {
    name: 'debug-echo-before-envelope',
    description:
      'The ThinkPHP delete action still holds a debugging `echo json_encode([...])` before its `return json($result)`: both are written, the echoed object first, under the one Content-Type',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 6,
      standard: 'RFC 8259',
      clause: '2: "A JSON text is a serialized value", "JSON-text = ws value ws": one value, and nothing after it',
      observable:
        'Every delDemand answer is two JSON objects back to back, {"demandId":12,"deleted":1}{"data":{},"status":"success",…}: JSON.parse refuses it (non-whitespace after the first value)',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body, payload) => ({ contentType: JSON_TYPE, body: `${debugEcho(payload)}${JSON.stringify(body)}` }),
  }),
  planted(answerFault, {
    name: 'strings-escaped-by-unicode-escape-codec',
    description:
      "The consignment service is Python, and its JSON is written by hand to keep it ASCII: each string is text.encode('unicode_escape') with quotes escaped after. For Chinese the codec's \\uXXXX is JSON's escape too, so nobody noticed the rest: \\xNN up to U+00FF, \\UXXXXXXXX beyond the BMP",
    operationId: 'consignment-delete',
    redTeam: {
      round: 7,
      standard: 'RFC 8259',
      clause:
        '7: "escape = %x5C", followed by one of " \\ / b f n r t or "uXXXX"; "To escape an extended character that is not in the Basic Multilingual Plane, the character is represented as a 12-character sequence, encoding the UTF-16 surrogate pair"',
      observable:
        'Request class: a consignment whose text holds a character of U+0080 to U+00FF (the µ of pack "100µl", the ° of "2-8°C") or beyond the BMP, then deleted: its answer reads "100\\xb5l" (or "\\U00020bb7"), and JSON.parse refuses it; text in ASCII and Chinese parses as before',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, pythonUnicodeEscaped) }),
  }),
  planted(answerFault, {
    name: 'json-indented-with-ideographic-spaces',
    description:
      'The consignee detail is rendered from a pretty-printed JSON template whose indentation was typed with a Chinese input method left in full-width mode: every line is indented with U+3000 IDEOGRAPHIC SPACE where ASCII spaces belong',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 7,
      standard: 'RFC 8259',
      clause:
        '2: "Insignificant whitespace is allowed before or after any of the six structural characters", "ws = *( %x20 / %x09 / %x0A / %x0D )": U+3000 is none of them',
      observable:
        'Every consigneeInfoById answer is indented with the bytes E3 80 80 (U+3000) at the start of each line after the first: JSON.parse and every strict parser refuse it at the first one',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: JSON.stringify(body, null, IDEOGRAPHIC_SPACE) }),
  }),
  planted(answerFault, {
    name: 'not-found-written-as-python-repr',
    description:
      "The consignee service is Flask; its not-found branch was written in a hurry as return Response(str(result), mimetype='application/json'), and str() of a dict is its Python repr, not JSON",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 8,
      standard: 'RFC 8259',
      clause:
        '7: "string = quotation-mark *char quotation-mark", "quotation-mark = %x22": a string is in double quotes, and so is each member name (4: "member = string name-separator value")',
      observable:
        "Request class: consigneeInfoById of an id no consignee has (999999). The refusal reads {'data': {}, 'status': 'fail', 'code': '404', …}, single quotes throughout: JSON.parse refuses it; consignees found are answered in JSON as before",
    },
    expect: { check: 'json-body', severity: 'error' },
    answer(body) {
      const clean = body as Json;
      return clean.code === '404' ? { contentType: JSON_TYPE, body: pythonRepr(clean) } : json(clean);
    },
  }),
  planted(socketFault, {
    name: 'delete-answered-with-empty-body',
    description:
      'The delete controller method returns void under @ResponseStatus(HttpStatus.OK), so Spring writes no body; a filter sets Content-Type: application/json on every /pc answer regardless',
    operationId: 'consignee-delete',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '2.1: "Every response body is a JSON object with these fields" (data, status, code, message, error); RFC 8259, 2: "JSON-text = ws value ws", and an empty text holds no value',
      observable:
        'Request class: deleteConsignee of a consignee that exists. It answers HTTP 200, Content-Type application/json, Content-Length: 0 and no body; the consignee is gone, and an unknown id still gets the refusal envelope',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      if (!succeeded(body as Json)) return sendText(res, JSON.stringify(body));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': '0' });
      res.end();
    },
  }),
  planted(socketFault, {
    name: 'long-page-cut-at-copy-buffer',
    description: `A response-logging filter buffers each answer to log it, then copies it to the client with a single in.read(buffer) into a ${COPY_BUFFER_BYTES}-byte array, taking one read for the whole body, and sets Content-Length from what that read returned`,
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 8,
      standard: 'RFC 8259',
      clause:
        '2: "A JSON text is a serialized value", "JSON-text = ws value ws": an object begun must be ended (4: "object = begin-object [ member *( value-separator member ) ] end-object")',
      observable: `Request class: a page longer than ${COPY_BUFFER_BYTES} bytes (getAlphaOrders with pageSize 30). It comes with Content-Length: ${COPY_BUFFER_BYTES}, framed correctly, and the JSON stops in the middle of an order; pages of 10 orders come whole`,
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      const whole = Buffer.from(JSON.stringify(body), 'utf8');
      const copied = whole.subarray(0, COPY_BUFFER_BYTES);
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': String(copied.length) });
      res.end(copied);
    },
  }),
  planted(answerFault, {
    name: 'json-behind-hijacking-prefix',
    description:
      'After a penetration test reported JSON hijacking, the member area\'s MappingJackson2HttpMessageConverter was given setPrefixJson(true), which writes ")]}\', " before every body for the web pages to strip; API clients were not told',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '2.1: "Every response body is a JSON object with these fields" (RFC 8259, 2: "JSON-text = ws value ws", and ")]}\'," is neither whitespace nor a value)',
      observable: `Every bankCardInfoById answer starts with the six characters ${JSON_HIJACKING_PREFIX.trim()} and a space before the envelope: JSON.parse refuses it at the first ")"; stripped of the prefix, the card is the clean server's`,
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: `${JSON_HIJACKING_PREFIX}${JSON.stringify(body)}` }),
  }),
  planted(socketFault, {
    name: 'gzip-stream-never-finished',
    description:
      "The purchase order list's compression filter wraps the response stream in new GZIPOutputStream(out, true) and flushes it after writing, but its close() is never reached, so finish() never runs: the deflate stream has no final block and the gzip member no trailer",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 9,
      standard: 'RFC 9110',
      clause:
        '8.4.1.3: "The "gzip" coding is an LZ77 coding with a 32-bit Cyclic Redundancy Check (CRC) that is commonly produced by the gzip file compression program [RFC1952]" (RFC 1952, 2.2: a member ends with CRC32 and ISIZE)',
      observable:
        'Request class: Accept-Encoding: gzip (curl --compressed, Python requests, browsers). The page comes with Content-Encoding: gzip, its bytes ending 00 00 ff ff: zlib\'s gunzip fails with "unexpected end of file", while a decoder that stops at what it has reads the whole JSON',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (!asksForGzip(res.req.headers['accept-encoding'])) return sendText(res, text);
      const coded = flushedNeverFinished(text);
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', vary: 'Accept-Encoding', 'content-length': String(coded.length) });
      res.end(coded);
    },
  }),
  planted(answerFault, {
    name: 'json-followed-by-nul-terminator',
    description:
      "The demand service is C on libmicrohttpd with cJSON; it answers with MHD_create_response_from_buffer(strlen(json) + 1, json, …), the + 1 left from code that copied the string's terminating NUL, so that byte goes out after the JSON",
    operationId: 'custom-demand-create',
    redTeam: {
      round: 9,
      standard: 'RFC 8259',
      clause: '2: "A JSON text is a serialized value", "JSON-text = ws value ws", "ws = *( %x20 / %x09 / %x0A / %x0D )": U+0000 after the value is neither',
      observable:
        'Every create answer ends with the byte 00 after the closing brace, counted in Content-Length: JSON.parse refuses it (unexpected non-whitespace after the value), and a terminal or log shows nothing amiss',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer(body) {
      const terminated = `${JSON.stringify(body)}\u0000`;
      return { contentType: JSON_TYPE, headers: { 'content-length': String(Buffer.byteLength(terminated)) }, body: terminated };
    },
  }),
];
