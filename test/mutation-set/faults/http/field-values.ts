import { operations, wirePath } from '../../../../src/catalogue/operations.js';
import { answerFault, interceptFault, json } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { pathOf } from '../_internals/answers.js';
import { heldJson, holdAnswer } from '../_internals/held-answer.js';
import { rewriteBody } from '../_internals/request-body.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import { createHash } from 'node:crypto';

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

/** The link-values of a page's first, previous, next and last pages: the path with the request's fields as query parameters. */
function pageLinkValues(path: string, asked: Json, pageNo: number, totalPage: number): string {
  const at = (page: number, rel: string) => {
    const query = new URLSearchParams(Object.entries({ ...asked, pageNo: page }).map(([name, value]): [string, string] => [name, String(value)]));
    return `<${path}?${query}>; rel="${rel}"`;
  };
  return [at(1, 'first'), ...(pageNo > 1 ? [at(pageNo - 1, 'prev')] : []), ...(pageNo < totalPage ? [at(pageNo + 1, 'next')] : []), at(totalPage, 'last')].join(
    ', ',
  );
}

/** Hours China Standard Time is ahead of UTC. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** How long the consignee detail may be kept by the member's own client. */
const CONSIGNEE_MAX_AGE_SECONDS = 60;

/** Header fields whose values break the grammar their definitions give (RFC 9110, RFC 8288, RFC 9211, RFC 9745, RFC 6750). */
export const fieldValueFaults: readonly PlantedFault[] = [
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
  planted(answerFault, {
    name: 'etag-without-quotes',
    description: "A caching filter sets ETag by hand to a hex digest of the body, without the double quotes the field's grammar puts around an entity tag",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 3,
      standard: 'RFC 9110',
      clause: '8.8.3: "ETag = entity-tag", "entity-tag = [ weak ] opaque-tag", "opaque-tag = DQUOTE *etagc DQUOTE"',
      observable:
        'ETag: 3f2a9c0d1e5b7a64, no quotes: a cache or client that keeps only valid entity tags drops it, one that sends it back in If-None-Match sends a tag that matches none',
    },
    expect: { check: 'etag', severity: 'warning', breaks: ['rfc9110-8.8.3-etag'] },
    answer: (body) => ({ ...json(body), headers: { etag: createHash('sha1').update(JSON.stringify(body), 'utf8').digest('hex').slice(0, 16) } }),
  }),
  planted(answerFault, {
    name: 'page-links-as-network-path',
    description:
      'A pagination helper adds a Link field of the first, previous, next and last pages, built from the path as the spec writes it, doubled slash and all',
    operationId: 'bank-card-list',
    redTeam: {
      round: 4,
      standard: 'RFC 8288',
      clause:
        '3.1: "If the URI-Reference is relative, parsers MUST resolve it as per [RFC3986], Section 5" (RFC 3986, 4.2: "A relative reference that begins with two slash characters is termed a network-path reference"): each target resolves to the host "pc"',
      observable:
        'Link: <//pc/customer/bankCardList?pageSize=10&pageNo=2>; rel="next", …: resolved against the request, every target is http://pc/customer/bankCardList?…, a page of another host, not the next page of this list',
    },
    expect: { check: 'link-header', severity: 'warning', breaks: ['rfc8288-3.1-link-target'] },
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      if (!isPlainObject(data) || !isPlainObject(payload) || typeof data.totalPage !== 'number' || data.totalPage < 1) return json(clean);
      return { ...json(clean), headers: { link: pageLinkValues(pathOf('bank-card-list'), payload, Number(data.pageNo), data.totalPage) } };
    },
  }),
  planted(answerFault, {
    name: 'last-modified-china-time-labelled-gmt',
    description:
      'Last-Modified is the time the record was read, written by a SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss \'GMT\'") that nobody gave a time zone, on a host set to Asia/Shanghai',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause:
        '8.8.2.1: "An origin server with a clock (as defined in Section 5.6.7) MUST NOT generate a Last-Modified date that is later than the server\'s time of message origination (Date)"',
      observable:
        'Last-Modified is eight hours after the Date of the same answer (Date: … 02:15:00 GMT, Last-Modified: … 10:15:00 GMT): a date in the future, which caches and conditional requests then compare against',
    },
    expect: { check: 'last-modified', severity: 'warning', breaks: ['rfc9110-8.8.2.1-last-modified'] },
    answer: (body) => ({ ...json(body), headers: { 'last-modified': new Date(Date.now() + CHINA_OFFSET_MS).toUTCString() } }),
  }),
  planted(answerFault, {
    name: 'content-language-as-java-locale',
    description:
      'The message text is localised, and the filter that says so writes response.setHeader("Content-Language", locale.toString()): Java\'s Locale.toString() joins language and country with "_", where toLanguageTag() gives the BCP 47 tag',
    operationId: 'login',
    redTeam: {
      round: 7,
      standard: 'RFC 9110',
      clause:
        '8.5: "Content-Language = #language-tag"; 8.5.1: "language-tag = <Language-Tag, see [RFC5646], Section 2.1>", whose subtags are separated by "-" ("zh_CN" is no tag)',
      observable:
        'Every login answer carries Content-Language: zh_CN, no language tag: parsers of the field (Intl.Locale, ICU, Accept-Language matchers) refuse it or read an unknown language',
    },
    expect: { check: 'field-syntax', severity: 'warning', breaks: ['rfc9110-5.5-field-grammar'] },
    answer: (body) => ({ ...json(body), headers: { 'content-language': 'zh_CN' } }),
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
