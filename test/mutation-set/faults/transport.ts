import type { Json } from '../../../src/reference/json.js';
import { crashOnNonAscii, htmlErrorPage, http500 } from '../../../src/reference/faults/demo.js';
import { answerFault, inputFault, interceptFault, json, socketFault } from '../../../src/reference/faults/fault.js';
import { caughtBy, crashed, type PlantedFault } from '../planted-fault.js';

const APPLICATION_JSON = 'application/json';
/** Requests the dying server answers before it stops. */
const ANSWERED_BEFORE_DYING = 30;

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
];
