/**
 * Red team round 8, HTTP: an entity tag made from the request instead of the answer, refusals
 * written past the layer that labels them, a second answer to one request from an exception
 * handler, and a request field copied into a header field as it came, line breaks and all.
 */
import { createHash } from 'node:crypto';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { socketFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, pathOf, sendText, succeeded } from './_internals/answers.js';
import { writeRaw } from './_internals/wire.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The key the caching filter files a list answer under: the path and the request body, never the answer. */
const cacheKey = (path: string, payload: unknown): string =>
  createHash('sha1')
    .update(`${path}\n${JSON.stringify(payload)}`, 'utf8')
    .digest('hex')
    .slice(0, 24);

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

/** The customer PO number of a create-order request (#14, #15: soCusPo), where it is a string. */
const customerPo = (payload: unknown): string | undefined => (isPlainObject(payload) && typeof payload.soCusPo === 'string' ? payload.soCusPo : undefined);

export const round8Http: readonly PlantedFault[] = [
  planted(socketFault, {
    name: 'etag-from-request-not-answer',
    description:
      'A caching filter in front of the member area already hashes each list request (path and body) into the key it files the answer under, and reuses that key as the ETag, so the tag names the question, not the answer',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 8,
      standard: 'RFC 9110',
      clause:
        '8.8.1: a "strong validator" is "representation metadata that changes value whenever a change occurs to the representation data that would be observable in the content of a 200 (OK) response"; 8.8.3: an ETag is strong unless marked W/',
      observable:
        'Request class: the same list call before and after a custom_demand/create. Both answers carry the same strong ETag, while page 1 of the second starts with the new demand: a cache that revalidates with If-None-Match keeps the old page',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    respond(res, body, payload) {
      sendText(res, JSON.stringify(body), { etag: `"${cacheKey(pathOf('custom-demand-list'), payload)}"` });
    },
  }),
  planted(socketFault, {
    name: 'refusal-without-content-type',
    description:
      "The page fields are checked by a HandlerInterceptor whose preHandle writes the refusal with response.getWriter().write(json) and returns false; only the message converters on the controller's way out set Content-Type, so refusals go out without one",
    operationId: 'bank-card-list',
    redTeam: {
      round: 8,
      standard: 'RFC 9110',
      clause:
        '8.3: "A sender that generates a message containing content SHOULD generate a Content-Type header field in that message unless the intended media type of the enclosed representation is unknown to the sender"',
      observable:
        "Request class: a bankCardList the server refuses (no pageSize, or pageSize 0). The refusal's envelope comes with no Content-Type field at all, where the clean server labels it application/json; pages go out labelled as before",
    },
    expect: { check: 'json-content-type', severity: 'warning' },
    respond(res, body) {
      const text = JSON.stringify(body);
      if (succeeded(body as Json)) return sendText(res, text);
      res.writeHead(200, { 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
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
