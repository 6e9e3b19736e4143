import { answerFault, dataFault, json } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { eachListed, JSON_TYPE, succeeded } from '../_internals/answers.js';
import { cesu8Bytes, gbkBytes, replaceBytes } from '../_internals/encodings.js';
import { bigDecimalOfDouble, jsonWith } from '../_internals/json-text.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';

const APPLICATION_JSON = 'application/json; charset=utf-8';

/**
 * Java's "modified UTF-8" (DataOutput.writeUTF, JNI): each UTF-16 unit encoded on its own, so a
 * character beyond the BMP becomes two three-byte sequences for its surrogates (as CESU-8 does).
 */
function modifiedUtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === 0) bytes.push(0xc0, 0x80);
    else if (unit < 0x80) bytes.push(unit);
    else if (unit < 0x800) bytes.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    else bytes.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
  }
  return Buffer.from(bytes);
}

/** The clean answer's JSON text, rewritten. */
const rewritten = (body: unknown, rewrite: (text: string) => string) => ({ contentType: APPLICATION_JSON, body: rewrite(JSON.stringify(body)) });

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

/** What `(char) reader.read()` makes of the -1 that marks the end of a stream. */
const END_OF_STREAM_AS_CHAR = '\uffff';

/** The text in ISO-8859-1, as Java's encoder writes it: each character beyond it becomes "?". */
const latin1Bytes = (text: string): Buffer => Buffer.from(Array.from(text, (char) => ((char.codePointAt(0) ?? 0) <= 0xff ? char : '?')).join(''), 'latin1');

/** The amounts of a created order (2.3, 2.4) the pricing engine computes as doubles. */
const AMOUNTS: ReadonlySet<string> = new Set(['soTotal', 'soFreightPrice', 'siPrice', 'siDiscount', 'siAmount', 'siVamount']);

/** Answers whose JSON text breaks RFC 8259, RFC 7493 or RFC 3629 (section 1: "body and response are JSON"). */
export const jsonTextFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'json-body', severity: 'error' }, answerFault, [
    {
      name: 'nan-for-a-price',
      breaks: ['rfc8259-6-number-grammar'],
      description: "writes NaN for a price it could not compute, as Python's json.dumps does unless told not to",
      operationId: 'beta-products-by-brand',
      answer: (body) => rewritten(body, (text) => text.replace(/"price":[-\d.eE+]+/, '"price":NaN')),
    },
    {
      name: 'python-none-for-null',
      breaks: ['rfc8259-3-literals'],
      description: 'writes null as None, as a Python dict turned into text with str() does',
      operationId: 'purchase-order-list',
      answer: (body) => rewritten(body, (text) => text.replaceAll(':null', ':None')),
    },
    {
      name: 'raw-line-break-in-string',
      breaks: ['rfc8259-7-escapes-required'],
      description: 'writes a line break inside a remark as it is, not as \\n, as JSON put together from strings does',
      operationId: 'custom-demand-list',
      answer: (body) => rewritten(body, (text) => text.replaceAll('"remark":"', '"remark":"见附件\n')),
    },
  ]),
  ...caughtBy({ check: 'json-unicode', severity: 'error' }, answerFault, [
    {
      name: 'modified-utf-8',
      breaks: ['rfc3629-3-surrogates'],
      description: "writes its JSON in Java's modified UTF-8, a character beyond the BMP as two encoded surrogates",
      operationId: 'consignee-delete',
      answer: (body) => ({ contentType: APPLICATION_JSON, body: modifiedUtf8(JSON.stringify({ ...(body as Json), message: '操作成功 🧪' })) }),
    },
  ]),
  ...caughtBy({ check: 'json-charset', severity: 'warning' }, answerFault, [
    {
      name: 'charset-gbk-label',
      breaks: ['rfc8259-11-no-charset'],
      description: 'labels its UTF-8 JSON application/json; charset=GBK',
      operationId: 'bank-card-list',
      answer: (body) => ({ ...json(body), contentType: 'application/json; charset=GBK' }),
    },
  ]),
  ...caughtBy({ check: 'json-bom', severity: 'error' }, answerFault, [
    {
      name: 'utf8-bom',
      breaks: ['rfc8259-8.1-no-bom', 'rfc3629-6-bom'],
      description: "writes a UTF-8 byte order mark before its JSON, as .NET's Encoding.UTF8 does",
      operationId: 'bank-card-by-id',
      answer: (body) => rewritten(body, (text) => `\uFEFF${text}`),
    },
  ]),
  ...caughtBy({ check: 'json-duplicate-names', severity: 'warning' }, answerFault, [
    {
      name: 'code-written-twice',
      breaks: ['rfc8259-4-unique-names', 'rfc7493-2.3-unique-names'],
      description: 'writes `code` twice in the envelope, a wrapper’s "0" before the handler’s own',
      operationId: 'custom-demand-delete',
      answer: (body) => rewritten(body, (text) => text.replace('"code":', '"code":"0","code":')),
    },
  ]),
  ...caughtBy({ check: 'json-number-precision', severity: 'warning' }, answerFault, [
    {
      name: 'price-past-double',
      breaks: ['rfc8259-6-interoperable-numbers', 'rfc7493-2.2-numbers'],
      description: 'writes prices worked out in decimal arithmetic to 20 places (128.33333333333333333333), more digits than a double keeps',
      operationId: 'beta-products-by-brand',
      answer: (body) => rewritten(body, (text) => text.replace(/"price":(\d+)(?:\.\d+)?/g, (_price, whole: string) => `"price":${whole}.${'3'.repeat(20)}`)),
    },
  ]),
  ...caughtBy({ check: 'json-code-points', severity: 'warning' }, dataFault, [
    {
      name: 'emoji-cut-in-half',
      breaks: ['rfc8259-8.2-unpaired-surrogates', 'rfc7493-2.1-code-points'],
      description: 'cuts a remark to a length counted in UTF-16 units, through the middle of an emoji: a lone surrogate',
      operationId: 'bank-card-by-id',
      rewrite: (data) => (typeof data.remark === 'string' ? { ...data, remark: `${data.remark} 🧪`.slice(0, -1) } : data),
    },
  ]),
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
  planted(answerFault, {
    name: 'amounts-from-bigdecimal-of-double',
    description:
      'The pricing engine computes in double, and the order view wraps each amount with new BigDecimal(double) rather than BigDecimal.valueOf(double): the exact binary fraction, some fifty digits, which Jackson writes out in full as it writes every BigDecimal',
    operationId: 'beta-order-create',
    redTeam: {
      round: 7,
      standard: 'RFC 7493',
      clause:
        '2.2: "I-JSON messages SHOULD NOT include numbers that express greater magnitude or precision than an IEEE 754 double precision number provides, for example 1E400 or 3.141592653589793238462643383279"',
      observable:
        'Every created beta order writes each amount that has a fraction with up to 50 decimals: "siPrice":7.20999999999999996447286321199499070644378662109375, a discount of 0.95 as 0.9499999999999999555910790149937383830547332763671875, siAmount, siVamount and soTotal alike. JSON.parse reads the doubles meant; a decimal reader (Python\'s Decimal, Java\'s BigDecimal) gets amounts off by a fraction of a fen',
    },
    expect: { check: 'json-number-precision', severity: 'warning' },
    answer(body) {
      const clean = body as Json;
      return succeeded(clean) ? { contentType: JSON_TYPE, body: jsonWith(clean, bigDecimalOfDouble(AMOUNTS)) } : json(clean);
    },
  }),
];
