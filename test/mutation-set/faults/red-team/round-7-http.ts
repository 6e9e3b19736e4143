/**
 * Red team round 7, HTTP: an interim answer sent to clients that cannot know one, an expectation
 * turned away by an old web server's default, a language tag in Java's locale form, and chunk sizes
 * padded to a fixed width on the answers too long for one buffer.
 */
import { answerAfterBody, answerFault, interceptFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText } from './_internals/answers.js';
import { writeChunked } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The page lighttpd 1.4 answers a refused expectation with. */
const EXPECTATION_FAILED_PAGE = [
  '<?xml version="1.0" encoding="iso-8859-1"?>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
  '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">',
  ' <head>',
  '  <title>417 - Expectation Failed</title>',
  ' </head>',
  ' <body>',
  '  <h1>417 - Expectation Failed</h1>',
  ' </body>',
  '</html>',
  '',
].join('\n');

/** Whether the request's Expect field names 100-continue (case-insensitive, RFC 9110 10.1.1). */
const expectsContinue = (header: string | undefined): boolean => (header ?? '').split(',').some((member) => member.trim().toLowerCase() === '100-continue');

/** What the servlet container buffers before it commits an answer: a body that fits goes out with Content-Length, a longer one in chunks. */
const OUTPUT_BUFFER_BYTES = 8192;

/** The width the writer reserves for each chunk-size, before it knows the size, and fills in after, left-aligned ("%-8x"). */
const CHUNK_SIZE_WIDTH = 8;

const paddedSize = (size: number): string => `${size.toString(16).padEnd(CHUNK_SIZE_WIDTH, ' ')}\r\n`;

/** The body in chunks of the buffer's size, each chunk-size padded with spaces, then the last-chunk padded alike. */
function paddedChunks(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let start = 0; start < body.length; start += OUTPUT_BUFFER_BYTES) {
    const data = body.subarray(start, start + OUTPUT_BUFFER_BYTES);
    parts.push(Buffer.from(paddedSize(data.length), 'latin1'), data, Buffer.from('\r\n', 'latin1'));
  }
  parts.push(Buffer.from(`${paddedSize(0)}\r\n`, 'latin1'));
  return Buffer.concat(parts);
}

export const round7Http: readonly PlantedFault[] = [
  planted(socketFault, {
    name: 'processing-interim-sent-to-http-1-0',
    description:
      'Placing an order waits on the ERP for stock, so the handler first calls response.writeProcessing() to keep proxies from timing out, a WebDAV-era habit (102 Processing, RFC 2518), without looking at the version of the request',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 7,
      standard: 'RFC 9110',
      clause: '15.2: "Since HTTP/1.0 did not define any 1xx status codes, a server MUST NOT send a 1xx response to an HTTP/1.0 client"',
      observable:
        'Request class: createAlphaOrders in HTTP/1.0 (as ab, wget and nginx\'s default proxy_pass send it). The answer starts "HTTP/1.1 102 Processing" and an empty line, which an HTTP/1.0 client takes for the whole answer: no order is read; HTTP/1.1 clients skip the interim answer',
    },
    expect: { check: 'interim-answer-version', severity: 'warning', breaks: ['rfc9110-15.2-no-interim-to-http10'] },
    respond(res, body) {
      res.writeProcessing();
      sendText(res, JSON.stringify(body));
    },
  }),
  planted(interceptFault, {
    name: 'expect-continue-refused-with-417',
    description:
      'The PHP application runs under lighttpd 1.4, whose server.reject-expect-100-with-417 is on by default; the proxy in front answers 100 Continue itself and passes the Expect field on, so lighttpd refuses the request after its body is on the way',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 7,
      standard: 'RFC 9110',
      clause:
        '10.1.1: an origin server that receives a 100-continue expectation MUST "either send an immediate response with a final status code, if that status can be determined by examining just the request-line and header fields, or send an immediate 100 (Continue) response to encourage the client to send the request content"',
      observable:
        "Request class: a create sent with Expect: 100-continue (as .NET's HttpWebRequest sends every POST, and curl a large body). After 100 Continue it gets HTTP 417 Expectation Failed, an HTML page, and no demand is created; the same create without Expect succeeds",
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-10.1.1-expect-continue'] },
    interceptor() {
      const path = pathOf('custom-demand-create');
      return (req, res) => {
        if (req.url !== path || !expectsContinue(req.headers.expect)) return false;
        answerAfterBody(req, res, { status: 417, contentType: 'text/html', body: EXPECTATION_FAILED_PAGE });
        return true;
      };
    },
  }),
  planted(answerFault, {
    name: 'content-language-as-java-locale',
    description:
      'The message text is localised, and the filter that says so writes response.setHeader("Content-Language", locale.toString()): Java\'s Locale.toString() joins language and country with "_", where toLanguageTag() gives the BCP 47 tag',
    operationId: 'login',
    redTeam: {
      round: 7,
      standard: 'RFC 9110',
      clause:
        '8.5: "Content-Language = #language-tag"; 8.5.1: "language-tag = <Language-Tag, see [RFC5646], Section 2.1>", whose subtags are separated by "-" ("zh_CN" is no tag)',
      observable:
        'Every login answer carries Content-Language: zh_CN, no language tag: parsers of the field (Intl.Locale, ICU, Accept-Language matchers) refuse it or read an unknown language',
    },
    expect: { check: 'field-syntax', severity: 'warning', breaks: ['rfc9110-5.5-field-grammar'] },
    answer: (body) => ({ ...json(body), headers: { 'content-language': 'zh_CN' } }),
  }),
  planted(socketFault, {
    name: 'chunk-size-padded-with-spaces',
    description: `An answer longer than the ${OUTPUT_BUFFER_BYTES}-byte output buffer is streamed in chunks by a hand-written writer that reserves ${CHUNK_SIZE_WIDTH} characters for each chunk-size before it fills the buffer, and fills them in after with String.format("%-${CHUNK_SIZE_WIDTH}x"), spaces and all`,
    operationId: 'custom-demand-list',
    redTeam: {
      round: 7,
      standard: 'RFC 9112',
      clause:
        '7.1: "chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF", "chunk-size = 1*HEXDIG"; 7.1.1: "chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )": whitespace after the size belongs only before a ";"',
      observable: `Request class: a page longer than ${OUTPUT_BUFFER_BYTES} bytes (pageSize 50 of custom demands). It comes chunked, each chunk-size line "2000    " (spaces to ${CHUNK_SIZE_WIDTH} characters): node:http and fetch refuse it ("Invalid character in chunk size"); pages that fit the buffer come with Content-Length as before`,
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      if (text.length <= OUTPUT_BUFFER_BYTES) return sendText(res, text.toString('utf8'));
      writeChunked(res, paddedChunks(text));
    },
  }),
];
