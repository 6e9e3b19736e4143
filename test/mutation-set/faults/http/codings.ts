import { answerFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, sendText } from '../_internals/answers.js';
import { gbkBytes } from '../_internals/encodings.js';
import { chunk, LAST_CHUNK, writeChunked } from '../_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import { createHash } from 'node:crypto';
import { deflateRawSync, gzipSync } from 'node:zlib';

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

/** RFC 9530's Content-Digest of these bytes with SHA-256: a Structured Fields dictionary whose value is a byte sequence. */
const contentDigest = (bytes: Buffer): string => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;

/** Whether a request asks for gzip by name, with a weight above 0, as a compressing proxy reads Accept-Encoding before it compresses. */
function asksForGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return coding === 'gzip' && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** Whether Accept-Encoding names this coding with a weight above 0, as a compressing filter reads it before it picks one. */
function accepts(header: string | undefined, coding: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return name === coding && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** The body in the chunked coding, ended by the last-chunk: one chunk is all a small JSON text takes. */
const chunked = (body: Buffer): Buffer => Buffer.concat([chunk(body), LAST_CHUNK]);

/** Answers whose content codings or framing of the content break RFC 9110 and RFC 9112: lengths, gzip, deflate and chunked coding, Vary and digests. */
export const codingFaults: readonly PlantedFault[] = [
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
  planted(answerFault, {
    name: 'content-digest-of-platform-charset-bytes',
    description:
      "The open API puts a digest on its catalogue answers for the partners' integrity checks: a ResponseBodyAdvice serializes the envelope to a String and sets Content-Digest from DigestUtils.sha256(json.getBytes()), in the JVM's platform charset, GBK on the host (file.encoding was never set); the message converter then writes the same String as UTF-8",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 10,
      standard: 'RFC 9530',
      clause:
        '2: "The Content-Digest HTTP field can be used in requests and responses to communicate digests that are calculated using a hashing algorithm applied to the actual message content"',
      observable:
        'Every getProductsByBrandId answer to a JSON body carries Content-Digest: sha-256=:…:, which matches the bytes sent only where the body is all ASCII (a refusal such as "brandId: must be an integer"); for every page, whose message is 操作成功 and whose names are Chinese, it is the SHA-256 of the body re-encoded in GBK, so a partner that checks it rejects every page',
    },
    expect: { check: 'content-digest', severity: 'warning', breaks: ['rfc9530-2-content-digest'] },
    answer(body) {
      const text = JSON.stringify(body);
      return { contentType: JSON_TYPE, headers: { 'content-digest': contentDigest(gbkBytes(text)) }, body: text };
    },
  }),
  planted(answerFault, {
    name: 'content-encoding-names-charset',
    description:
      'The character set is written into Content-Encoding (header("Content-Encoding: UTF-8"), mistaken for the charset) on a body that no content coding was applied to',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause:
        '8.4: Content-Encoding "indicates what content codings have been applied to the representation, beyond those inherent in the media type, and thus what decoding mechanisms have to be applied in order to obtain data in the media type referenced by the Content-Type header field" (here none was, and "UTF-8" is no content coding)',
      observable:
        'Content-Encoding: UTF-8 on plain JSON: a client that decodes content codings meets one no registry knows (curl --compressed stops with error 61), fetch hands the bytes on undecoded',
    },
    expect: { check: 'content-encoding', severity: 'warning' },
    answer: (body) => ({ ...json(body), headers: { 'content-encoding': 'UTF-8' } }),
  }),
  planted(socketFault, {
    name: 'gzip-without-vary',
    description:
      'The nginx in front compresses JSON for clients that ask for gzip (gzip on, gzip_types application/json) and leaves gzip_vary at its default, off',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause:
        '12.5.5: "An origin server SHOULD send a Vary header field when its algorithm for selecting a representation varies based on aspects of the request message other than the method and target URI"',
      observable:
        'Request class: Accept-Encoding: gzip. The page comes gzip-coded with no Vary field, so a shared cache may hand the coded bytes to a client that never asked for gzip; without Accept-Encoding it comes plain',
    },
    expect: { check: 'vary-accept-encoding', severity: 'warning', breaks: ['rfc9110-12.5.5-vary'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (!asksForGzip(res.req.headers['accept-encoding'])) return sendText(res, text);
      const coded = gzipSync(text);
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', 'content-length': String(coded.length) });
      res.end(coded);
    },
  }),
  planted(socketFault, {
    name: 'deflate-coding-without-zlib-wrapper',
    description:
      'The compression filter offers deflate before gzip, whichever the client lists first, and writes it with a raw Deflater (new Deflater(level, true), zlib.deflateRaw): the bare DEFLATE stream IIS and older Apache modules sent, without the zlib header and Adler-32 checksum',
    operationId: 'consignment-delete',
    redTeam: {
      round: 5,
      standard: 'RFC 9110',
      clause:
        '8.4.1.2: "The "deflate" coding is a "zlib" data format [RFC1950] containing a "deflate" compressed data stream [RFC1951] that uses a combination of the Lempel-Ziv (LZ77) compression algorithm and Huffman coding"',
      observable:
        'Request class: Accept-Encoding: gzip, deflate (the default of Python requests, curl --compressed and browsers). The answer says Content-Encoding: deflate, but its bytes start with no zlib header (78 xx): zlib inflate fails, only a raw inflate reads the JSON',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (!accepts(res.req.headers['accept-encoding'], 'deflate')) return sendText(res, text);
      const coded = deflateRawSync(Buffer.from(text, 'utf8'));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'deflate', vary: 'Accept-Encoding', 'content-length': String(coded.length) });
      res.end(coded);
    },
  }),
  planted(socketFault, {
    name: 'chunked-coding-applied-twice',
    description:
      'The PHP handler sets Transfer-Encoding: chunked itself and writes its own chunk framing around the JSON; the web server in front takes that output for the body and chunks it again under the one Transfer-Encoding field',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 5,
      standard: 'RFC 9112',
      clause:
        '6.1: "A sender MUST NOT apply the chunked transfer coding more than once to a message body (i.e., chunking an already chunked message is not allowed)"',
      observable:
        'Every delete answer, decoded once as its single Transfer-Encoding: chunked says, is still chunked: a chunk-size line before the JSON and "0" and an empty line after it, so no client parses it',
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      writeChunked(res, chunked(chunked(Buffer.from(JSON.stringify(body), 'utf8'))));
    },
  }),
  planted(socketFault, {
    name: 'gzip-despite-weight-zero',
    description:
      'The compression filter decides with `acceptEncoding.contains("gzip")`, as many hand-written filters do, so a client that lists gzip with q=0 to refuse it still gets it',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 6,
      standard: 'RFC 9110',
      clause: '12.4.2: "A value of 0 means "not acceptable""; 12.5.3: Accept-Encoding "gzip;q=0" excludes the coding the server then applies',
      observable:
        'Request class: Accept-Encoding: gzip;q=0, identity (gzip refused). The answer comes with Content-Encoding: gzip and gzip bytes (1f 8b) where the clean server sends the JSON as it is',
    },
    expect: { check: 'content-encoding', severity: 'warning' },
    respond(res, body) {
      const text = JSON.stringify(body);
      const accept = res.req.headers['accept-encoding'] ?? '';
      if (!accept.includes('gzip')) return sendText(res, text);
      const coded = gzipSync(Buffer.from(text, 'utf8'));
      res.writeHead(200, { 'content-type': JSON_TYPE, 'content-encoding': 'gzip', vary: 'Accept-Encoding', 'content-length': String(coded.length) });
      res.end(coded);
    },
  }),
];
