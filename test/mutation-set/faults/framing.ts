import { type FaultFacts, socketFault } from '../../../src/reference/faults/fault.js';
import { type Breaking, type PlantedFault, reporting } from '../planted-fault.js';

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
];
