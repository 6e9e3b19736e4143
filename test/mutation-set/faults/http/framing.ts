import { operations, wirePath } from '../../../../src/catalogue/operations.js';
import { answerAfterBody, type FaultFacts, interceptFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { documented, JSON_TYPE, pathOf, sendText, succeeded } from '../_internals/answers.js';
import { holdAnswer, wireMessage } from '../_internals/held-answer.js';
import { chunk, LAST_CHUNK, writeChunked, writeRaw } from '../_internals/wire.js';
import { type Breaking, planted, type PlantedFault, reporting } from '../../planted-fault.js';

/**
 * A fault that writes its answer's bytes itself, status line and all, and closes the connection:
 * HTTP/1.1 framing no server library would write. undici refuses each before the kit reads the
 * body, so the call is left without an answer (`response-received`, 4 rule 1).
 */
function framingFault(facts: FaultFacts & Breaking & { bytes(json: string): string }): PlantedFault {
  const fault = socketFault({ ...facts, respond: (res, body) => res.socket?.end(facts.bytes(JSON.stringify(body))) });
  return { ...fault, expect: reporting({ check: 'response-received', severity: 'error' }, facts.breaks) };
}

const CRLF = '\r\n';

const length = (json: string) => Buffer.byteLength(json);

/** A status line and header fields, sound but for what the fault breaks: a Date as every origin server with a clock sends. */
const head = (statusLine: string, ...fields: string[]) =>
  [statusLine, 'content-type: application/json', `date: ${new Date().toUTCString()}`, ...fields, '', ''].join(CRLF);

/** The paths of section 4 under /pc and /auth: the member area, served apart from the partner API. */
const MEMBER_PATHS = new Set(operations.filter((operation) => operation.pathStyle === 'double-slash').map((operation) => wirePath(operation)));

/** The preflight block of the widely copied nginx CORS snippet, with Authorization added to the allowed headers. */
const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'DNT,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,Authorization',
  'access-control-max-age': '1728000',
  'content-length': '0',
};

/** The name the purchase-order module's timing snippet gives its field: two words, a space between. */
const TIMING_FIELD = 'X-Execution Time';

/** The fields every raw answer here carries besides its own, so that it breaks no rule but its fault's: a Date (RFC 9110, 6.6.1) and the close it ends with (RFC 9112, 9.6). */
const rawFields = (fields: readonly (readonly [string, string])[]): (readonly [string, string])[] => [
  ['Date', new Date().toUTCString()],
  ...fields,
  ['Connection', 'close'],
];

/** The link-values of a page's first, previous, next and last pages, each the operation's path with the request's fields as query parameters (RFC 8288). */
function pageLinks(path: string, asked: Json, pageNo: number, totalPage: number): string[] {
  const at = (page: number, rel: string) => {
    const query = new URLSearchParams(Object.entries({ ...asked, pageNo: page }).map(([name, value]): [string, string] => [name, String(value)]));
    return `<${path}?${query}>; rel="${rel}"`;
  };
  return [at(1, 'first'), ...(pageNo > 1 ? [at(pageNo - 1, 'prev')] : []), ...(pageNo < totalPage ? [at(pageNo + 1, 'next')] : []), at(totalPage, 'last')];
}

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

const jsonFields = (body: string): [string, string][] => [
  ['Date', new Date().toUTCString()],
  ['Content-Type', JSON_TYPE],
  ['Content-Length', String(Buffer.byteLength(body))],
];

/** The customer PO number of a create-order request (#14, #15: soCusPo), where it is a string. */
const customerPo = (payload: unknown): string | undefined => (isPlainObject(payload) && typeof payload.soCusPo === 'string' ? payload.soCusPo : undefined);

/** Answers whose framing RFC 9110 and RFC 9112 forbid (section 1: every operation is "an HTTP call"). */
export const framingFaults: readonly PlantedFault[] = [
  framingFault({
    name: 'content-length-beside-chunked',
    breaks: ['rfc9112-6.2-length-beside-chunked'],
    description:
      'sends a content-length beside transfer-encoding: chunked, as a proxy that adds one to a chunked answer does (the shape of response smuggling)',
    operationId: 'consignee-delete',
    bytes: (json) =>
      `${head('HTTP/1.1 200 OK', 'content-length: 5', 'transfer-encoding: chunked')}${length(json).toString(16)}${CRLF}${json}${CRLF}0${CRLF}${CRLF}`,
  }),
  framingFault({
    name: 'two-content-lengths',
    breaks: ['rfc9112-6.3-invalid-length', 'rfc9110-5.3-one-field-line'],
    description: 'sends two content-length fields that disagree, as a proxy that adds its own beside the server’s does',
    operationId: 'bank-card-by-id',
    bytes: (json) => `${head('HTTP/1.1 200 OK', `content-length: ${length(json)}`, `content-length: ${length(json) + 2}`)}${json}`,
  }),
  framingFault({
    name: 'chunk-size-in-decimal',
    breaks: ['rfc9112-7.1-chunked'],
    description: 'writes the size of its one chunk in decimal, not in hexadecimal',
    operationId: 'custom-demand-delete',
    bytes: (json) => `${head('HTTP/1.1 200 OK', 'transfer-encoding: chunked')}${length(json)}${CRLF}${json}${CRLF}0${CRLF}${CRLF}`,
  }),
  framingFault({
    name: 'folded-header',
    breaks: ['rfc9112-5.2-obs-fold'],
    description: 'folds a long header value onto a second line, as HTTP/1.0 allowed',
    operationId: 'send-code',
    bytes: (json) => `${head('HTTP/1.1 200 OK', 'x-sms-note: code sent,', '  expires in 300 s', `content-length: ${length(json)}`)}${json}`,
  }),
  framingFault({
    name: 'bare-lf-line-ends',
    breaks: ['rfc9112-2.2-crlf'],
    description: 'ends its status line and header lines with LF alone, as a hand-written server on Unix does',
    operationId: 'login',
    bytes: (json) => `${head('HTTP/1.1 200 OK', `content-length: ${length(json)}`).replaceAll(CRLF, '\n')}${json}`,
  }),
  framingFault({
    name: 'nul-in-header',
    breaks: ['rfc9110-5.5-no-cr-lf-nul'],
    description: 'copies a value with a NUL character into a header of its answer',
    operationId: 'purchase-order-list',
    bytes: (json) => `${head('HTTP/1.1 200 OK', 'x-query: status=1\u0000', `content-length: ${length(json)}`)}${json}`,
  }),
  framingFault({
    name: 'space-before-colon',
    breaks: ['rfc9112-5.1-no-whitespace-before-colon'],
    description: 'writes a space between a header name and its colon',
    operationId: 'bank-card-list',
    bytes: (json) => `${head('HTTP/1.1 200 OK', `content-length : ${length(json)}`)}${json}`,
  }),
  framingFault({
    name: 'four-digit-status',
    breaks: ['rfc9112-4-status-line', 'rfc9110-15-status-range'],
    description: 'answers with the status 2000, an application code written where the HTTP status goes',
    operationId: 'consignee-by-id',
    bytes: (json) => `${head('HTTP/1.1 2000 OK', `content-length: ${length(json)}`)}${json}`,
  }),
  framingFault({
    name: 'no-content-with-a-body',
    breaks: ['rfc9110-6.4.1-no-content'],
    description: 'answers HTTP 204 No Content, and sends the envelope after it all the same',
    operationId: 'custom-demand-create',
    bytes: (json) => `${head('HTTP/1.1 204 No Content', `content-length: ${length(json)}`)}${json}`,
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
  planted(interceptFault, {
    name: 'preflight-204-with-content-length',
    description:
      "So that the member web pages on another origin can call the member area, its nginx location for /pc and /auth took the widely copied CORS snippet: if ($request_method = 'OPTIONS') { add_header Access-Control-Allow-Origin '*'; …; add_header Content-Type 'text/plain; charset=utf-8'; add_header Content-Length 0; return 204; }, Authorization added to the allowed headers; nginx sends the added Content-Length with the 204 as it is told",
    operationId: 'custom-demand-create',
    redTeam: {
      round: 12,
      standard: 'RFC 9110',
      clause: '8.6: "A server MUST NOT send a Content-Length header field in any response with a status code of 1xx (Informational) or 204 (No Content)."',
      observable:
        'Request class: a CORS preflight (OPTIONS with Origin and Access-Control-Request-Method: POST, Access-Control-Request-Headers: authorization, content-type, which a browser sends before each cross-origin call with the token) to a path under /pc or /auth. It gets HTTP 204 No Content with Content-Length: 0 and the CORS grant, where the clean server answers the envelope with code "405"; POSTs are answered as by the clean server, and OPTIONS under /openapi as before',
    },
    expect: { check: 'content-length-without-content', severity: 'warning', breaks: ['rfc9110-8.6-no-length-on-204'] },
    interceptor() {
      return (req, res) => {
        if (req.method !== 'OPTIONS' || !MEMBER_PATHS.has(req.url ?? '')) return false;
        answerAfterBody(req, res, { status: 204, contentType: 'text/plain; charset=utf-8', headers: PREFLIGHT_HEADERS });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'field-name-with-a-space',
    description: `The purchase-order module is PHP under Apache httpd with mod_php; a timing line added to its front controller calls header('${TIMING_FIELD}: ' . $ms . 'ms'), and neither PHP's header(), which refuses only line breaks, nor Apache checks the name, so the field goes out with a space inside its name; browsers skip the line and curl shows it, so nobody noticed`,
    operationId: 'purchase-order-list',
    redTeam: {
      round: 12,
      standard: 'RFC 9110',
      clause:
        '5.1: "field-name = token", and 5.6.2: "token = 1*tchar", which takes no space; 2.2: "a sender MUST NOT generate protocol elements that do not match the grammar defined by the corresponding ABNF rules" (RFC 9112, 5: "field-line = field-name ":" OWS field-value OWS")',
      observable: `Every purchase_order/list answer (pages and refusals alike) carries the header line "${TIMING_FIELD}: <n>ms": node:http and undici refuse the whole answer (HPE_INVALID_HEADER_TOKEN), so a strict client cannot read any page; the status line, the other fields and the body are the clean server's`,
    },
    expect: { check: 'response-received', severity: 'error' },
    interceptor() {
      const path = pathOf('purchase-order-list');
      return (req, res) => {
        if (req.url !== path) return false;
        const started = process.hrtime.bigint();
        holdAnswer(res, (held) => {
          const ms = Math.max(1, Math.round(Number(process.hrtime.bigint() - started) / 1e6));
          // Written past node:http, which refuses such a name; the connection is closed after it, as a message node:http did not frame.
          res.socket?.end(
            wireMessage(res, held, [
              [TIMING_FIELD, `${ms}ms`],
              ['Connection', 'close'],
            ]),
          );
        });
        return false;
      };
    },
  }),
  planted(socketFault, {
    name: 'status-line-without-reason-space',
    description:
      'A hand-written responder sends no reason phrase and writes the status line as `HTTP/1.1 ${status}`, without the space that must still follow the code',
    operationId: 'consignment-publish',
    redTeam: {
      round: 3,
      standard: 'RFC 9112',
      clause:
        '4: "status-line = HTTP-version SP status-code SP [ reason-phrase ]"; "A server MUST send the space that separates the status-code from the reason-phrase even when the reason-phrase is absent (i.e., the status-line would end with the space)"',
      observable:
        'The status line is "HTTP/1.1 200" with nothing after the code: lenient clients (node:http, undici) read it, strict parsers of the grammar refuse the answer',
    },
    expect: { check: 'status-line', severity: 'warning', breaks: ['rfc9112-4-status-line'] },
    respond(res, body) {
      const data = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200',
        fields: rawFields([
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(data.length)],
        ]),
        body: data,
      });
    },
  }),
  planted(socketFault, {
    name: 'header-lines-end-in-bare-lf',
    description:
      'The answer is written by hand, its status line and header fields joined with "\\n" as a multi-line template string in a file saved with Unix line ends has them',
    operationId: 'consignment-delete',
    redTeam: {
      round: 3,
      standard: 'RFC 9112',
      clause:
        '2.1: "HTTP-message = start-line CRLF *( field-line CRLF ) CRLF [ message-body ]" (2.2: a recipient only "MAY recognize a single LF as a line terminator")',
      observable: 'The status line and every field line end in LF alone: node:http and undici refuse the answer (HPE_CR_EXPECTED), lenient clients read it',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      const data = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: rawFields([
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(data.length)],
        ]),
        body: data,
        lineEnd: '\n',
      });
    },
  }),
  planted(socketFault, {
    name: 'pagination-link-field-folded',
    description:
      'A pagination helper adds a Link field to the first, previous, next and last pages and writes it through a MIME header writer, which folds a long field onto continuation lines as mail headers are folded',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 3,
      standard: 'RFC 9112',
      clause:
        '5.2: "A server MUST NOT generate a message that includes line folding (i.e., that has any field line value that contains a match to the obs-fold rule) unless the message is intended for packaging within the message/http media type"',
      observable:
        'The Link field of every page goes on over continuation lines that start with a space: node:http and undici refuse the whole answer, lenient clients join the lines',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const text = JSON.stringify(clean);
      if (!isPlainObject(data) || !isPlainObject(payload) || typeof data.totalPage !== 'number' || data.totalPage < 1) return sendText(res, text);
      const links = pageLinks(documented('beta-products-by-brand').path, payload, Number(data.pageNo), data.totalPage);
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: rawFields([
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(Buffer.byteLength(text))],
          ['Link', links.join(',\r\n ')],
        ]),
        body: Buffer.from(text, 'utf8'),
      });
    },
  }),
  planted(socketFault, {
    name: 'content-length-folded-into-list',
    description:
      'The controller sets Content-Length itself and the servlet container adds its own; the proxy in front merges repeated field lines into one comma-separated line, as it does for every field, list-valued or not',
    operationId: 'consignment-publish',
    redTeam: {
      round: 6,
      standard: 'RFC 9110',
      clause:
        '8.6: "Content-Length = 1*DIGIT"; a value repeated as a list ("Content-Length: 42, 42") is one "the recipient MAY either reject … as invalid or replace"',
      observable:
        'Every publish answer reads Content-Length: 79, 79 (the one length, twice): node:http and fetch (undici) refuse the answer ("Invalid character in Content-Length"), lenient clients read the JSON',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: [
          ['Date', new Date().toUTCString()],
          ['Content-Type', JSON_TYPE],
          ['Content-Length', `${text.length}, ${text.length}`],
          ['Connection', 'close'],
        ],
        body: text,
      });
    },
  }),
  planted(socketFault, {
    name: 'status-line-copies-upstream-version',
    description:
      "A hand-written gateway reaches the application over h2c and writes the client's status line from the upstream response, `HTTP/${upstream.httpVersion}`, which reads 2.0 for an HTTP/2 upstream",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 6,
      standard: 'RFC 9110',
      clause:
        '6.2: "A server SHOULD send a response version equal to the highest version to which the server is conformant that has a major version less than or equal to the one received in the request. A server MUST NOT send a version to which it is not conformant"',
      observable:
        'Every consigneeInfoById answer to an HTTP/1.1 request starts "HTTP/2.0 200 OK", a version of another framing sent in HTTP/1.1 syntax: Python\'s http.client (under requests and urllib) raises UnknownProtocol, node:http reads a 200',
    },
    expect: { check: 'status-line', severity: 'warning', breaks: ['rfc9112-2.3-version'] },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      writeRaw(res, {
        statusLine: 'HTTP/2.0 200 OK',
        fields: [
          ['Date', new Date().toUTCString()],
          ['Content-Type', JSON_TYPE],
          ['Content-Length', String(text.length)],
          ['Connection', 'close'],
        ],
        body: text,
      });
    },
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
  planted(socketFault, {
    name: 'customer-po-echoed-into-header',
    description:
      "The ERP bridge logs each beta order by the customer's PO number, so the handler copies soCusPo into an X-Cus-Po field; the Netty pipeline builds its headers with new DefaultHttpHeaders(false), validation off for speed, and writes the value as it came",
    operationId: 'beta-order-create',
    redTeam: {
      round: 8,
      standard: 'RFC 9110',
      clause:
        '5.5: "field-value = *field-content" of visible characters, spaces and tabs; "Field values containing CR, LF, or NUL characters are invalid and dangerous, due to the varying ways that implementations might parse and interpret those characters"',
      observable:
        'Request class: an order whose soCusPo holds a line break ("PO-7\\r\\nSet-Cookie: OTP_SESSION=attacker"). The answer\'s header section gains a Set-Cookie field the caller wrote, a response split; every created order carries X-Cus-Po, which the clean server does not send',
    },
    expect: { check: 'response-received', severity: 'error' },
    respond(res, body, payload) {
      const text = JSON.stringify(body);
      const po = customerPo(payload);
      if (!succeeded(body as Json) || po === undefined) return sendText(res, text);
      writeRaw(res, {
        statusLine: 'HTTP/1.1 200 OK',
        fields: [...jsonFields(text), ['X-Cus-Po', po], ['Connection', 'close']],
        body: Buffer.from(text, 'utf8'),
      });
    },
  }),
];
