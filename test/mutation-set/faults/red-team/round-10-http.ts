/**
 * Red team round 10, HTTP: a Strict-Transport-Security field sent over cleartext, a Content-Digest
 * of bytes the body does not hold, HTTP/1.0 turned away with a 426 that names no protocol, and a
 * body that does not bind refused as problem details.
 */
import { createHash } from 'node:crypto';
import { answerFault, interceptFault } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, pathOf } from './_internals/answers.js';
import { gbkBytes } from './_internals/encodings.js';
import { holdAnswer } from './_internals/held-answer.js';
import { bodyObject, rewriteBody } from './_internals/request-body.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** What the security-headers snippet of the member area's nginx adds: a year, subdomains included. */
const STS = 'max-age=31536000; includeSubDomains';

/** RFC 9530's Content-Digest of these bytes with SHA-256: a Structured Fields dictionary whose value is a byte sequence. */
const contentDigest = (bytes: Buffer): string => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;

/** The fields of #5 that PublishConsignmentRequest declares as Integer or BigDecimal, and those it declares as String. */
const NUMERIC_FIELDS = ['id', 'type', 'hasCas', 'nums', 'price'] as const;
const TEXT_FIELDS = ['cas', 'productName', 'level', 'pack'] as const;

/** A JSON number, or text Jackson coerces to one ("12", "96.5"); null and "" bind as null. */
const bindsAsNumber = (value: unknown): boolean =>
  value === undefined || value === null || typeof value === 'number' || (typeof value === 'string' && (value === '' || Number.isFinite(Number(value))));

/** A scalar, which Jackson coerces to a String; an object or an array it cannot. */
const bindsAsText = (value: unknown): boolean => value === null || typeof value !== 'object';

/** Whether Jackson can read the body into the request class at all: JSON, an object, and each declared field of a type it coerces from. */
function binds(text: string): boolean {
  const payload = bodyObject(text);
  if (!payload) return false;
  return NUMERIC_FIELDS.every((field) => bindsAsNumber(payload[field])) && TEXT_FIELDS.every((field) => bindsAsText(payload[field]));
}

export const round10Http: readonly PlantedFault[] = [
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
  planted(answerFault, {
    name: 'content-digest-of-platform-charset-bytes',
    description:
      "The open API puts a digest on its catalogue answers for the partners' integrity checks: a ResponseBodyAdvice serializes the envelope to a String and sets Content-Digest from DigestUtils.sha256(json.getBytes()), in the JVM's platform charset, GBK on the host (file.encoding was never set); the message converter then writes the same String as UTF-8",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 10,
      standard: 'RFC 9530',
      clause:
        '2: "The Content-Digest HTTP field can be used in requests and responses to communicate digests that are calculated using a hashing algorithm applied to the actual message content"',
      observable:
        'Every getProductsByBrandId answer to a JSON body carries Content-Digest: sha-256=:…:, which matches the bytes sent only where the body is all ASCII (a refusal such as "brandId: must be an integer"); for every page, whose message is 操作成功 and whose names are Chinese, it is the SHA-256 of the body re-encoded in GBK, so a partner that checks it rejects every page',
    },
    expect: { check: 'content-digest', severity: 'warning', breaks: ['rfc9530-2-content-digest'] },
    answer(body) {
      const text = JSON.stringify(body);
      return { contentType: JSON_TYPE, headers: { 'content-digest': contentDigest(gbkBytes(text)) }, body: text };
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
    name: 'unbindable-body-answered-as-problem-details',
    description:
      'The member area moved to Spring Boot 3 with spring.mvc.problemdetails.enabled=true, so an HttpMessageNotReadableException (a body Jackson cannot read into the request class: not JSON, not an object, or text where an Integer is declared) is answered by the framework as RFC 9457 problem details with HTTP 400, before the controller, whose own refusals keep the envelope, is reached',
    operationId: 'consignment-publish',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause: '4 rule 1: "Each operation in the table answers HTTP 200 with the envelope of 2.1."',
      observable:
        'Request class: a publish whose body is not JSON, or holds text where a number belongs (hasCas "yes", price "96.5元"). It gets HTTP 400, Content-Type application/problem+json and {"type":"about:blank","title":"Bad Request","status":400,"detail":"Failed to read request","instance":"//pc/consignmentorder/publishConsignment"}, where the clean server answers HTTP 200 and the envelope with code "400"; refusals the controller makes (a missing field) keep the envelope',
    },
    expect: { check: 'envelope', severity: 'error' },
    interceptor() {
      const path = pathOf('consignment-publish');
      return (req, res) => {
        if (req.url !== path || req.method !== 'POST') return false;
        let readable = true;
        rewriteBody(req, (text) => {
          readable = binds(text);
          return text;
        });
        // Bodies Jackson cannot read are ones the clean handler refuses too: nothing was published when the answer is swapped.
        holdAnswer(res, (held, send) => {
          if (readable) return send(held);
          const problem = { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Failed to read request', instance: path };
          send({ status: 400, headers: { 'content-type': 'application/problem+json' }, body: Buffer.from(JSON.stringify(problem), 'utf8') });
        });
        return false;
      };
    },
  }),
];
