import { answerFault, bodyFault, interceptFault, json, without } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { JSON_TYPE, pathOf, success } from '../_internals/answers.js';
import { holdAnswer } from '../_internals/held-answer.js';
import { jsonWith, phpEmptyArrays } from '../_internals/json-text.js';
import { bodyObject, rewriteBody } from '../_internals/request-body.js';
import { SPEC } from '../_internals/standards.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';

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

/** The envelope (2.1): a field of it missing or mistyped, or the other envelope than the operation's. */
export const envelopeFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'envelope', severity: 'error' }, bodyFault, [
    {
      name: 'envelope-code-missing',
      description: 'leaves code out of the envelope',
      operationId: 'custom-demand-delete',
      rewrite: (body) => without(body, 'code'),
    },
    {
      name: 'envelope-status-number',
      description: 'sends status as a number',
      operationId: 'purchase-order-list',
      rewrite: (body) => ({ ...body, status: 200 }),
    },
    { name: 'envelope-error-null', description: 'sends error as null', operationId: 'bank-card-by-id', rewrite: (body) => ({ ...body, error: null }) },
    { name: 'envelope-data-array', description: 'sends data as an array', operationId: 'consignee-delete', rewrite: (body) => ({ ...body, data: [] }) },
    {
      name: 'alpha-create-full-envelope',
      description: 'wraps the alpha create-order response in the full envelope',
      operationId: 'alpha-order-create',
      rewrite: (body) => ({ ...body, status: 'success', code: '200', message: 'ok', error: {} }),
    },
    {
      name: 'beta-create-data-only',
      description: 'answers the beta create-order with data only',
      operationId: 'beta-order-create',
      rewrite: (body) => ({ data: body.data }),
    },
  ]),
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
  planted(answerFault, {
    name: 'alpha-create-in-full-envelope',
    description:
      "A response-body advice (Spring's ResponseBodyAdvice) wraps every controller's successful answer in the full envelope, the alpha create-order's too",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '2.1: "The create-order response for the alpha catalogue carries only `data`." (4, #14: "body has `data` only")',
      observable: 'The created alpha order comes with status "success", code "200", message and error beside data',
    },
    expect: { check: 'envelope', severity: 'error' },
    answer(body) {
      const clean = body as Json;
      const data = clean.data;
      return json(isPlainObject(data) && Object.keys(data).length > 0 ? success(data) : clean);
    },
  }),
  planted(answerFault, {
    name: 'empty-object-sent-as-php-array',
    description: "The handler answers data = array() and error = array(), and PHP's json_encode writes an empty array() as []",
    operationId: 'consignee-delete',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause:
        '2.1: "data | object | Result payload. … For publish, create, delete, login and send-code operations it is an empty object in the sample." (and "error | object")',
      observable: 'A successful delete reads "data":[] and "error":[]: arrays where the envelope has objects',
    },
    expect: { check: 'envelope', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, phpEmptyArrays) }),
  }),
  planted(answerFault, {
    name: 'body-serialized-twice-as-string',
    description:
      "The service returns the envelope already serialized (a String from JSON.toJSONString), and the Jackson converter, registered before Spring's StringHttpMessageConverter, serializes that String again: a JSON string literal holding the JSON",
    operationId: 'consignment-delete',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause: '2.1: "Every response body is a JSON object with these fields", data, status, code, message and error',
      observable:
        'Every delConsignment answer is one JSON string, "{\\"data\\":{\\"id\\":12,…},\\"status\\":\\"success\\",…}": it parses, to a string, and only a second parse gives the envelope',
    },
    expect: { check: 'envelope', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: JSON.stringify(JSON.stringify(body)) }),
  }),
];
