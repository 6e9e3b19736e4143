import { findOperation, operations, wirePath } from '../../../../src/catalogue/operations.js';
import {
  type Answer,
  answerAfterBody,
  answerFault,
  type Fault,
  type FaultFacts,
  interceptFault,
  json,
  socketFault,
} from '../../../../src/reference/faults/fault.js';
import type { Json } from '../../../../src/reference/json.js';
import { documented, JSON_TYPE, pathOf, sendText, succeeded } from '../_internals/answers.js';
import { OWASP } from '../_internals/standards.js';
import { type Breaking, caughtBy, planted, type PlantedFault, reporting } from '../../planted-fault.js';
import { gzipSync } from 'node:zlib';

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

/** The clean body with these header fields beside the clean ones. */
const withFields =
  (headers: Readonly<Record<string, string>>) =>
  (body: unknown): Answer => ({ ...json(body), headers });

/** What the security-headers snippet of the member area's nginx adds: a year, subdomains included. */
const STS = 'max-age=31536000; includeSubDomains';

/** The paths of section 4 under /pc and /auth: the member area, served apart from the partner API. */
const MEMBER_PATHS = new Set(operations.filter((operation) => operation.pathStyle === 'double-slash').map((operation) => wirePath(operation)));

/** What Apache httpd's mod_http2 offers on HTTP/1.1 answers when the server lists Protocols h2 h2c http/1.1. */
const UPGRADE_OFFER = 'h2,h2c';

/** The refusal the clean server sends for a method the operation does not take, as HTTP 200 (4 rule 1) with the envelope. */
function methodRefusal(operationId: string): string {
  const operation = documented(operationId);
  const error = { reason: 'method not allowed' };
  return JSON.stringify({ data: {}, status: 'fail', code: '405', message: `${operation.path} takes ${operation.method}.`, error });
}

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
  planted(socketFault, {
    name: 'content-type-sent-twice',
    description: "A response filter adds the framework's default Content-Type after the application set its own, instead of replacing it",
    operationId: 'consignee-delete',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause:
        '5.3: "A sender MUST NOT generate multiple field lines with the same name in a message … unless that field\'s definition allows multiple field line values to be recombined as a comma-separated list" (8.3: Content-Type is a single media type)',
      observable: 'Two Content-Type lines, application/json then text/html: one client takes the first, another the last, another joins them',
    },
    expect: { check: 'json-content-type', severity: 'warning' },
    respond(res, body) {
      res.writeHead(200, { 'content-type': [JSON_TYPE, 'text/html; charset=UTF-8'] });
      res.end(JSON.stringify(body));
    },
  }),
  planted(answerFault, {
    name: 'date-header-iso-8601',
    description: 'Sets the Date header itself, from toISOString(), so node:http does not send its own',
    operationId: 'consignee-delete',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause: '5.6.7: "the sender MUST generate those timestamps in the IMF-fixdate format" (6.6.1: Date = HTTP-date)',
      observable: 'Date: 2026-11-22T02:15:00.000Z instead of Sun, 22 Nov 2026 02:15:00 GMT',
    },
    expect: { check: 'date-header', severity: 'warning' },
    answer: (body) => withFields({ date: new Date().toISOString() })(body),
  }),
  planted(interceptFault, {
    name: 'unauthorized-without-challenge',
    description:
      'An authentication filter in front of the handlers turns away a call with no authorization header with HTTP 401 and the envelope, and no challenge',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 1,
      standard: 'RFC 9110',
      clause: '15.5.2: "The server generating a 401 response MUST send a WWW-Authenticate header field … containing at least one challenge"',
      observable: 'Request class: a call without the authorization header. It gets HTTP 401 with no WWW-Authenticate field',
    },
    expect: { check: 'www-authenticate', severity: 'warning' },
    interceptor() {
      const path = pathOf('bank-card-by-id');
      return (req, res) => {
        if (req.url !== path || req.headers.authorization !== undefined) return false;
        const body = { data: {}, status: 'fail', code: '401', message: 'Unauthorized.', error: { reason: 'unauthorized' } };
        answerAfterBody(req, res, { status: 401, contentType: JSON_TYPE, body: JSON.stringify(body) });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'hsts-sent-over-cleartext',
    description: `The member area's nginx includes a security-headers snippet with add_header Strict-Transport-Security "${STS}" always; the snippet was written for the TLS server block and is included in the location blocks that the plain-HTTP server block shares, so answers over cleartext carry it too`,
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 10,
      standard: 'RFC 6797',
      clause: '7.2: "An HSTS Host MUST NOT include the STS header field in HTTP responses conveyed over non-secure transport."',
      observable: `Every delDemand answer over http:// (successes, refusals and the 405 to another method alike) carries Strict-Transport-Security: ${STS}; the body is the clean server's`,
    },
    expect: { check: 'hsts-cleartext', severity: 'warning', breaks: ['rfc6797-7.2-no-sts-over-cleartext'] },
    interceptor() {
      const path = pathOf('custom-demand-delete');
      return (req, res) => {
        if (req.url === path) res.setHeader('strict-transport-security', STS);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'http-1-0-refused-426-without-upgrade',
    description:
      "createAlphaOrders was moved behind an Envoy sidecar, whose HTTP connection manager turns away HTTP/1.0 requests (http_protocol_options.accept_http_10 is off by default) with 426 Upgrade Required, an empty body and no Upgrade field; partners whose nginx proxies to the open API send HTTP/1.0, proxy_http_version's default",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 10,
      standard: 'RFC 9110',
      clause: '15.5.22: "The server MUST send an Upgrade header field in a 426 response to indicate the required protocol(s) (Section 7.8)."',
      observable:
        'Request class: createAlphaOrders in HTTP/1.0 (nginx proxy_pass by default, ab, wget). It gets HTTP 426 Upgrade Required with Content-Length: 0 and no Upgrade field, so nothing says which protocol would be served, and no order is placed; the clean server places the order and answers it; HTTP/1.1 requests are answered as before',
    },
    expect: { check: 'upgrade-header', severity: 'warning', breaks: ['rfc9110-15.5.22-upgrade'] },
    interceptor() {
      const path = pathOf('alpha-order-create');
      return (req, res) => {
        if (req.url !== path || req.httpVersion !== '1.0') return false;
        // Envoy's local reply: no content, so no Content-Type either.
        req.resume();
        req.once('end', () => {
          res.writeHead(426, 'Upgrade Required', { 'content-length': '0', server: 'envoy', connection: 'close' });
          res.end();
        });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'upgrade-offered-without-connection-option',
    description: `The member area (/pc, /auth) runs on Apache httpd 2.4 with mod_http2 and Protocols h2 h2c http/1.1, so Apache offers an upgrade on every HTTP/1.1 answer with Upgrade: ${UPGRADE_OFFER} and Connection: Upgrade; the edge nginx in front drops the upstream's Connection field as hop-by-hop and writes its own, but copies Upgrade through (the cause of Safari's NSPOSIXErrorDomain:100 failures behind nginx), so the offer reaches clients without the connection option that confines it to one hop`,
    operationId: 'custom-demand-list',
    redTeam: {
      round: 12,
      standard: 'RFC 9110',
      clause:
        '7.8: "A sender of Upgrade MUST also send an "Upgrade" connection option in the Connection header field (Section 7.6.1) to inform intermediaries not to forward this field."',
      observable: `Every answer under /pc and /auth (lists, creates, deletes and refusals alike) carries Upgrade: ${UPGRADE_OFFER} beside Connection: keep-alive, which names no "upgrade" option: a proxy forwards the offer to hops it was never meant for, and Safari and HTTP/2 front ends reject the answer; the body is the clean server's, and answers under /openapi carry no Upgrade`,
    },
    expect: { check: 'upgrade-connection-option', severity: 'warning', breaks: ['rfc9110-7.8-upgrade-connection-option'] },
    interceptor() {
      return (req, res) => {
        if (MEMBER_PATHS.has(req.url ?? '')) res.setHeader('upgrade', UPGRADE_OFFER);
        return false;
      };
    },
  }),
  planted(answerFault, {
    name: 'content-type-parameter-with-colon',
    description: 'The Content-Type is a constant typed by hand, with a colon where the charset parameter takes "="',
    operationId: 'consignment-publish',
    redTeam: {
      round: 2,
      standard: 'RFC 9110',
      clause: '8.3.1: "media-type = type "/" subtype parameters"; 5.6.6: "parameter = parameter-name "=" parameter-value" (here "charset:utf-8", no "=")',
      observable:
        "Content-Type: application/json; charset:utf-8. Strict media-type parsers refuse the field; lenient ones drop the parameter, so the body's charset is no longer stated",
    },
    expect: { check: 'json-content-type', severity: 'warning' },
    answer: (body) => ({ ...json(body), contentType: 'application/json; charset:utf-8' }),
  }),
  planted(answerFault, {
    name: 'server-banner-of-unsupported-stack',
    description:
      'The host runs the Apache and PHP its distribution packaged in 2013, out of support for years, with ServerTokens Full and expose_php On, their defaults',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 3,
      standard: OWASP,
      clause: 'API8:2023 Security Misconfiguration: the API might be vulnerable if "The latest security patches are missing, or the systems are out of date"',
      observable: 'Server: Apache/2.2.15 (CentOS) and X-Powered-By: PHP/5.4.16 on every create: versions long out of support, with published exploits',
    },
    expect: { check: 'version-disclosure', severity: 'info' },
    answer: (body) => ({ ...json(body), headers: { server: 'Apache/2.2.15 (CentOS)', 'x-powered-by': 'PHP/5.4.16' } }),
  }),
  planted(interceptFault, {
    name: 'method-not-allowed-without-allow',
    description: 'A hand-written router answers a method the path does not take with HTTP 405 and the envelope, and never sets Allow',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause:
        '15.5.6: "The origin server MUST generate an Allow header field in a 405 response containing a list of the target resource\'s currently supported methods"',
      observable:
        'Request class: the path with another method than POST (GET //pc/custom_demand/create). It gets HTTP 405 with no Allow field: nothing tells the client that POST is the method to use',
    },
    expect: { check: 'allow-header', severity: 'warning' },
    interceptor() {
      const operation = documented('custom-demand-create');
      const path = pathOf(operation.id);
      const refusal = methodRefusal(operation.id);
      return (req, res) => {
        if (req.url !== path || req.method === operation.method) return false;
        answerAfterBody(req, res, { status: 405, contentType: JSON_TYPE, body: refusal });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'date-frozen-at-first-call',
    description:
      'A response filter sets Date from a static final String formatted once, when its class was loaded at the first call, instead of at each answer',
    operationId: 'send-code',
    redTeam: {
      round: 5,
      standard: 'RFC 9110',
      clause:
        '6.6.1: "The "Date" header field represents the date and time at which the message was originated"; RFC 9111, 4.2.3: a cache takes "apparent_age = max(0, response_time - date_value)" from it',
      observable:
        'Every send-code answer carries the Date of the first one: two calls a few seconds apart have the same Date, already seconds older than the clock, and a cache ages each answer by the time since that first call',
    },
    expect: {
      unseen:
        "no check sees it: the Date falls behind the clock only by the time since the first call, a run answers one operation's calls within seconds, and a Date counts whole seconds (rfc9110-6.6.1-date-origination)",
    },
    interceptor() {
      const path = pathOf('send-code');
      let firstCall: string | undefined;
      return (req, res) => {
        if (req.url !== path) return false;
        firstCall ??= new Date().toUTCString();
        res.setHeader('date', firstCall);
        return false;
      };
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
];
