/**
 * Faults in how a server treats the request forms HTTP gives every client, which the HTTP probes
 * send: field names and media types in another case, a charset parameter, HTTP/1.0, a request
 * without Accept-Encoding, and a GET with the fields in the query.
 */

import { type Answer, answerAfterBody, type Fault, type FaultFacts, interceptFault, socketFault } from '../../../../src/reference/faults/fault.js';

import { JSON_TYPE, pathOf, sendText } from '../_internals/answers.js';
import { rewriteBody, supplyBody, transcodeBody } from '../_internals/request-body.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { watchingFault } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage } from 'node:http';
import { brotliCompressSync, constants } from 'node:zlib';

const APPLICATION_JSON = 'application/json; charset=utf-8';

/** An envelope refusal as the clean server words its own. */
const refusal = (status: number, code: string, message: string, reason: string, headers: Readonly<Record<string, string>> = {}): Answer => ({
  status,
  contentType: APPLICATION_JSON,
  headers,
  body: JSON.stringify({ data: {}, status: 'fail', code, message, error: { reason } }),
});

/** `answer` to the requests at the operation's path that `refuses` picks, before routing; the others go on. */
function refusesAtPath(facts: FaultFacts & { readonly refuses: (req: IncomingMessage) => boolean; readonly answer: Answer }): Fault {
  const path = pathOf(facts.operationId);
  return interceptFault({
    ...facts,
    interceptor: () => (req, res) => {
      if (req.url !== path || !facts.refuses(req)) return false;
      answerAfterBody(req, res, facts.answer);
      return true;
    },
  });
}

/** Whether a request lists `coding` in its Accept-Encoding with a weight above 0. */
function accepts(req: IncomingMessage, coding: string): boolean {
  return (req.headers['accept-encoding'] ?? '').split(',').some((entry) => {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return name === coding && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/** A query's fields as a framework binds them to a typed request: whole numbers as numbers, the rest as text. */
function boundFields(query: string): Record<string, string | number> {
  return Object.fromEntries([...new URLSearchParams(query)].map(([name, value]) => [name, /^-?\d{1,15}$/.test(value) ? Number(value) : value]));
}

/** body.matches("\\{.*\\}"): Java's "." stops at every line terminator, and matches() wants the whole text, so one line, brace to brace. */
const ONE_LINE_OBJECT = /^\{[^\n\r\u0085\u2028\u2029]*\}$/;

/** The fields the card service's ListRequest declares as int (*int for status), in the order a body may give them. */
const INT_FIELD = /"(pageSize|pageNo|status)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** The first int field whose number is written with a fraction or an exponent part, which encoding/json will not put in an int. */
function misfitInt(text: string): { readonly field: string; readonly number: string } | undefined {
  for (const [, field, number] of text.matchAll(INT_FIELD)) if (/[.eE]/.test(number!)) return { field: field!, number: number! };
  return undefined;
}

/** What each list call's body held that encoding/json refuses, handed from the interceptor to the answer. */
const misfitOf = new WeakMap<IncomingMessage, { readonly field: string; readonly number: string }>();

/** The gateway's pattern for #13, written from the sample: pageSize, then pageNo, nothing between. */
const DOCUMENTED_PAGE_FIELDS = /"pageSize"\s*:\s*(\d+)\s*,\s*"pageNo"\s*:\s*(\d+)/;

/** Its fallback for the bare-number form of the command-line example (4 rule 3): the first number in the body. */
const FIRST_NUMBER = /-?\d+/;

/** The body as the gateway hands it on: as sent where the pattern matches, else the first number as pageSize of page 1. */
function pageFieldsByPattern(text: string): string {
  if (DOCUMENTED_PAGE_FIELDS.test(text)) return text;
  const first = FIRST_NUMBER.exec(text);
  return first ? JSON.stringify({ pageSize: Number(first[0]), pageNo: 1 }) : text;
}

/** The envelope a refusal of the gateway or the framework carries, as the clean server words its own refusals. */
const refusalEnvelope = (code: string, message: string, reason: string): string =>
  JSON.stringify({ data: {}, status: 'fail', code, message, error: { reason } });

/** The page lighttpd 1.4 answers a refused expectation with. */
const EXPECTATION_FAILED_PAGE = [
  '<?xml version="1.0" encoding="iso-8859-1"?>',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">',
  '<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">',
  ' <head>',
  '  <title>417 - Expectation Failed</title>',
  ' </head>',
  ' <body>',
  '  <h1>417 - Expectation Failed</h1>',
  ' </body>',
  '</html>',
  '',
].join('\n');

/** Whether the request's Expect field names 100-continue (case-insensitive, RFC 9110 10.1.1). */
const expectsContinue = (header: string | undefined): boolean => (header ?? '').split(',').some((member) => member.trim().toLowerCase() === '100-continue');

/** Whether the request's body comes in the chunked transfer coding (RFC 9112, 7.1), the last coding Transfer-Encoding lists. */
const sentChunked = (req: IncomingMessage): boolean => /(?:^|,)\s*chunked\s*$/i.test(String(req.headers['transfer-encoding'] ?? ''));

export const requestFormFaults: readonly PlantedFault[] = [
  planted(refusesAtPath, {
    name: 'authorization-name-lower-case-only',
    description:
      'an authorizer in front of the list looks the token up under the field name authorization as the client wrote it, and answers HTTP 401 where it finds none: a token sent under Authorization is refused',
    operationId: 'bank-card-list',
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-5.1-field-name-case'] },
    refuses: (req) => !req.rawHeaders.some((name, index) => index % 2 === 0 && name === 'authorization'),
    answer: refusal(401, '401', 'unauthorized', 'unauthorized', { 'www-authenticate': 'Bearer' }),
  }),
  planted(refusesAtPath, {
    name: 'media-type-compared-case-sensitively',
    description: 'the body parser takes a request whose content-type starts with application/json, compared letter for letter: Application/JSON gets HTTP 415',
    operationId: 'beta-products-by-brand',
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-8.3.1-request-type-case'] },
    refuses: (req) => !(req.headers['content-type'] ?? 'application/json').startsWith('application/json'),
    answer: refusal(415, '415', 'Unsupported Media Type: send application/json.', 'unsupported media type'),
  }),
  planted(refusesAtPath, {
    name: 'charset-parameter-refused',
    description: 'takes application/json in any case but with no parameter: a content-type with charset=utf-8 gets HTTP 400 and the create is not made',
    operationId: 'custom-demand-create',
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc8259-11-request-charset'] },
    refuses: (req) => (req.headers['content-type'] ?? 'application/json').toLowerCase() !== 'application/json',
    answer: refusal(400, '400', 'Content-Type must be application/json.', 'bad content type'),
  }),
  planted(socketFault, {
    name: 'brotli-without-vary',
    description:
      'compresses its JSON with brotli for a request that lists br, by hand in the handler, and sends no Vary: a request without Accept-Encoding gets the same page plain',
    operationId: 'alpha-orders-list',
    expect: { check: 'vary-accept-encoding', severity: 'warning', breaks: ['rfc9110-12.5.5-vary'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      const coded = accepts(res.req, 'br');
      // Brotli's default quality (11) takes seconds over a long page on a busy machine, past the run's timeout.
      const bytes = coded ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : Buffer.from(text);
      res.writeHead(200, { 'content-type': APPLICATION_JSON, 'content-length': String(bytes.length), ...(coded ? { 'content-encoding': 'br' } : {}) });
      res.end(bytes);
    },
  }),
  planted(socketFault, {
    name: 'chunked-whatever-the-version',
    description: 'streams its list with transfer-encoding: chunked set by hand, whatever the version of the request: an HTTP/1.0 request gets a chunked answer',
    operationId: 'custom-demand-list',
    expect: { check: 'transfer-encoding-version', severity: 'warning', breaks: ['rfc9112-6.1-no-transfer-encoding-to-http10'] },
    respond(res, body) {
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': APPLICATION_JSON, 'transfer-encoding': 'chunked' });
      const middle = Math.floor(text.length / 2);
      res.write(text.slice(0, middle));
      res.end(text.slice(middle));
    },
  }),
  planted(interceptFault, {
    name: 'get-binds-query-fields',
    description:
      'maps its handler to every method, and binds the request from the query string as readily as from the body: GET …/consigneeInfoById?id=7 with the token answers the consignee',
    operationId: 'consignee-by-id',
    expect: { check: 'get-query-answered', severity: 'warning', breaks: ['owasp-api8-unneeded-features'] },
    interceptor() {
      const path = pathOf('consignee-by-id');
      return (req) => {
        const url = req.url ?? '';
        if (req.method !== 'GET' || !url.startsWith(`${path}?`)) return false;
        req.method = 'POST';
        req.url = path;
        supplyBody(req, JSON.stringify(boundFields(url.slice(path.length + 1))));
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'multi-line-request-body-refused',
    description:
      'Before fastjson reads it, the demand service\'s BaseController turns away any body that fails body.matches("\\\\{.*\\\\}"), a guard added to refuse form posts; in Java\'s regular expressions "." does not match a line terminator and matches() wants the whole text, so a body is let in only when it is one line from its first brace to its last, nothing before or after',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 10,
      standard: 'RFC 8259',
      clause: '2: "Insignificant whitespace is allowed before or after any of the six structural characters", "ws = *( %x20 / %x09 / %x0A / %x0D )"',
      observable:
        'Request class: a create whose JSON holds a line break or whitespace outside the braces: pretty-printed (Postman\'s Beautify, json.dumps(indent=2)) or ending in a newline (curl --data-binary @demand.json of a file an editor saved). It is refused with code "400", "Request body is not valid JSON.", and nothing is created; the same JSON on one line creates the demand',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc8259-9-accept-grammar'] },
    interceptor() {
      const path = pathOf('custom-demand-create');
      return (req) => {
        // A body the guard turns away reaches the handler as none, which it answers as the JSON it is not.
        if (req.url === path) rewriteBody(req, (text) => (ONE_LINE_OBJECT.test(text) ? text : ''));
        return false;
      };
    },
  }),
  planted(watchingFault, {
    name: 'whole-number-with-fraction-refused',
    description:
      'The bank card service is Go; it decodes the list request with encoding/json into a ListRequest whose PageSize and PageNo are int and Status *int, and a JSON number written with a fraction or an exponent (10.0, 1e1), which strconv.ParseInt does not take, fails the decode with an UnmarshalTypeError that the handler answers as the refusal',
    operationId: 'bank-card-list',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause:
        '4, #7: bankCardList takes "pageSize (number), status (number)" (RFC 8259, 6: "number = [ minus ] int [ frac ] [ exp ]": 10.0 and 1e1 are the number 10)',
      observable:
        'Request class: a list whose pageSize (or pageNo) is a whole number written with a fraction or an exponent: {"pageSize":10.0,"pageNo":1}, as a Python client sends a float and Jackson a Double. It is refused with code "400" and "json: cannot unmarshal number 10.0 into Go struct field ListRequest.pageSize of type int", where the clean server answers page 1 of 10 cards; pageSize 10 gets the page',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc8259-6-request-numbers'] },
    interceptor() {
      const path = pathOf('bank-card-list');
      return (req) => {
        if (req.url === path)
          rewriteBody(req, (text) => {
            const misfit = misfitInt(text);
            if (misfit) misfitOf.set(req, misfit);
            return text;
          });
        return false;
      };
    },
    respond(res, body) {
      const misfit = misfitOf.get(res.req);
      if (!misfit) return sendText(res, JSON.stringify(body));
      const message = `json: cannot unmarshal number ${misfit.number} into Go struct field ListRequest.${misfit.field} of type int`;
      sendText(res, JSON.stringify({ data: {}, status: 'fail', code: '400', message, error: { field: misfit.field, reason: message } }));
    },
  }),
  planted(interceptFault, {
    name: 'page-fields-read-in-sample-order',
    description:
      'The openapi gateway was made to take both forms the docs show for getAlphaOrders, the object and the bare number of the command-line example (4 rule 3), so it does not parse the body: it reads the page with the pattern "pageSize"\\s*:\\s*(\\d+)\\s*,\\s*"pageNo"\\s*:\\s*(\\d+), written from the sample, and where that does not match it takes the body for the bare number and reads its first number as pageSize, page 1. Clients that write members in another order miss the pattern: Go\'s encoding/json writes a map\'s keys sorted, as do Python\'s json.dumps(sort_keys=True) and every RFC 8785 canonicalizer, and "pageNo" sorts before "pageSize"',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 11,
      standard: 'RFC 8259',
      clause:
        '1: "An object is an unordered collection of zero or more name/value pairs"; 4: "Implementations whose behavior does not depend on member ordering will be interoperable"',
      observable:
        'Request class: a page asked with pageNo before pageSize, {"pageNo":2,"pageSize":10}, as a Go map or sorted keys write it. It answers page 1 with 2 orders, "pageNo":1 and "totalPage":15, where the clean server answers page 2 of 10 orders (totalPage 3); the same members in the order pageSize, pageNo answer as asked',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc8259-4-request-member-order'] },
    interceptor() {
      const path = pathOf('alpha-orders-list');
      return (req) => {
        if (req.url === path) rewriteBody(req, pageFieldsByPattern);
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'get-with-query-string-answered',
    description:
      "The handler is mapped with Spring's @RequestMapping and no method, so it takes every method, and binds its fields from the query string as readily as from the body",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 4,
      standard: OWASP,
      clause: 'API8:2023 Security Misconfiguration: the API might be vulnerable if "Unnecessary features are enabled (e.g. HTTP verbs, logging features)"',
      observable:
        "Request class: GET //pc/customer/bankCardInfoById?id=3 with the token. It answers the bank card's holder, reserved mobile and account number, now in a URL that every access log and proxy keeps, where the clean server knows no such path",
    },
    expect: { check: 'get-query-answered', severity: 'warning', breaks: ['owasp-api8-unneeded-features'] },
    interceptor() {
      const path = pathOf('bank-card-by-id');
      return (req) => {
        const url = req.url ?? '';
        if (req.method !== 'GET' || !url.startsWith(`${path}?`)) return false;
        const fields = Object.fromEntries(new URLSearchParams(url.slice(path.length + 1)));
        req.method = 'POST';
        req.url = path;
        supplyBody(req, JSON.stringify(fields));
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'authorization-field-name-case-sensitive',
    description:
      "The delete runs as a function behind a gateway that hands it the header fields under the names the client wrote them with; the function reads headers['authorization'] alone",
    operationId: 'consignee-delete',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause: '5.1: "Field names are case-insensitive" (part 5 rule 1 of the spec: "Every operation takes the header authorization")',
      observable:
        'Request class: the valid token under the field name Authorization (as Java, Python and most curl examples write it). It gets code "401" and deletes nothing; the same value under authorization deletes',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-5.1-field-name-case'] },
    interceptor() {
      const path = pathOf('consignee-delete');
      return (req) => {
        if (req.url === path && !req.rawHeaders.some((name, index) => index % 2 === 0 && name === 'authorization')) {
          req.headers.authorization = undefined;
        }
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'json-content-type-compared-exactly',
    description:
      'A hand-written check turns away any request whose Content-Type is not the string "application/json" itself, as a Go handler comparing r.Header.Get("Content-Type") does',
    operationId: 'send-code',
    redTeam: {
      round: 4,
      standard: 'RFC 9110',
      clause:
        '8.3.1: "The type and subtype tokens are case-insensitive", and a media type may carry parameters (RFC 8259, 11, of application/json\'s "charset": "Adding one really has no effect on compliant recipients")',
      observable:
        'Request class: Content-Type application/json; charset=utf-8 (as OkHttp sends a String body) or Application/JSON. It gets HTTP 415 and no code is sent; application/json exactly gets the code',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-8.3.1-request-type-case'] },
    interceptor() {
      const path = pathOf('send-code');
      const body = refusalEnvelope('415', 'Unsupported Media Type: send application/json.', 'unsupported media type');
      return (req, res) => {
        const type = req.headers['content-type'];
        if (req.url !== path || type === undefined || type === 'application/json' || !/^application\/json\b/i.test(type)) return false;
        answerAfterBody(req, res, { status: 415, contentType: JSON_TYPE, body });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'expect-continue-refused-with-417',
    description:
      'The PHP application runs under lighttpd 1.4, whose server.reject-expect-100-with-417 is on by default; the proxy in front answers 100 Continue itself and passes the Expect field on, so lighttpd refuses the request after its body is on the way',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 7,
      standard: 'RFC 9110',
      clause:
        '10.1.1: an origin server that receives a 100-continue expectation MUST "either send an immediate response with a final status code, if that status can be determined by examining just the request-line and header fields, or send an immediate 100 (Continue) response to encourage the client to send the request content"',
      observable:
        "Request class: a create sent with Expect: 100-continue (as .NET's HttpWebRequest sends every POST, and curl a large body). After 100 Continue it gets HTTP 417 Expectation Failed, an HTML page, and no demand is created; the same create without Expect succeeds",
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9110-10.1.1-expect-continue'] },
    interceptor() {
      const path = pathOf('custom-demand-create');
      return (req, res) => {
        if (req.url !== path || !expectsContinue(req.headers.expect)) return false;
        answerAfterBody(req, res, { status: 417, contentType: 'text/html', body: EXPECTATION_FAILED_PAGE });
        return true;
      };
    },
  }),
  planted(interceptFault, {
    name: 'chunked-request-body-read-as-empty',
    description:
      'The publish service is a Flask application under a WSGI server that hands it wsgi.input bounded by CONTENT_LENGTH; a body sent in the chunked coding has no Content-Length, so the application reads nothing, and get_json() finds no JSON',
    operationId: 'consignment-publish',
    redTeam: {
      round: 9,
      standard: 'RFC 9112',
      clause:
        '7.1: "A recipient MUST be able to parse and decode the chunked transfer coding" (6.3: with Transfer-Encoding chunked, "the message body length is determined by reading and decoding the chunked data until the transfer coding indicates the data is complete")',
      observable:
        'Request class: a publish whose body is sent with Transfer-Encoding: chunked (what node:http, and fetch with a stream, send when no Content-Length is given). It is refused as code "400", "Request body is not valid JSON", and nothing is published; the same body with Content-Length is published',
    },
    expect: { check: 'equivalent-form', severity: 'warning', breaks: ['rfc9112-7.1-chunked-request'] },
    interceptor() {
      const path = pathOf('consignment-publish');
      return (req) => {
        if (req.url === path && sentChunked(req)) transcodeBody(req, () => Buffer.alloc(0));
        return false;
      };
    },
  }),
];
