/**
 * Red team round 4, HTTP: a framework's default status for POST, request header fields read more
 * strictly than their grammar allows, a validator dated in the wrong zone, content coding without
 * Vary, a proxy cache that answers POSTs from its store, and chunked coding sent to HTTP/1.0.
 */
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { type Json } from '../../../../src/reference/json.js';
import { answerAfterBody, answerFault, interceptFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, pathOf, sendText, succeeded } from './_internals/answers.js';
import { SPEC } from './_internals/standards.js';
import { chunk, LAST_CHUNK, writeChunked } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The envelope a refusal of the gateway or the framework carries, as the clean server words its own refusals. */
const refusal = (code: string, message: string, reason: string): string => JSON.stringify({ data: {}, status: 'fail', code, message, error: { reason } });

/** Whether a request asks for gzip by name, with a weight above 0, as a compressing proxy reads Accept-Encoding before it compresses. */
function asksForGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return coding === 'gzip' && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** Hours China Standard Time is ahead of UTC. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** How long the proxy keeps an answer (proxy_cache_valid 200 5m). */
const CACHE_SECONDS = 300;

/** Keeps what the server writes to this answer, the body given to `end`, and hands it to `keep`. */
function onBody(res: ServerResponse, keep: (text: string) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [body] = args;
    if (typeof body === 'string' || Buffer.isBuffer(body)) keep(String(body));
    return end(...args);
  }) as ServerResponse['end'];
}

/** Whether an answer's text is a success in the full envelope; the proxy keeps only those (HTTP 200 with code "200"). */
function isSuccess(text: string): boolean {
  try {
    return succeeded(JSON.parse(text) as Json);
  } catch {
    return false;
  }
}

/** The bytes in pieces of this size, as a writer that flushes its buffer whenever it fills sends them. */
function pieces(bytes: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) parts.push(bytes.subarray(start, start + size));
  return parts;
}

export const round4Http: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'post-answered-201-created',
    description:
      'The beta open API runs on NestJS, whose @Post() handlers answer 201 Created unless told otherwise; nobody added @HttpCode(200) to createBetaOrders',
    operationId: 'beta-order-create',
    redTeam: {
      round: 4,
      standard: SPEC,
      clause:
        '4 rule 1: "Each operation in the table answers HTTP 200 with the envelope of 2.1" (7 rule 2: "The only HTTP status given is 200, labelled as normal operation")',
      observable: 'Every createBetaOrders answer, the created order and refusals alike, comes with HTTP 201 Created (and no Location) where 200 is documented',
    },
    expect: { check: 'http-status', severity: 'error' },
    answer: (body) => ({ ...json(body), status: 201 }),
  }),
  planted(interceptFault, {
    name: 'authorization-field-name-case-sensitive',
    description:
      "The delete runs as a function behind a gateway that hands it the header fields under the names the client wrote them with; the function reads headers['authorization'] alone",
    operationId: 'consignee-delete',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause: '5.1: "Field names are case-insensitive" (part 5 rule 1 of the spec: "Every operation takes the header authorization")',
      observable:
        'Request class: the valid token under the field name Authorization (as Java, Python and most curl examples write it). It gets code "401" and deletes nothing; the same value under authorization deletes',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-5.1-field-name-case'] },
    interceptor() {
      const path = pathOf('consignee-delete');
      return (req) => {
        if (req.url === path && !req.rawHeaders.some((name, index) => index % 2 === 0 && name === 'authorization')) {
          req.headers.authorization = undefined;
        }
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'json-content-type-compared-exactly',
    description:
      'A hand-written check turns away any request whose Content-Type is not the string "application/json" itself, as a Go handler comparing r.Header.Get("Content-Type") does',
    operationId: 'send-code',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause:
        '8.3.1: "The type and subtype tokens are case-insensitive", and a media type may carry parameters (RFC 8259, 11, of application/json\'s "charset": "Adding one really has no effect on compliant recipients")',
      observable:
        'Request class: Content-Type application/json; charset=utf-8 (as OkHttp sends a String body) or Application/JSON. It gets HTTP 415 and no code is sent; application/json exactly gets the code',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-8.3.1-request-type-case'] },
    interceptor() {
      const path = pathOf('send-code');
      const body = refusal('415', 'Unsupported Media Type: send application/json.', 'unsupported media type');
      return (req, res) => {
        const type = req.headers['content-type'];
        if (req.url !== path || type === undefined || type === 'application/json' || !/^application\/json\b/i.test(type)) return false;
        answerAfterBody(req, res, { status: 415, contentType: JSON_TYPE, body });
        return true;
      };
    },
  }),
  planted(answerFault, {
    name: 'last-modified-china-time-labelled-gmt',
    description:
      'Last-Modified is the time the record was read, written by a SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss \'GMT\'") that nobody gave a time zone, on a host set to Asia/Shanghai',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause:
        '8.8.2.1: "An origin server with a clock (as defined in Section 5.6.7) MUST NOT generate a Last-Modified date that is later than the server\'s time of message origination (Date)"',
      observable:
        'Last-Modified is eight hours after the Date of the same answer (Date: … 02:15:00 GMT, Last-Modified: … 10:15:00 GMT): a date in the future, which caches and conditional requests then compare against',
    },
    expect: { check: 'last-modified', severity: 'warning', breaks: ['rfc9110-8.8.2.1-last-modified'] },
    answer: (body) => ({ ...json(body), headers: { 'last-modified': new Date(Date.now() + CHINA_OFFSET_MS).toUTCString() } }),
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
  planted(interceptFault, {
    name: 'proxy-cache-ignores-post-body',
    description:
      'The nginx in front caches the product catalogue (proxy_cache_methods GET HEAD POST, proxy_cache_valid 200 5m) under its default key, $scheme$proxy_host$request_uri, which leaves out the request body and the authorization header',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 4,
      standard: 'RFC 9111',
      clause:
        '4: a cache "MUST NOT reuse a stored response unless" … "the request method associated with the stored response allows it to be used for the presented request"; RFC 9110, 9.3.3: "a POST request cannot be satisfied by a cached POST response because POST is potentially unsafe"',
      observable: `Once one call has succeeded, every call to the path for ${CACHE_SECONDS} s gets that same page with Age and X-Cache-Status: HIT: brandId 2 answers brand 1's products, page 2 answers page 1, a call without authorization answers them too`,
    },
    expect: { check: 'page-number-echo', severity: 'error' },
    interceptor() {
      const path = pathOf('beta-products-by-brand');
      let stored: { readonly text: string; readonly at: number } | undefined;
      return (req, res) => {
        if (req.url !== path || req.method !== 'POST') return false;
        const age = stored && Math.floor((Date.now() - stored.at) / 1000);
        if (stored && age !== undefined && age < CACHE_SECONDS) {
          answerAfterBody(req, res, { contentType: JSON_TYPE, headers: { age: String(age), 'x-cache-status': 'HIT' }, body: stored.text });
          return true;
        }
        res.setHeader('x-cache-status', 'MISS');
        onBody(res, (text) => {
          if (isSuccess(text)) stored = { text, at: Date.now() };
        });
        return false;
      };
    },
  }),
  planted(socketFault, {
    name: 'chunked-answer-to-http-1-0',
    description:
      "The list is streamed by a hand-written HTTP/1.1 responder (protocol_version set to HTTP/1.1, as Python's http.server takes it) that always frames with chunked coding, whatever version the request was in",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 4,
      standard: 'RFC 9112',
      clause:
        '6.1: "A server MUST NOT send a response containing Transfer-Encoding unless the corresponding request indicates HTTP/1.1 (or later minor revisions)"',
      observable:
        'Request class: the list asked in HTTP/1.0 (as ab, and nginx\'s proxy_pass by default, send). The answer is Transfer-Encoding: chunked, which an HTTP/1.0 client does not decode: its body starts with a chunk size line, not "{"',
    },
    expect: { check: 'transfer-encoding-version', severity: 'warning', breaks: ['rfc9112-6.1-no-transfer-encoding-to-http10'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (res.req.httpVersion !== '1.0') return sendText(res, text);
      writeChunked(res, Buffer.concat([...pieces(Buffer.from(text, 'utf8'), 1024).map(chunk), LAST_CHUNK]));
    },
  }),
];
