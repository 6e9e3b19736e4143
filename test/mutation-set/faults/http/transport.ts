import { operations, wirePath } from '../../../../src/catalogue/operations.js';
import { crashOnNonAscii, htmlErrorPage, http500 } from '../../../../src/reference/faults/demo.js';
import {
  type Answer,
  answerAfterBody,
  answerFault,
  type Fault,
  type FaultFacts,
  inputFault,
  interceptFault,
  json,
  socketFault,
} from '../../../../src/reference/faults/fault.js';
import { envelope, notFound } from '../../../../src/reference/handlers/_internals/answer.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { documented, JSON_TYPE, pathOf, sendText, UNAUTHORIZED } from '../_internals/answers.js';
import { SPEC } from '../_internals/standards.js';
import { caughtBy, crashed, planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

const APPLICATION_JSON = 'application/json';

/** Requests the dying server answers before it stops. */
const ANSWERED_BEFORE_DYING = 30;

/** The paths of section 4 under /openapi: the partner API. */
const PARTNER_PATHS = new Set(operations.filter((operation) => operation.pathStyle !== 'double-slash').map((operation) => wirePath(operation)));

/** The page an AWS Application Load Balancer sends for a request its web ACL blocks. */
const ALB_FORBIDDEN_PAGE = [
  '<html>',
  '<head><title>403 Forbidden</title></head>',
  '<body>',
  '<center><h1>403 Forbidden</h1></center>',
  '</body>',
  '</html>',
  '',
].join('\r\n');

/** A fault that answers the calls `when` picks its own way, its handler given what `misreads` makes of them (so that it changes nothing the call would have changed). */
function misreadInputFault(
  facts: FaultFacts & { when(payload: unknown): boolean; misreads(payload: Json): Json; answer(body: unknown, payload: unknown): Answer },
): Fault {
  return { ...inputFault(facts), misreads: (payload) => (isPlainObject(payload) && facts.when(payload) ? facts.misreads(payload) : payload) };
}

/** A cid as the sample writes it (6): a string of digits. */
const cidAsText = (payload: unknown): string | undefined =>
  isPlainObject(payload) && typeof payload.cid === 'string' && /^\d+$/.test(payload.cid) ? payload.cid : undefined;

/** Whether the request carries a body at all: a Content-Length above 0, or a transfer coding. */
const carriesBody = (req: IncomingMessage): boolean => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** A string as Python's repr() writes it: in single quotes unless it holds one and no double quote, the quote and backslash escaped. */
function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = Array.from(text, (char) => {
    const point = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === quote) return `\\${char}`;
    return point < 0x20 || (point >= 0x7f && point < 0xa0) ? `\\x${point.toString(16).padStart(2, '0')}` : char;
  }).join('');
  return `${quote}${escaped}${quote}`;
}

/** The reasons http.server's send_error gives, and the explanation its page adds. */
const EXPLANATIONS: Readonly<Record<number, string>> = {
  400: 'Bad request syntax or unsupported method',
  501: 'Server does not support this operation',
};

/**
 * What BaseHTTPRequestHandler answers a request line made of the body left unread and the next
 * request's own line: with three words, a method it has no do_ handler for; otherwise bad syntax.
 * Either way it sends Connection: close and closes.
 */
function leftoverRequestLineAnswer(leftover: string, req: IncomingMessage): Buffer {
  const requestLine = `${leftover}${req.method} ${req.url} HTTP/${req.httpVersion}`;
  const words = requestLine.split(/\s+/).filter((word) => word !== '');
  const [code, message]: [number, string] =
    words.length === 3 ? [501, `Unsupported method (${pythonRepr(words[0]!)})`] : [400, `Bad request syntax (${pythonRepr(requestLine)})`];
  const page = [
    '<!DOCTYPE HTML>',
    '<html lang="en">',
    '    <head>',
    '        <meta charset="utf-8">',
    '        <title>Error response</title>',
    '    </head>',
    '    <body>',
    '        <h1>Error response</h1>',
    `        <p>Error code: ${code}</p>`,
    `        <p>Message: ${message.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}.</p>`,
    `        <p>Error code explanation: ${code} - ${EXPLANATIONS[code]}.</p>`,
    '    </body>',
    '</html>',
    '',
  ].join('\n');
  const body = Buffer.from(page, 'utf8');
  const head = [
    `HTTP/1.1 ${code} ${message}`,
    `Date: ${new Date().toUTCString()}`,
    'Connection: close',
    'Content-Type: text/html;charset=utf-8',
    `Content-Length: ${body.length}`,
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/** The body of a request as it arrives, as text, read to its end. */
function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** Answers that are not JSON, or not HTTP 200 (section 1, 4 rule 1), and those the spec leaves open. */
export const transportFaults: readonly PlantedFault[] = [
  { ...http500, expect: { check: 'http-status', severity: 'error' } },
  { ...htmlErrorPage, expect: { check: 'json-body', severity: 'error' } },
  ...caughtBy({ check: 'json-body', severity: 'error' }, answerFault, [
    {
      name: 'truncated-json',
      description: 'cuts the JSON body in half',
      operationId: 'consignee-by-id',
      answer(body) {
        const text = JSON.stringify(body);
        return { contentType: APPLICATION_JSON, body: text.slice(0, Math.floor(text.length / 2)) };
      },
    },
    { name: 'empty-body', description: 'answers 200 with no body', operationId: 'send-code', answer: () => ({ contentType: APPLICATION_JSON }) },
    {
      name: 'json-single-quotes',
      breaks: ['rfc8259-10-generator'],
      description: 'writes JSON with single quotes',
      operationId: 'bank-card-by-id',
      answer: (body) => ({ contentType: APPLICATION_JSON, body: JSON.stringify(body).replace(/"/g, "'") }),
    },
    {
      name: 'text-error-page',
      description: 'answers 200 with a plain-text error page',
      operationId: 'custom-demand-create',
      answer: () => ({ contentType: 'text/plain', body: 'Internal Server Error' }),
    },
  ]),
  ...caughtBy({ check: 'json-content-type', severity: 'warning' }, answerFault, [
    {
      name: 'json-as-text-plain',
      breaks: ['rfc8259-11-media-type'],
      description: 'labels a JSON body text/plain',
      operationId: 'bank-card-list',
      answer: (body) => ({ ...json(body), contentType: 'text/plain' }),
    },
  ]),
  ...caughtBy({ check: 'json-unicode', severity: 'error' }, answerFault, [
    {
      name: 'json-in-latin-1',
      breaks: ['rfc8259-8.1-utf8', 'rfc7493-2.1-utf8', 'rfc3629-3-octets'],
      description: 'writes its JSON in Latin-1, not UTF-8',
      operationId: 'consignment-delete',
      answer: (body) => ({ contentType: APPLICATION_JSON, body: Buffer.from(JSON.stringify({ ...(body as Json), message: 'opération réussie' }), 'latin1') }),
    },
  ]),
  ...caughtBy({ check: 'content-encoding', severity: 'warning' }, answerFault, [
    {
      name: 'gzip-label-on-plain-body',
      breaks: ['rfc9110-8.4-codings-listed'],
      description: 'labels a plain JSON body content-encoding: gzip',
      operationId: 'consignee-delete',
      answer: (body) => ({ ...json(body), headers: { 'content-encoding': 'gzip' } }),
    },
  ]),
  ...caughtBy({ check: 'response-received', severity: 'error' }, socketFault, [
    { name: 'connection-reset', description: 'drops the connection without answering', operationId: 'login', respond: (res) => res.socket?.destroy() },
    {
      name: 'never-answers',
      description: 'never sends a response',
      operationId: 'custom-demand-create',
      respond() {
        // Holds the socket open: the kit's timeout must end the wait.
      },
    },
    {
      name: 'short-body',
      breaks: ['rfc9112-6.3-incomplete', 'rfc9110-8.6-content-length'],
      description: 'promises the whole body in content-length, sends half of it and closes the connection',
      operationId: 'consignee-by-id',
      respond(res, body) {
        const text = JSON.stringify(body);
        res.writeHead(200, { 'content-type': APPLICATION_JSON, 'content-length': String(Buffer.byteLength(text)) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        res.socket?.end();
      },
    },
    {
      name: 'endless-body',
      description: 'streams a body that never ends',
      operationId: 'consignment-publish',
      respond(res) {
        res.writeHead(200, { 'content-type': APPLICATION_JSON });
        res.write('{"data":{},"padding":"');
        const chunk = 'x'.repeat(64 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      },
    },
  ]),
  ...caughtBy({ check: 'response-received', severity: 'error' }, interceptFault, [
    {
      name: 'dies-after-requests',
      description: `answers ${ANSWERED_BEFORE_DYING} requests, then resets every connection, as a server process that died behind its port`,
      operationId: 'custom-demand-list',
      interceptor() {
        let seen = 0;
        return (req) => {
          if (++seen <= ANSWERED_BEFORE_DYING) return false;
          req.socket.destroy();
          return true;
        };
      },
    },
  ]),
  // Crashes on some inputs only: found by the hostile payloads (4 rule 1).
  { ...crashOnNonAscii, expect: { check: 'http-status', severity: 'error', breaks: ['rfc8259-9-accept-grammar'] } },
  crashed({
    name: 'crash-on-nonpositive-page-size',
    description: 'answers HTTP 500 with an HTML page when pageSize <= 0',
    operationId: 'custom-demand-list',
    when: (payload) => typeof (payload as Json | null)?.pageSize === 'number' && ((payload as Json).pageSize as number) <= 0,
    body: '<html><body><h1>500 Internal Server Error</h1></body></html>',
    contentType: 'text/html',
  }),
  // Answers the spec leaves open, reported below error.
  ...caughtBy({ check: 'rate-limited', severity: 'info' }, answerFault, [
    {
      name: 'always-rate-limited',
      description: 'answers every call with HTTP 429',
      operationId: 'purchase-order-list',
      answer: () => ({ status: 429, contentType: 'text/plain', headers: { 'retry-after': '0' }, body: 'Too Many Requests' }),
    },
  ]),
  ...caughtBy({ check: 'http-status-client-error', severity: 'warning' }, inputFault, [
    {
      name: 'non-object-body-400',
      description: 'answers a body that is not a JSON object with HTTP 400',
      operationId: 'send-code',
      when: (payload) => payload === null || typeof payload !== 'object' || Array.isArray(payload),
      answer: (body) => ({ ...json(body), status: 400 }),
    },
  ]),
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
  planted(interceptFault, {
    name: 'waf-refuses-calls-without-user-agent',
    description:
      "The partner API (/openapi) sits behind an AWS Application Load Balancer whose web ACL carries the AWSManagedRulesCommonRuleSet; its NoUserAgent_HEADER rule blocks a request with no User-Agent field, or an empty one, and the team left the whole rule group in block mode after testing it from browsers and curl, which always send one; .NET's HttpClient, PHP's curl extension and node:http send none unless told",
    operationId: 'beta-order-create',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4: "Every request sends Content-Type: application/json and the authorization header"; 4 rule 1: "Each operation in the table answers HTTP 200 with the envelope of 2.1." (RFC 9110, 10.1.5: a user agent only "SHOULD send a User-Agent header field")',
      observable:
        'Request class: a call under /openapi in the documented form with no User-Agent field (or an empty one), as .NET HttpClient, PHP curl and node:http send by default. It gets HTTP 403, Server: awselb/2.0, Content-Type: text/html and the load balancer\'s "403 Forbidden" page, and no order is placed; the same call with any User-Agent gets the clean answer, and calls under /pc are not affected',
    },
    expect: { check: 'http-status', severity: 'error' },
    interceptor() {
      return (req, res) => {
        if (!PARTNER_PATHS.has(req.url ?? '') || (req.headers['user-agent'] ?? '').trim() !== '') return false;
        answerAfterBody(req, res, { status: 403, contentType: 'text/html', headers: { server: 'awselb/2.0' }, body: ALB_FORBIDDEN_PAGE });
        return true;
      };
    },
  }),
  planted(socketFault, {
    name: 'partial-content-for-inner-pages',
    description:
      'A pagination layer modelled on PostgREST answers every page but the last with 206 Partial Content and a Content-Range of the rows it holds, out of all of them, as "0-9/200"',
    operationId: 'bank-card-list',
    redTeam: {
      round: 2,
      standard: 'RFC 9110',
      clause:
        '15.3.7: "The 206 (Partial Content) status code indicates that the server is successfully fulfilling a range request" (none was sent, and 14.2: "GET is the only method for which range handling is defined"); 14.4: "Content-Range = range-unit SP …" (here no unit)',
      observable: 'Pages 1 to 19 of 20 get HTTP 206 with Content-Range: 0-9/200 (10-19/200, …) where 4 rule 1 gives 200; the last page gets 200',
    },
    expect: { check: 'http-status', severity: 'error' },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const data = clean.data;
      const asked = (isPlainObject(payload) ? payload : {}) as Json;
      const pageSize = asked.pageSize;
      const pageNo = asked.pageNo ?? 1;
      const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
      if (!isPlainObject(data) || !Array.isArray(data.list) || !whole(pageSize) || !whole(pageNo) || typeof data.totalPage !== 'number') {
        return sendText(res, JSON.stringify(clean));
      }
      const lastPage = (answerTo({ ...asked, pageNo: data.totalPage }) as Json).data as Json;
      const count = (data.totalPage - 1) * pageSize + (lastPage.list as Json[]).length;
      const first = (pageNo - 1) * pageSize;
      const range = `${first}-${first + data.list.length - 1}/${count}`;
      const partial = pageNo < data.totalPage && data.list.length > 0;
      sendText(res, JSON.stringify(clean), data.list.length > 0 ? { 'content-range': range } : {}, partial ? 206 : 200);
    },
  }),
  planted(misreadInputFault, {
    name: 'string-cid-never-matches',
    description:
      'The consignment is found by comparing its numeric id with the cid as the body gave it (Long.equals of a String), so a cid sent as a string never matches',
    operationId: 'consignment-delete',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause: '4, #6: delConsignment takes "cid (string in the sample)" and answers "one purchase order record shape (2.7)"',
      observable:
        'delConsignment with cid "12", as the sample sends it, answers that no consignment has the id 12 and deletes nothing; cid 12 as a number deletes it',
    },
    expect: { check: 'operation-verified', severity: 'info' },
    when: (payload) => cidAsText(payload) !== undefined,
    // No consignment has the id 0, so the handler deletes nothing.
    misreads: (payload) => ({ ...payload, cid: 0 }),
    answer: (_body, payload) => json(envelope('full', notFound('cid', `no consignment has the id ${cidAsText(payload)}`))),
  }),
  planted(interceptFault, {
    name: 'doubled-slash-redirected-away',
    description:
      "The login is served by Go's http.ServeMux, which cleans every request path and answers one with a repeated slash with 301 Moved Permanently to the cleaned path",
    operationId: 'login',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause:
        '4 rule 1: "Each operation in the table answers HTTP 200 with the envelope of 2.1", at the path the table gives: "Paths under /pc and /auth are written with a doubled slash after the base address"',
      observable:
        'POST //pc/auth/login gets HTTP 301, Location: /pc/auth/login and an HTML body: a client that follows it sends GET, without the credentials (RFC 9110, 15.4.2), and is refused',
    },
    expect: { check: 'http-status', severity: 'error' },
    interceptor() {
      const operation = documented('login');
      const doubled = pathOf(operation.id);
      return (req, res) => {
        // The cleaned path is the one the mux serves.
        if (req.url === operation.path) req.url = doubled;
        else if (req.url === doubled) {
          const body = `<a href="${operation.path}">Moved Permanently</a>.\n\n`;
          answerAfterBody(req, res, { status: 301, contentType: 'text/html; charset=utf-8', headers: { location: operation.path }, body });
          return true;
        }
        return false;
      };
    },
  }),
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
    name: 'refusal-leaves-request-body-unread',
    description:
      "delDemand is served by a Python service on http.server's BaseHTTPRequestHandler, protocol_version HTTP/1.1 so that connections are kept; do_POST checks the token first and, refusing, returns without reading rfile, so the keep-alive loop reads the body left on the connection as the start of the next request line",
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 9,
      standard: 'RFC 9112',
      clause:
        '9.3: "A server MUST read the entire request message body or close the connection after sending its response; otherwise, the remaining data on a persistent connection would be misinterpreted as the next request"',
      observable:
        'Request class: delDemand with a body and without the documented authorization (or with a token never issued), then another request on the same connection. The refusal is the clean server\'s code "401", but the next request, whatever it is, gets HTTP/1.1 501 Unsupported method (\'{"demandId":12}POST\'), its request line read after the unread body, and the connection closes',
    },
    expect: { check: 'http-status', severity: 'error' },
    interceptor(token) {
      const path = pathOf('custom-demand-delete');
      const unread = new WeakMap<Socket, Promise<string>>();
      return (req, res) => {
        const leftover = unread.get(req.socket);
        if (leftover) {
          unread.delete(req.socket);
          // Written to the connection itself: node:http may not have handed it to this answer yet.
          void leftover.then((text) => req.socket.end(leftoverRequestLineAnswer(text, req)));
          return true;
        }
        if (req.url !== path || req.headers.authorization === `bearer${token}` || !carriesBody(req)) return false;
        // Answered before a byte of the body is read; node:http reads it all the same, and it is kept for the next request line.
        unread.set(req.socket, bodyText(req));
        sendText(res, UNAUTHORIZED);
        return true;
      };
    },
  }),
];
