import { interceptFault, socketFault } from '../../../../src/reference/faults/fault.js';
import type { Json } from '../../../../src/reference/json.js';
import { JSON_TYPE, pathOf, sendText, succeeded } from '../_internals/answers.js';
import { type HeldAnswer, holdAnswer, wireMessage } from '../_internals/held-answer.js';
import { chunk, LAST_CHUNK, writeChunked } from '../_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The bytes in pieces of this size, as a writer that flushes its buffer whenever it fills sends them. */
function pieces(bytes: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) parts.push(bytes.subarray(start, start + size));
  return parts;
}

/** Whether the request's Connection field names the "close" option. */
const asksToClose = (header: string | undefined): boolean => (header ?? '').split(',').some((option) => option.trim().toLowerCase() === 'close');

/** What the exception handler answers once the SMS gateway's callback has failed, after the success already went out. */
const GATEWAY_FAILURE = JSON.stringify({ data: {}, status: 'fail', code: '500', message: '短信网关超时', error: { reason: 'sms gateway timeout' } });

/** One HTTP/1.1 message as a hand-written Netty pipeline writes it: status line, fields, an empty line, the body. */
function message(fields: readonly (readonly [string, string])[], body: string): Buffer {
  const head = ['HTTP/1.1 200 OK', ...fields.map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body, 'utf8')]);
}

const jsonFields = (body: string): [string, string][] => [
  ['Date', new Date().toUTCString()],
  ['Content-Type', JSON_TYPE],
  ['Content-Length', String(Buffer.byteLength(body))],
];

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

/** Connections HTTP/1.1 and HTTP/1.0 clients rely on (RFC 9112 §9, RFC 9110 §15.2): closed, kept, pipelined, answered twice, or coded for another version. */
export const connectionFaults: readonly PlantedFault[] = [
  planted(socketFault, {
    name: 'keep-alive-announced-then-closed',
    description:
      'The application sets Connection: keep-alive itself, as an example it copied did, while the server under it closes the connection after every answer',
    operationId: 'consignee-delete',
    redTeam: {
      round: 2,
      standard: 'RFC 9112',
      clause:
        '9.6: "A server that does not support persistent connections MUST send the "close" connection option in every response message that does not have a 1xx (Informational) status code"',
      observable:
        'The answer says Connection: keep-alive and Keep-Alive: timeout=60, then the server closes the connection right after it: a client that sends its next call on it gets a reset or an empty reply',
    },
    expect: { check: 'persistent-connection', severity: 'warning', breaks: ['rfc9112-9.6-announce-close'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      const asksClose = /\bclose\b/i.test(res.req.headers.connection ?? '') || res.req.httpVersion === '1.0';
      if (asksClose) return sendText(res, text);
      const socket = res.socket;
      res.writeHead(200, {
        'content-type': JSON_TYPE,
        'content-length': String(Buffer.byteLength(text)),
        connection: 'keep-alive',
        'keep-alive': 'timeout=60',
      });
      res.end(text, () => socket?.end());
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
  planted(socketFault, {
    name: 'connection-close-ignored',
    description:
      'The hand-written Netty handler sets Connection: keep-alive on every answer, as the examples it was copied from do, and leaves the channel open for the next request whatever the request said',
    operationId: 'send-code',
    redTeam: {
      round: 6,
      standard: 'RFC 9112',
      clause:
        '9.6: "A server that receives a "close" connection option MUST initiate closure of the connection (see below) after it sends the final response to the request that contained the "close" connection option"',
      observable:
        'Request class: send-code with Connection: close. The answer says Connection: keep-alive and the server never closes the connection, where the clean server answers Connection: close and closes it',
    },
    expect: { check: 'connection-close', severity: 'warning', breaks: ['rfc9112-9.6-close-received'] },
    respond(res, body) {
      const text = Buffer.from(JSON.stringify(body), 'utf8');
      if (!asksToClose(res.req.headers.connection)) return sendText(res, text.toString('utf8'));
      const head = [
        'HTTP/1.1 200 OK',
        `Date: ${new Date().toUTCString()}`,
        `Content-Type: ${JSON_TYPE}`,
        `Content-Length: ${text.length}`,
        'Connection: keep-alive',
        '',
        '',
      ];
      // Written past node:http, which would honour the close: the socket stays open until the client or the server's shutdown ends it.
      res.socket?.write(Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), text]));
    },
  }),
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
  planted(socketFault, {
    name: 'send-code-answered-twice',
    description:
      "The hand-written Netty handler answers as soon as the SMS gateway takes the message; the gateway's callback then fails on a timeout, and exceptionCaught writes its own error answer to the same channel and closes it, as the examples it was copied from do",
    operationId: 'send-code',
    redTeam: {
      round: 8,
      standard: 'RFC 9110',
      clause:
        '15: "A single request can have multiple associated responses: zero or more "interim" (non-final) responses with status codes in the "informational" (1xx) range, followed by exactly one "final" response"',
      observable:
        'Every send-code that succeeds gets two final answers on its connection, HTTP 200 with the success, then HTTP 200 with code "500" and "短信网关超时": a client reusing the connection reads the second as the answer to its next call',
    },
    expect: { check: 'unsolicited-answer', severity: 'warning', breaks: ['rfc9110-15-one-final-response', 'rfc9112-9.2-response-order'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (!succeeded(body as Json)) return sendText(res, text);
      // Past node:http, which sends one answer a request: the handler's, then the exception handler's, which closes.
      res.socket?.end(Buffer.concat([message(jsonFields(text), text), message([...jsonFields(GATEWAY_FAILURE), ['Connection', 'close']], GATEWAY_FAILURE)]));
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
];
