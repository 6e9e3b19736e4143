/**
 * Red team round 9, HTTP: a request body sent in chunks read as no body, a refusal written before
 * the body it leaves on the connection, answers to pipelined requests sent as they complete, a
 * byte range served for a POST, and a freshness lifetime written as a quoted string.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { answerFault, interceptFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, pathOf, sendText, UNAUTHORIZED } from './_internals/answers.js';
import { type HeldAnswer, holdAnswer, wireMessage } from './_internals/held-answer.js';
import { transcodeBody } from './_internals/request-body.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** Whether the request's body comes in the chunked transfer coding (RFC 9112, 7.1), the last coding Transfer-Encoding lists. */
const sentChunked = (req: IncomingMessage): boolean => /(?:^|,)\s*chunked\s*$/i.test(String(req.headers['transfer-encoding'] ?? ''));

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

/** A single byte range as a Range field writes one (RFC 9110, 14.1.2): first-last, first-, or -suffix. */
const BYTE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/** The first and last byte `range` asks of a body this long, or undefined where it asks for none of it; null where it is no single byte range. */
function byteRange(range: string | undefined, length: number): { first: number; last: number } | undefined | null {
  const parts = BYTE_RANGE.exec((range ?? '').trim());
  if (!parts || (parts[1] === '' && parts[2] === '')) return null;
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    return suffix === 0 ? undefined : { first: Math.max(0, length - suffix), last: length - 1 };
  }
  const first = Number(parts[1]);
  const last = parts[2] === '' ? length - 1 : Math.min(Number(parts[2]), length - 1);
  return first < length && first <= last ? { first, last } : undefined;
}

/** nginx's page for a range none of the body has. */
const NOT_SATISFIABLE_PAGE =
  '<html>\r\n<head><title>416 Requested Range Not Satisfiable</title></head>\r\n<body>\r\n<center><h1>416 Requested Range Not Satisfiable</h1></center>\r\n</body>\r\n</html>\r\n';

/** How long the consignee detail may be kept by the member's own client. */
const CONSIGNEE_MAX_AGE_SECONDS = 60;

/** How long the SMS gateway takes to accept a message. */
const SMS_GATEWAY_MS = 25;

/** A send-code in flight on a connection, and the answer of the one request behind it, each held until both are ready. */
interface InFlight {
  sendCode?: { readonly res: ServerResponse; readonly held: HeldAnswer };
  behind?: { readonly res: ServerResponse; readonly held?: HeldAnswer };
}

/** Writes both answers once both are ready, the one that completed first first, and closes the connection. */
function flushInFlight(socket: Socket, flight: InFlight, inFlight: WeakMap<Socket, InFlight>): void {
  const { sendCode, behind } = flight;
  if (!sendCode || !behind?.held) return;
  inFlight.delete(socket);
  socket.end(Buffer.concat([wireMessage(behind.res, behind.held), wireMessage(sendCode.res, sendCode.held, [['Connection', 'close']])]));
}

export const round9Http: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'chunked-request-body-read-as-empty',
    description:
      'The publish service is a Flask application under a WSGI server that hands it wsgi.input bounded by CONTENT_LENGTH; a body sent in the chunked coding has no Content-Length, so the application reads nothing, and get_json() finds no JSON',
    operationId: 'consignment-publish',
    redTeam: {
      round: 9,
      standard: 'RFC 9112',
      clause:
        '7.1: "A recipient MUST be able to parse and decode the chunked transfer coding" (6.3: with Transfer-Encoding chunked, "the message body length is determined by reading and decoding the chunked data until the transfer coding indicates the data is complete")',
      observable:
        'Request class: a publish whose body is sent with Transfer-Encoding: chunked (what node:http, and fetch with a stream, send when no Content-Length is given). It is refused as code "400", "Request body is not valid JSON", and nothing is published; the same body with Content-Length is published',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9112-7.1-chunked-request'] },
    interceptor() {
      const path = pathOf('consignment-publish');
      return (req) => {
        if (req.url === path && sentChunked(req)) transcodeBody(req, () => Buffer.alloc(0));
        return false;
      };
    },
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
  planted(interceptFault, {
    name: 'pipelined-answers-in-completion-order',
    description:
      'The member gateway is a hand-written asynchronous proxy: it passes each request on as soon as it is parsed and writes each answer back the moment it returns, with no queue per connection; send_code waits on the SMS gateway, so a request pipelined behind it is answered first',
    operationId: 'send-code',
    redTeam: {
      round: 9,
      standard: 'RFC 9112',
      clause:
        '9.3.2: "A server MAY process a sequence of pipelined requests in parallel if they all have safe methods, but it MUST send the corresponding responses in the same order that the requests were received"',
      observable:
        "Request class: send_code with another request pipelined behind it on the same connection (bankCardInfoById, say). The second request's answer comes first and send_code's second, then the connection closes: a client that pairs answers with requests in order gives each the other's",
    },
    expect: { check: 'pipelined-order', severity: 'warning', breaks: ['rfc9112-9.3.2-pipelined-order'] },
    interceptor() {
      const sendCodePath = pathOf('send-code');
      const inFlight = new WeakMap<Socket, InFlight>();
      return (req, res) => {
        const socket = req.socket;
        const flight = inFlight.get(socket);
        if (flight && !flight.behind) {
          flight.behind = { res };
          holdAnswer(res, (held) => {
            flight.behind = { res, held };
            flushInFlight(socket, flight, inFlight);
          });
          return false;
        }
        if (req.url !== sendCodePath || flight) return false;
        const started: InFlight = {};
        inFlight.set(socket, started);
        holdAnswer(res, (held, send) => {
          // The SMS gateway's round trip: what is pipelined behind the call meanwhile completes first.
          setTimeout(() => {
            // Nothing arrived behind it: the answer goes out as any other.
            if (!started.behind) {
              inFlight.delete(socket);
              return send(held);
            }
            started.sendCode = { res, held };
            flushInFlight(socket, started, inFlight);
          }, SMS_GATEWAY_MS);
        });
        return false;
      };
    },
  }),
  planted(socketFault, {
    name: 'byte-range-served-for-post',
    description:
      "The open API's nginx has proxy_force_ranges on, set for the invoice PDF downloads that share its location block; nginx's range filter looks at the status of the answer and the Range field, never at the method, so a POST's JSON is cut to the range asked",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 9,
      standard: 'RFC 9110',
      clause:
        '14.2: "A server MUST ignore a Range header field received with a request method that is unrecognized or for which range handling is not defined. For this specification, GET is the only method for which range handling is defined"',
      observable:
        'Request class: getAlphaOrders with Range: bytes=0-99 (as a resuming download client or a cache filling in sends it). The POST gets HTTP 206, Content-Range: bytes 0-99/N and the first 100 bytes of the JSON; a range past the end gets 416; the clean server ignores the field and sends the page',
    },
    expect: { check: 'partial-content-status', severity: 'warning', breaks: ['rfc9110-14.2-range-ignored'] },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      const range = byteRange(res.req.headers.range, text.length);
      if (range === null) return sendText(res, text.toString('utf8'));
      if (range === undefined) return sendText(res, NOT_SATISFIABLE_PAGE, { 'content-type': 'text/html', 'content-range': `bytes */${text.length}` }, 416);
      const part = text.subarray(range.first, range.last + 1);
      res.writeHead(206, {
        'content-type': JSON_TYPE,
        'content-range': `bytes ${range.first}-${range.last}/${text.length}`,
        'content-length': String(part.length),
      });
      res.end(part);
    },
  }),
  planted(answerFault, {
    name: 'max-age-written-as-quoted-string',
    description: `The consignee detail's Cache-Control comes from a properties file, cache.consignee=private, max-age="${CONSIGNEE_MAX_AGE_SECONDS}", written in quotes like the ETag value on the line above it`,
    operationId: 'consignee-by-id',
    redTeam: {
      round: 9,
      standard: 'RFC 9111',
      clause:
        '5.2.2.1: max-age "uses the token form of the argument syntax: e.g., \'max-age=5\' not \'max-age="5"\'. A sender MUST NOT generate the quoted-string form"',
      observable: `Every consigneeInfoById answer carries Cache-Control: private, max-age="${CONSIGNEE_MAX_AGE_SECONDS}": caches and clients that read delta-seconds as digits find none, and take the answer as having no freshness lifetime or drop the directive`,
    },
    expect: { check: 'field-syntax', severity: 'warning', breaks: ['rfc9111-5.2.2.1-max-age-token'] },
    answer: (body) => ({ ...json(body), headers: { 'cache-control': `private, max-age="${CONSIGNEE_MAX_AGE_SECONDS}"` } }),
  }),
];
