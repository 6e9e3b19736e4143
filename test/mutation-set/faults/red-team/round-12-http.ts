/**
 * Red team round 12, HTTP: an upgrade offered without the connection option that keeps it to one
 * hop, a CORS preflight answered 204 with a Content-Length, a web application firewall that turns
 * away calls without a User-Agent, and a header field whose name holds a space.
 */
import { operations, wirePath } from '../../../../src/catalogue/operations.js';
import { answerAfterBody, interceptFault } from '../../../../src/reference/faults/fault.js';
import { pathOf } from './_internals/answers.js';
import { holdAnswer, wireMessage } from './_internals/held-answer.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The paths of section 4 under /pc and /auth: the member area, served apart from the partner API. */
const MEMBER_PATHS = new Set(operations.filter((operation) => operation.pathStyle === 'double-slash').map((operation) => wirePath(operation)));

/** The paths of section 4 under /openapi: the partner API. */
const PARTNER_PATHS = new Set(operations.filter((operation) => operation.pathStyle !== 'double-slash').map((operation) => wirePath(operation)));

/** What Apache httpd's mod_http2 offers on HTTP/1.1 answers when the server lists Protocols h2 h2c http/1.1. */
const UPGRADE_OFFER = 'h2,h2c';

/** The preflight block of the widely copied nginx CORS snippet, with Authorization added to the allowed headers. */
const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'DNT,User-Agent,X-Requested-With,If-Modified-Since,Cache-Control,Content-Type,Range,Authorization',
  'access-control-max-age': '1728000',
  'content-length': '0',
};

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

/** The name the purchase-order module's timing snippet gives its field: two words, a space between. */
const TIMING_FIELD = 'X-Execution Time';

export const round12Http: readonly PlantedFault[] = [
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
];
