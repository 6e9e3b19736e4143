/**
 * Red team round 5, bodies: phone numbers written as the digits stored, leading zero and all;
 * numbers rendered by a template engine's locale format; a remark read one character past its
 * end; and JSON handed to a converter whose default charset is ISO-8859-1.
 */
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { answerFault, dataFault, json } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, succeeded } from './_internals/answers.js';
import { jsonWith, type ValueText } from './_internals/json-text.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

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

/** What `(char) reader.read()` makes of the -1 that marks the end of a stream. */
const END_OF_STREAM_AS_CHAR = '\uffff';

/** The text in ISO-8859-1, as Java's encoder writes it: each character beyond it becomes "?". */
const latin1Bytes = (text: string): Buffer => Buffer.from(Array.from(text, (char) => ((char.codePointAt(0) ?? 0) <= 0xff ? char : '?')).join(''), 'latin1');

export const round5Bodies: readonly PlantedFault[] = [
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
  planted(dataFault, {
    name: 'remark-read-past-its-end',
    description:
      'The remark is copied from a legacy fixed-width column by a loop that reads one character too many, `sb.append((char) reader.read())`: read() returns -1 at the end, and the cast turns it into U+FFFF',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 5,
      standard: 'RFC 7493',
      clause:
        '2.1: "Object member names, and string values in arrays and object members, MUST NOT include code points that identify Surrogates or Noncharacters as defined by [UNICODE]"',
      observable:
        'Every consignee read by id has a remark ending in U+FFFF, a noncharacter (bytes EF BF BF): "前台代收\\uffff", and "\\uffff" where the remark is empty. The text is valid UTF-8 and JSON, but no I-JSON message',
    },
    expect: { check: 'json-code-points', severity: 'warning' },
    rewrite: (data) => (isPlainObject(data) && typeof data.remark === 'string' ? { ...data, remark: `${data.remark}${END_OF_STREAM_AS_CHAR}` } : data),
  }),
  planted(answerFault, {
    name: 'json-written-as-iso-8859-1',
    description:
      "The controller returns the JSON as a String (serialized by hand with fastjson), and Spring's StringHttpMessageConverter writes a String in its default charset, ISO-8859-1, under the produces type application/json",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 5,
      standard: 'RFC 8259',
      clause:
        '8.1: "JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8"; 11: "No "charset" parameter is defined for this registration"',
      observable:
        'Content-Type: application/json;charset=ISO-8859-1, and every Chinese character of the page is "?": the message 操作成功 reads "????", statusText 已取消 "???", remarks the same. The JSON parses; the text is gone',
    },
    expect: { check: 'json-charset', severity: 'warning' },
    answer: (body) => ({ contentType: 'application/json;charset=ISO-8859-1', body: latin1Bytes(JSON.stringify(body)) }),
  }),
];
