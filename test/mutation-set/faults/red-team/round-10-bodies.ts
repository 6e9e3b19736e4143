/**
 * Red team round 10, bodies: request JSON with a line break turned away by a one-line pattern, the
 * escapes of request strings kept as written, a whole number written with a fraction part refused,
 * and an envelope wrapped in another one.
 */
import type { IncomingMessage } from 'node:http';
import type { Json } from '../../../../src/reference/json.js';
import { bodyFault, interceptFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, success } from './_internals/answers.js';
import { rewriteBody } from './_internals/request-body.js';
import { watchingFault } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** body.matches("\\{.*\\}"): Java's "." stops at every line terminator, and matches() wants the whole text, so one line, brace to brace. */
const ONE_LINE_OBJECT = /^\{[^\n\r\u0085\u2028\u2029]*\}$/;

/**
 * The text with every escape inside a string other than \" and \\ kept as written: \u738b stays
 * the six characters it is written with. Done by doubling the backslash, which JSON.parse then
 * reads back as the one backslash the intake kept.
 */
function escapesKeptAsWritten(text: string): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (!inString) {
      inString = char === '"';
      out += char;
      continue;
    }
    if (char === '"') inString = false;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = text[index + 1] ?? '';
    out += next === '"' || next === '\\' ? `\\${next}` : `\\\\${next}`;
    index += 1;
  }
  return out;
}

/** The fields the card service's ListRequest declares as int (*int for status), in the order a body may give them. */
const INT_FIELD = /"(pageSize|pageNo|status)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

/** The first int field whose number is written with a fraction or an exponent part, which encoding/json will not put in an int. */
function misfitInt(text: string): { readonly field: string; readonly number: string } | undefined {
  for (const [, field, number] of text.matchAll(INT_FIELD)) if (/[.eE]/.test(number!)) return { field: field!, number: number! };
  return undefined;
}

/** What each list call's body held that encoding/json refuses, handed from the interceptor to the answer. */
const misfitOf = new WeakMap<IncomingMessage, { readonly field: string; readonly number: string }>();

export const round10Bodies: readonly PlantedFault[] = [
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
  planted(interceptFault, {
    name: 'request-escapes-kept-as-written',
    description:
      "createBetaOrders hands the body, as a CLOB, to the ERP's PL/SQL order intake, which reads each field with REGEXP_SUBSTR and then REPLACE(value, '\\\"', '\"') and REPLACE(value, '\\\\', '\\'), the only escapes its author had met: every other escape is stored as written. The web shop's JSON.stringify writes Chinese as it is, so nobody saw it; PHP's json_encode, Python's json.dumps and .NET's System.Text.Json escape non-ASCII by default",
    operationId: 'beta-order-create',
    redTeam: {
      round: 10,
      standard: 'RFC 8259',
      clause:
        '7: "If the character is in the Basic Multilingual Plane (U+0000 through U+FFFF), then it may be represented as a six-character sequence: a reverse solidus, followed by the lowercase letter u, followed by four hexadecimal digits that encode the character\'s code point"',
      observable:
        'Request class: an order whose strings carry escapes, as PHP, Python and .NET clients send Chinese by default (soCaName "\\u738b\\u6653\\u660e" for 王晓明, soNote with \\n). The created order reads soCaName and soCiaName "\\u738b\\u6653\\u660e", the escape\'s own eighteen characters, and a line break in soNote, which every JSON writer escapes, comes back as a backslash and an n; text without escapes comes back as sent',
    },
    expect: { check: 'text-escapes-kept', severity: 'warning', breaks: ['rfc8259-7-request-escapes'] },
    interceptor() {
      const path = pathOf('beta-order-create');
      return (req) => {
        if (req.url === path) rewriteBody(req, escapesKeptAsWritten);
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
  planted(bodyFault, {
    name: 'envelope-wrapped-in-envelope',
    description:
      "The consignment service's delete method already returns the Result envelope, and the controller's ResponseBodyAdvice wraps whatever a controller returns in Result.success(…) without asking whether it is a Result already: the envelope goes out as the data of another, whose status is success whatever the inner one says",
    operationId: 'consignment-delete',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause: '4, #6: delConsignment answers as Response `data` "one purchase order record shape (2.7)"',
      observable:
        'Every delConsignment answer to a JSON body is {"data":{"data":{…the consignment…},"status":"success","code":"200",…},"status":"success","code":"200",…}: data holds an envelope, not the record, and a cid no consignment has is answered with an outer status "success" and code "200" around the inner "fail" and "404"',
    },
    expect: { check: 'data-schema', severity: 'error' },
    rewrite: (body) => success(body as Json),
  }),
];
