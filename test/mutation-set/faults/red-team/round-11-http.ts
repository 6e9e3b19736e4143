/**
 * Red team round 11, HTTP: a Via field whose received-by is no token, a Cache-Status whose
 * parameter is the edge cache's upper-case keyword, a Deprecation field that holds no date, and a
 * bearer challenge whose error_description is raw UTF-8.
 */
import { operations, wirePath } from '../../../../src/catalogue/operations.js';
import { interceptFault } from '../../../../src/reference/faults/fault.js';
import { pathOf } from './_internals/answers.js';
import { heldJson, holdAnswer } from './_internals/held-answer.js';
import { rewriteBody } from './_internals/request-body.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** What Kong 3.8 and later add to every answer they proxy: the protocol version, then "kong/" and the gateway's version as the received-by. */
const KONG_VIA = '1.1 kong/3.9.1';

/** The day the bank card lookup is to be retired on, as an IMF-fixdate (RFC 8594's Sunset is an HTTP-date). */
const SUNSET = 'Thu, 31 Dec 2026 16:00:00 GMT';

/** The Chinese description the member gateway's message bundle gives a token it does not accept: "the token is invalid or has expired". */
const INVALID_TOKEN_DESCRIPTION = '令牌无效或已过期';

/** The challenge the member gateway sends a call with a token it does not accept, as it goes on the wire: its UTF-8 bytes, each written as one octet. */
const INVALID_TOKEN_CHALLENGE = Buffer.from(
  `Bearer realm="otp-member", error="invalid_token", error_description="${INVALID_TOKEN_DESCRIPTION}"`,
  'utf8',
).toString('latin1');

/** The paths of section 4 under /pc and /auth, all of which the member gateway's bearer filter covers. */
const MEMBER_PATHS = new Set(operations.filter((operation) => operation.pathStyle === 'double-slash').map((operation) => wirePath(operation)));

export const round11Http: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'via-received-by-not-a-token',
    description: `The partner API (/openapi) sits behind Kong 3.9, which since 3.8 appends its own hop to the Via field of every answer it proxies as "1.1 kong/<version>": a received-by of "kong/3.9.1", whose slash no token holds (Kong issue 14700); .NET's HttpHeaders refuses the value`,
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 11,
      standard: 'RFC 9110',
      clause:
        '7.6.3: "Via = #( received-protocol RWS received-by [ RWS comment ] )", "received-by = pseudonym [ ":" port ]", "pseudonym = token"; 2.2: "a sender MUST NOT generate protocol elements that do not match the grammar defined by the corresponding ABNF rules"',
      observable: `Every answer under /openapi (getAlphaOrders, createAlphaOrders, createBetaOrders, getProductsByBrandId, refusals included) carries Via: ${KONG_VIA}, whose "kong/3.9.1" is no pseudonym: a strict client (.NET) rejects the field; the body is the clean server's`,
    },
    expect: { check: 'field-syntax', severity: 'warning', breaks: ['rfc9110-7.6.3-via'] },
    interceptor() {
      return (req, res) => {
        if (req.url?.startsWith('/openapi/')) res.setHeader('via', KONG_VIA);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'cache-status-with-nginx-keyword',
    description:
      'The beta catalogue is micro-cached at the edge nginx (proxy_cache_methods POST, the key $request_uri$http_authorization$request_body), and the ops team, moving from X-Cache-Status to the standard field, wrote add_header Cache-Status "otp-edge; $upstream_cache_status" always; nginx fills in its own upper-case keyword (MISS, HIT), so the parameter is no Structured Fields key and the field fails to parse',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 11,
      standard: 'RFC 9211',
      clause:
        '2: the Cache-Status field\'s "value is a List (Section 3.1 of [STRUCTURED-FIELDS])", its members\' parameters such as "hit" and "fwd"; RFC 8941, 3.1.2: "key = ( lcalpha / "*" ) *( lcalpha / DIGIT / "_" / "-" / "." / "*" )": "MISS" and "HIT" are no keys, so the whole field fails to parse (RFC 8941, 4.2)',
      observable:
        "Every getProductsByBrandId answer carries Cache-Status: otp-edge; MISS the first time a body is sent with a token, and otp-edge; HIT when the same call comes again, where RFC 9211 writes otp-edge; fwd=miss and otp-edge; hit: a Structured Fields parser throws the field away; the body is the clean server's",
    },
    expect: { check: 'cache-status', severity: 'warning', breaks: ['rfc9211-2-cache-status'] },
    interceptor() {
      const path = pathOf('beta-products-by-brand');
      const stored = new Set<string>();
      return (req, res) => {
        if (req.url !== path) return false;
        const lookUp = (body: string) => {
          const key = `${req.method} ${req.headers.authorization ?? ''} ${body}`;
          res.setHeader('cache-status', `otp-edge; ${stored.has(key) ? 'HIT' : 'MISS'}`);
          stored.add(key);
        };
        if (req.method !== 'POST') {
          lookUp('');
          return false;
        }
        rewriteBody(req, (text) => {
          lookUp(text);
          return text;
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'deprecation-field-written-true',
    description: `bankCardInfoById answers the consignee shape (2.9) and is to be replaced by a bank card detail that answers a card; the team marks it with a servlet filter written from an early draft of the Deprecation field, whose examples wrote "Deprecation: true", beside a correct Sunset: ${SUNSET}; the published RFC takes only a Structured Fields Date there`,
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 11,
      standard: 'RFC 9745',
      clause:
        '2.1: Deprecation "is an Item Structured Header Field; its value MUST be a Date as defined in Section 3.3.7 of [STRUCTURED-FIELDS]" (as in "Deprecation: @1688169599")',
      observable: `Every bankCardInfoById answer carries Deprecation: true (a Token, no Date), so a client that watches for deprecations cannot tell when the operation was or will be deprecated and drops the field; Sunset: ${SUNSET} beside it is well formed, and the body is the clean server's`,
    },
    expect: { check: 'deprecation-header', severity: 'warning', breaks: ['rfc9745-2.1-deprecation-date'] },
    interceptor() {
      const path = pathOf('bank-card-by-id');
      return (req, res) => {
        if (req.url !== path) return false;
        res.setHeader('deprecation', 'true');
        res.setHeader('sunset', SUNSET);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'bearer-error-description-in-utf-8',
    description: `The member gateway (Go, net/http) answers a call whose token fails verification in the envelope as usual, and adds the RFC 6750 challenge with error="invalid_token"; its error_description comes from the same message bundle as the envelope's Chinese messages ("${INVALID_TOKEN_DESCRIPTION}"), and net/http writes the UTF-8 bytes into the field as they are`,
    operationId: 'bank-card-list',
    redTeam: {
      round: 11,
      standard: 'RFC 6750',
      clause: '3: "Values for the "error_description" attribute (see Appendix A.2) MUST NOT include characters outside the set %x20-21 / %x23-5B / %x5D-7E."',
      observable: `Request class: a call under /pc or /auth with a token the server does not accept (expired, or another server's). Its envelope refusal (code "401") carries WWW-Authenticate: Bearer realm="otp-member", error="invalid_token", error_description="${INVALID_TOKEN_DESCRIPTION}" in raw UTF-8 (octets above %x7E), which clients that read field values as Latin-1 (node:http, browsers) show as mojibake; calls with the token, and calls with none, get no challenge, and every body is the clean server's`,
    },
    expect: { check: 'bearer-challenge', severity: 'warning', breaks: ['rfc6750-3-error-attributes'] },
    interceptor(token) {
      return (req, res) => {
        if (!MEMBER_PATHS.has(req.url ?? '')) return false;
        const authorization = req.headers.authorization;
        if (req.method !== 'POST' || authorization === undefined || authorization === `bearer${token}`) return false;
        // Sent with node:http's own writeHead and a body of bytes, so it writes the field's octets as they are given.
        holdAnswer(res, (held, send) =>
          send(heldJson(held)?.code === '401' ? { ...held, headers: { ...held.headers, 'www-authenticate': INVALID_TOKEN_CHALLENGE } } : held),
        );
        return false;
      };
    },
  }),
];
