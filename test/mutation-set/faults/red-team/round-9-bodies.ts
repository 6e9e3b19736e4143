/**
 * Red team round 9, bodies: JSON behind the prefix that guards it from script inclusion, each
 * UTF-8 byte escaped as a character of its own, a gzip stream flushed and never finished, and the
 * NUL that ends a C string sent after the JSON.
 */
import { constants, gzipSync } from 'node:zlib';
import { answerFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, sendText } from './_internals/answers.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** What Spring's MappingJackson2HttpMessageConverter writes before the JSON once setPrefixJson(true) is set. */
const JSON_HIJACKING_PREFIX = ")]}', ";

/** The text with every byte of its UTF-8 above 0x7F written as a \u00XX escape, as an escaper that walks a Lua string byte by byte does. */
const bytesEscaped = (text: string): string =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => (byte < 0x80 ? String.fromCharCode(byte) : `\\u00${byte.toString(16).padStart(2, '0')}`)).join('');

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

export const round9Bodies: readonly PlantedFault[] = [
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
