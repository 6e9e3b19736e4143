import { gzipSync } from 'node:zlib';
import { findOperation, wirePath } from '../../../src/catalogue/operations.js';
import {
  type Answer,
  answerAfterBody,
  answerFault,
  type Fault,
  type FaultFacts,
  interceptFault,
  json,
  socketFault,
} from '../../../src/reference/faults/fault.js';
import { type Breaking, caughtBy, type PlantedFault, planted, reporting } from '../planted-fault.js';

const APPLICATION_JSON = 'application/json; charset=utf-8';

/** The clean answer to a request that carries the token, and a 401 without a challenge to one that does not. */
function refusedWithoutChallenge(facts: FaultFacts & Breaking): PlantedFault {
  const path = wirePath(findOperation(facts.operationId)!);
  const fault = interceptFault({
    ...facts,
    interceptor: (token) => (req, res) => {
      if (req.url !== path || req.headers.authorization === `bearer${token}`) return false;
      const body = JSON.stringify({ data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } });
      answerAfterBody(req, res, { status: 401, contentType: APPLICATION_JSON, body });
      return true;
    },
  });
  return { ...fault, expect: reporting({ check: 'www-authenticate', severity: 'warning' }, facts.breaks) };
}

/** The operation's answers as the server gives them, and `refusal` to any other method at its path. */
function otherMethodsRefused(facts: FaultFacts & { readonly refusal: Answer }): Fault {
  const operation = findOperation(facts.operationId)!;
  const path = wirePath(operation);
  return interceptFault({
    ...facts,
    interceptor: () => (req, res) => {
      if (req.url !== path || req.method === operation.method) return false;
      answerAfterBody(req, res, facts.refusal);
      return true;
    },
  });
}

/** The page after the one a list call asked for (the first, where it asked for none). */
const nextPage = (payload: unknown): number => {
  const pageNo = (payload as { pageNo?: unknown } | undefined)?.pageNo;
  return (Number.isSafeInteger(pageNo) ? (pageNo as number) : 1) + 1;
};

/** Answers whose header fields or status break RFC 9110 (or RFC 6265 of cookies, RFC 8288 of links), or show what OWASP API8 says an answer should not. */
export const headerFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'http-status', severity: 'error' }, answerFault, [
    {
      name: 'status-600',
      breaks: ['rfc9110-15-status-range'],
      description: 'answers HTTP 600 for a request it could not serve, a status outside 100 to 599',
      operationId: 'send-code',
      answer: (body) => ({ ...json(body), status: 600 }),
    },
  ]),
  ...caughtBy({ check: 'json-body', severity: 'error' }, answerFault, [
    {
      name: 'gzip-without-content-encoding',
      breaks: ['rfc9110-8.4-codings-listed'],
      description: 'sends its JSON gzip-compressed without saying so in content-encoding, as a proxy that drops the header does',
      operationId: 'custom-demand-list',
      answer: (body) => ({ contentType: APPLICATION_JSON, body: gzipSync(JSON.stringify(body)) }),
    },
  ]),
  ...caughtBy({ check: 'json-body', severity: 'error' }, socketFault, [
    {
      name: 'content-length-in-characters',
      breaks: ['rfc9110-8.6-content-length'],
      description: 'gives content-length in characters, not bytes: an answer with Chinese text is cut short',
      operationId: 'beta-products-by-brand',
      respond(res, body) {
        const text = JSON.stringify(body);
        res.writeHead(200, { 'content-type': APPLICATION_JSON, 'content-length': String(text.length) });
        res.end(text);
      },
    },
  ]),
  ...caughtBy({ check: 'json-body', severity: 'error' }, socketFault, [
    {
      name: 'gzip-transfer-coding',
      breaks: ['rfc9112-6.1-transfer-codings'],
      description: 'sends its JSON with transfer-encoding: gzip, a transfer coding the request did not ask for (no TE), to the close of the connection',
      operationId: 'bank-card-list',
      respond(res, body) {
        const head = [
          'HTTP/1.1 200 OK',
          `content-type: ${APPLICATION_JSON}`,
          `date: ${new Date().toUTCString()}`,
          'transfer-encoding: gzip',
          'connection: close',
          '',
          '',
        ];
        res.socket?.end(Buffer.concat([Buffer.from(head.join('\r\n')), gzipSync(JSON.stringify(body))]));
      },
    },
  ]),
  ...caughtBy({ check: 'content-encoding', severity: 'warning' }, answerFault, [
    {
      name: 'unasked-content-coding',
      breaks: ['rfc9110-12.5.3-acceptable-coding'],
      description: 'labels its answers content-encoding: zstd, a coding the request did not list',
      operationId: 'bank-card-by-id',
      answer: (body) => ({ ...json(body), headers: { 'content-encoding': 'zstd' } }),
    },
  ]),
  ...caughtBy({ check: 'json-content-type', severity: 'warning' }, socketFault, [
    {
      name: 'no-content-type',
      breaks: ['rfc9110-8.3-content-type'],
      description: 'sends its JSON without a content-type',
      operationId: 'consignee-by-id',
      respond: (res, body) => res.end(JSON.stringify(body)),
    },
    {
      name: 'content-type-twice',
      breaks: ['rfc9110-5.3-one-field-line'],
      description: 'sends two content-type lines, application/json and text/html, as a proxy that adds its own does',
      operationId: 'purchase-order-list',
      respond(res, body) {
        res.writeHead(200, { 'content-type': [APPLICATION_JSON, 'text/html'] });
        res.end(JSON.stringify(body));
      },
    },
  ]),
  ...caughtBy({ check: 'retry-after', severity: 'warning' }, answerFault, [
    {
      name: 'retry-after-iso-date',
      breaks: ['rfc9110-10.2.3-retry-after'],
      description: 'answers every call with HTTP 429 and a Retry-After written as an ISO 8601 date, not an HTTP date',
      operationId: 'purchase-order-list',
      answer: () => ({ status: 429, contentType: 'text/plain', headers: { 'retry-after': '2020-01-01T00:00:00Z' }, body: 'Too Many Requests' }),
    },
  ]),
  ...caughtBy({ check: 'date-header', severity: 'warning' }, socketFault, [
    {
      name: 'no-date-header',
      breaks: ['rfc9110-6.6.1-date'],
      description: 'sends its answers without a Date header',
      operationId: 'alpha-orders-list',
      respond(res, body) {
        res.sendDate = false;
        res.writeHead(200, { 'content-type': APPLICATION_JSON });
        res.end(JSON.stringify(body));
      },
    },
  ]),
  ...caughtBy({ check: 'date-header', severity: 'warning' }, answerFault, [
    {
      name: 'date-in-iso-8601',
      breaks: ['rfc9110-5.6.7-imf-fixdate'],
      description: 'writes its Date header in ISO 8601 (2026-11-22T02:00:00.000Z), not as an HTTP date',
      operationId: 'consignee-delete',
      answer: (body) => ({ ...json(body), headers: { date: new Date().toISOString() } }),
    },
  ]),
  refusedWithoutChallenge({
    name: 'refusal-401-without-challenge',
    breaks: ['rfc9110-11.6.1-www-authenticate'],
    description: 'refuses a missing or wrong token with HTTP 401 and the envelope, but no WWW-Authenticate challenge',
    operationId: 'bank-card-list',
  }),
  planted(otherMethodsRefused, {
    name: 'method-refused-without-allow',
    description: 'refuses a method its path does not take (a HEAD) with HTTP 405 and the envelope, but no Allow header naming the method it does take',
    operationId: 'bank-card-by-id',
    expect: { check: 'allow-header', severity: 'warning', breaks: ['rfc9110-15.5.6-allow'] },
    refusal: {
      status: 405,
      contentType: APPLICATION_JSON,
      body: JSON.stringify({ data: {}, status: 'fail', code: '405', message: 'method not allowed', error: { reason: 'method not allowed' } }),
    },
  }),
  ...caughtBy({ check: 'not-modified-status', severity: 'warning' }, socketFault, [
    {
      name: 'not-modified-since-to-post',
      breaks: ['rfc9110-13.1.3-if-modified-since'],
      description:
        'stamps every answer with Last-Modified and answers 304 Not Modified to any request whose If-Modified-Since is not older, whatever its method, as a static-file middleware mounted before the API does',
      operationId: 'purchase-order-list',
      respond(res, body) {
        const lastModified = 'Sun, 22 Nov 2026 02:00:00 GMT';
        const since = Date.parse(res.req.headers['if-modified-since'] ?? '');
        if (!Number.isNaN(since) && since >= Date.parse(lastModified)) {
          res.writeHead(304, { 'last-modified': lastModified });
          res.end();
          return;
        }
        const text = JSON.stringify(body);
        res.writeHead(200, { 'content-type': APPLICATION_JSON, 'content-length': String(Buffer.byteLength(text)), 'last-modified': lastModified });
        res.end(text);
      },
    },
  ]),
  ...caughtBy({ check: 'last-modified', severity: 'warning' }, answerFault, [
    {
      name: 'last-modified-ahead-of-date',
      breaks: ['rfc9110-8.8.2.1-last-modified'],
      description:
        "stamps its answers with Last-Modified, the record's update time as the database host's clock gives it, an hour ahead of the Date the server writes",
      operationId: 'bank-card-by-id',
      // Both fixed, so that docs/checks.md shows the same sample on every run.
      answer: (body) => ({ ...json(body), headers: { date: 'Sun, 22 Nov 2026 02:00:00 GMT', 'last-modified': 'Sun, 22 Nov 2026 03:00:00 GMT' } }),
    },
  ]),
  ...caughtBy({ check: 'set-cookie', severity: 'warning' }, answerFault, [
    {
      name: 'cookies-folded-into-one-line',
      breaks: ['rfc6265-3-no-folding'],
      description:
        'answers send_code with its session cookie and its cool-down cookie joined by a comma into one Set-Cookie field line, as a gateway with single-valued headers passes them',
      operationId: 'send-code',
      answer: (body) => ({ ...json(body), headers: { 'set-cookie': 'JSESSIONID=6F1C2A9B; Path=/; HttpOnly, smsCooldown=60; Path=/; Max-Age=60' } }),
    },
  ]),
  ...caughtBy({ check: 'link-header', severity: 'warning' }, answerFault, [
    {
      name: 'next-page-link-as-network-path',
      breaks: ['rfc8288-3.1-link-target'],
      description:
        'links the next page by the path as the spec writes it, doubled slash and all: Link: <//pc/custom_demand/list?pageNo=2>; rel="next", a network-path reference to the host pc',
      operationId: 'custom-demand-list',
      answer: (body, payload) => ({
        ...json(body),
        headers: { link: `<${wirePath(findOperation('custom-demand-list')!)}?pageNo=${nextPage(payload)}>; rel="next"` },
      }),
    },
    {
      name: 'link-without-angle-brackets',
      breaks: ['rfc8288-3-link-value'],
      description: 'writes the link to the next page without the angle brackets around its target: Link: /pc/purchase_order/list?pageNo=2; rel=next',
      operationId: 'purchase-order-list',
      answer: (body, payload) => ({ ...json(body), headers: { link: `/pc/purchase_order/list?pageNo=${nextPage(payload)}; rel=next` } }),
    },
  ]),
  ...caughtBy({ check: 'version-disclosure', severity: 'info' }, answerFault, [
    {
      name: 'version-headers',
      breaks: ['rfc9110-10.2.4-server', 'owasp-api8-out-of-date'],
      description: 'answers with the headers of a default Express app behind nginx: server: nginx/1.18.0 (Ubuntu), x-powered-by: Express',
      operationId: 'beta-products-by-brand',
      answer: (body) => ({ ...json(body), headers: { server: 'nginx/1.18.0 (Ubuntu)', 'x-powered-by': 'Express' } }),
    },
  ]),
  ...caughtBy({ check: 'cors-credentials-wildcard', severity: 'warning' }, answerFault, [
    {
      name: 'cors-wildcard-with-credentials',
      breaks: ['owasp-api8-cors'],
      description: 'answers with access-control-allow-origin: * and access-control-allow-credentials: true',
      operationId: 'alpha-orders-list',
      answer: (body) => ({ ...json(body), headers: { 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'true' } }),
    },
  ]),
];
