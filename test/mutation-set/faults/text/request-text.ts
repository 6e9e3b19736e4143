import { answerFault, interceptFault, misreadFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { JSON_TYPE, pathOf, sendText } from '../_internals/answers.js';
import { bodyObject, rewriteBody } from '../_internals/request-body.js';
import { SPEC } from '../_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/**
 * The text with every escape inside a string other than \" and \\ kept as written: \u738b stays
 * the six characters it is written with. Done by doubling the backslash, which JSON.parse then
 * reads back as the one backslash the intake kept.
 */
function escapesKeptAsWritten(text: string): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (!inString) {
      inString = char === '"';
      out += char;
      continue;
    }
    if (char === '"') inString = false;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = text[index + 1] ?? '';
    out += next === '"' || next === '\\' ? `\\${next}` : `\\\\${next}`;
    index += 1;
  }
  return out;
}

/** Thrown where java.net.URLDecoder throws: a "%" without two hex digits after it. */
class IllegalEscape extends Error {}

/** The text as java.net.URLDecoder.decode(text, "UTF-8") makes it: "+" a space, each run of %XX the UTF-8 bytes it spells. */
function urlDecoded(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '+') {
      out += ' ';
      index += 1;
    } else if (char === '%') {
      const bytes: number[] = [];
      while (text[index] === '%') {
        const hex = text.slice(index + 1, index + 3);
        if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new IllegalEscape(`URLDecoder: Illegal hex characters in escape (%) pattern - ${hex}`);
        bytes.push(Number.parseInt(hex, 16));
        index += 3;
      }
      out += Buffer.from(bytes).toString('utf8');
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** The body the handler gets: the decoded text, or none where the decoder threw (answered as a body that is not JSON). */
function formDecodedBody(text: string): string {
  try {
    return urlDecoded(text);
  } catch (error) {
    if (error instanceof IllegalEscape) return '';
    throw error;
  }
}

/** The order's header fields (#14) as the waybill step leaves them: each top-level string in Normalization Form KC. */
function headerInFormKc(text: string): string {
  const order = bodyObject(text);
  if (!order) return text;
  const normalized = Object.fromEntries(Object.entries(order).map(([name, value]) => [name, typeof value === 'string' ? value.normalize('NFKC') : value]));
  // A body the step leaves as it was goes on as sent, byte for byte.
  return Object.entries(normalized).some(([name, value]) => value !== order[name]) ? JSON.stringify(normalized) : text;
}

/** The size of the buffer the response-logging filter reads the cached answer back with. */
const READ_BYTES = 1024;

/** The text as `new String(buffer, 0, n, UTF_8)` of each read of READ_BYTES bytes, appended: a character across two reads becomes U+FFFD in each. */
function decodedPerRead(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  let out = '';
  for (let start = 0; start < bytes.length; start += READ_BYTES) out += bytes.subarray(start, start + READ_BYTES).toString('utf8');
  return out;
}

/** The text with every byte of its UTF-8 above 0x7F written as a \u00XX escape, as an escaper that walks a Lua string byte by byte does. */
const bytesEscaped = (text: string): string =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => (byte < 0x80 ? String.fromCharCode(byte) : `\\u00${byte.toString(16).padStart(2, '0')}`)).join('');

/** Spring's HtmlUtils.htmlEscape, which the XSS filter applies to every request string. */
const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const htmlEscaped = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** Every string in a request body, member names aside, as the filter hands it on. */
function escapedStrings(value: unknown): unknown {
  if (typeof value === 'string') return htmlEscaped(value);
  if (Array.isArray(value)) return value.map(escapedStrings);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([name, member]) => [name, escapedStrings(member)]));
  return value;
}

/** Text a request sends, answered as other text: decoded twice, escaped, URL-decoded, normalised or replaced (RFC 8259 §7, The Unicode Standard §3.2). */
export const requestTextFaults: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'request-escapes-kept-as-written',
    description:
      "createBetaOrders hands the body, as a CLOB, to the ERP's PL/SQL order intake, which reads each field with REGEXP_SUBSTR and then REPLACE(value, '\\\"', '\"') and REPLACE(value, '\\\\', '\\'), the only escapes its author had met: every other escape is stored as written. The web shop's JSON.stringify writes Chinese as it is, so nobody saw it; PHP's json_encode, Python's json.dumps and .NET's System.Text.Json escape non-ASCII by default",
    operationId: 'beta-order-create',
    redTeam: {
      round: 10,
      standard: 'RFC 8259',
      clause:
        '7: "If the character is in the Basic Multilingual Plane (U+0000 through U+FFFF), then it may be represented as a six-character sequence: a reverse solidus, followed by the lowercase letter u, followed by four hexadecimal digits that encode the character\'s code point"',
      observable:
        'Request class: an order whose strings carry escapes, as PHP, Python and .NET clients send Chinese by default (soCaName "\\u738b\\u6653\\u660e" for 王晓明, soNote with \\n). The created order reads soCaName and soCiaName "\\u738b\\u6653\\u660e", the escape\'s own eighteen characters, and a line break in soNote, which every JSON writer escapes, comes back as a backslash and an n; text without escapes comes back as sent',
    },
    expect: { check: 'text-escapes-kept', severity: 'warning', breaks: ['rfc8259-7-request-escapes'] },
    interceptor() {
      const path = pathOf('beta-order-create');
      return (req) => {
        if (req.url === path) rewriteBody(req, escapesKeptAsWritten);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'json-body-url-decoded',
    description:
      'The order service\'s request wrapper (an XssFilter that reads the body once to clean it and hands the copy on) calls URLDecoder.decode(body, "UTF-8") on every body, left from the old web shop, whose jQuery posted encodeURIComponent(JSON.stringify(order)). A JSON body is not URL-encoded: the decoder turns each "+" into a space and each %XX into the byte it spells, and throws IllegalArgumentException at a "%" without two hex digits after it, which the filter answers as a body it could not read',
    operationId: 'beta-order-create',
    redTeam: {
      round: 11,
      standard: 'RFC 8259',
      clause:
        '7: "All Unicode characters may be placed within the quotation marks, except for the characters that MUST be escaped: quotation mark, reverse solidus, and the control characters"; 9: "A JSON parser MUST accept all texts that conform to the JSON grammar"',
      observable:
        'Request class: an order whose text holds "+" or "%" (soNote "干冰+冷链运输", "纯度≥99.5%请附COA"). The first is created with soNote "干冰 冷链运输", the plus a space; the second is refused with code "400", "Request body is not valid JSON.", and no order is created; text without either comes back as sent',
    },
    expect: { check: 'text-url-decoded', severity: 'warning', breaks: ['rfc8259-7-request-unescaped'] },
    interceptor() {
      const path = pathOf('beta-order-create');
      return (req) => {
        if (req.url === path) rewriteBody(req, formDecodedBody);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'order-text-in-compatibility-form',
    description:
      'The alpha order service hands the consignee block and the note to the courier\'s waybill API, which refuses full-width digits and letters, so a step before the controller binds the order runs every top-level string of the body through java.text.Normalizer.normalize(value, Form.NFKC) (the "全角转半角" helper) and binds the result: the order is stored in compatibility form, not as sent. NFKC maps the full-width punctuation a Chinese input method types (，（）：；) and full-width digits to their ASCII look-alikes, ℃ to °C, ① to 1, ₂ to 2, ㎖ to ml',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 12,
      standard: 'The Unicode Standard',
      clause:
        '3.2, C7: "When a process purports not to modify the interpretation of a valid coded character sequence, it shall make no change to that coded character sequence other than the possible replacement of character sequences by their canonical-equivalent sequences" (NFKC replaces compatibility equivalents; UAX #15: "Normalization Forms KC and KD must not be blindly applied to arbitrary text")',
      observable:
        'Request class: an order whose text holds a full-width character, as any Chinese note with a comma does (soNote "工作日送货，周末请电话联系（前台代收）", soCaStreet "中关村大街２７号"). The created order reads soNote "工作日送货,周末请电话联系(前台代收)" and soCaStreet "中关村大街27号", ASCII punctuation and digits in place of what was sent; text without such characters comes back as sent',
    },
    expect: { check: 'text-compatibility-form', severity: 'warning', breaks: ['unicode-3.2-c7-request-text'] },
    interceptor() {
      const path = pathOf('alpha-order-create');
      return (req) => {
        if (req.url === path) rewriteBody(req, headerInFormKc);
        return false;
      };
    },
  }),
  planted(socketFault, {
    name: 'answer-decoded-a-kilobyte-at-a-time',
    description: `The purchase order service logs every answer through a response-logging filter that caches the body (ContentCachingResponseWrapper) and then writes it to the client from a String it builds with the loop copied from a blog post: in.read(buffer) into a byte[${READ_BYTES}], sb.append(new String(buffer, 0, n, StandardCharsets.UTF_8)) per read. Each read is decoded on its own, so a character whose UTF-8 bytes straddle two reads is malformed in both and replaced with U+FFFD; the String is written back as UTF-8 with its new length`,
    operationId: 'purchase-order-list',
    redTeam: {
      round: 12,
      standard: 'The Unicode Standard',
      clause:
        '3.2, C7: "When a process purports not to modify the interpretation of a valid coded character sequence, it shall make no change to that coded character sequence other than the possible replacement of character sequences by their canonical-equivalent sequences" (a well-formed three-byte character comes out as two or three U+FFFD)',
      observable: `Request class: a page longer than ${READ_BYTES} bytes (purchase_order/list with pageSize 10 and up). Where a multiple of ${READ_BYTES} bytes falls inside a character, it comes as U+FFFD twice or three times (page 2 of 20: statusText 已完成 reads "已\\ufffd\\ufffd\\ufffd成", bytes EF BF BD): the JSON parses and the text is damaged, on 5 of the first 10 pages of 20; a page under ${READ_BYTES} bytes comes whole`,
    },
    expect: { check: 'text-replaced-on-one-read', severity: 'warning', breaks: ['unicode-3.2-c7-answer-text'] },
    respond: (res, body) => sendText(res, decodedPerRead(JSON.stringify(body))),
  }),
  planted(answerFault, {
    name: 'utf8-bytes-escaped-as-characters',
    description:
      'The consignment service is OpenResty, and its JSON is written by a hand-made Lua encoder that keeps the output ASCII by walking each string with s:byte(i) and writing string.format("\\\\u%04x", b) for every byte above 0x7F: one escape per UTF-8 byte, where JSON wants one per character',
    operationId: 'consignment-delete',
    redTeam: {
      round: 9,
      standard: 'RFC 8259',
      clause:
        '7: a character in the BMP "may be represented as a six-character sequence: a reverse solidus, followed by the lowercase letter u, followed by four hexadecimal digits that encode the character\'s code point" (not the octets of its UTF-8)',
      observable:
        'Every delConsignment answer writes each character beyond ASCII as the escapes of its UTF-8 bytes: productCname 丙酮 reads "\\u00e4\\u00b8\\u0099\\u00e9\\u0085\\u00ae", which parses without error to "ä¸\\u0099é\\u0085®"; the message 操作成功 and every Chinese name alike',
    },
    expect: { check: 'text-double-encoded', severity: 'warning', breaks: ['rfc8259-7-code-point-escape'] },
    answer: (body) => ({ contentType: JSON_TYPE, body: bytesEscaped(JSON.stringify(body)) }),
  }),
  planted(misreadFault, {
    name: 'request-text-stored-html-escaped',
    description:
      "The open API shares the web console's XssFilter, a servlet filter that wraps every request and runs each string value through HtmlUtils.htmlEscape before the controller binds it, so text is stored as the HTML that would display it",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '4, #14: createAlphaOrders takes "soCaName, …, soCaStreet, soNote (all strings)" and answers the "Order with items (2.3, 2.4)"; 2.3: the order has "soCaStreet | string", "soNote | string": the order created and listed (#13) holds the text sent',
      observable:
        'Request class: an order whose text holds & < > " or \' (soNote "发票抬头\\"杭州博远\\" & 送货前电话", soCaStreet "A&B座"). The created order, and the list after, read "&quot;杭州博远&quot; &amp; 送货前电话" and "A&amp;B座"; text without those characters comes back as sent',
    },
    expect: { check: 'text-html-escaped', severity: 'warning' },
    misreads: (payload) => escapedStrings(payload) as Json,
  }),
];
