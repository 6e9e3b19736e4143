/**
 * Red team round 3, bodies: JSON text as other languages' serializers and templates write it
 * (PL/SQL, Jinja, PHP with its notices on), and answers whose shape departs from sections 1 and 2
 * of the spec the way shared view objects, response wrappers and maps make them depart.
 */
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { formatChinaTime } from '../../../../src/reference/seeding/formats.js';
import { answerFault, inputFault, json, socketFault } from '../../../../src/reference/faults/fault.js';
import { eachListed, JSON_TYPE, sendText, success } from './_internals/answers.js';
import { jsonWith, oracleDecimals, phpEmptyArrays, pythonNone } from './_internals/json-text.js';
import { SPEC } from './_internals/standards.js';
import { xmlElement } from './_internals/xml.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** What PHP prints, with display_errors on and html_errors at its default, when a handler reads a key the request does not have. */
const PAGE_NO_NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: pageNo in <b>/var/www/otp/application/controllers/pc/Custom_demand.php</b> on line <b>57</b><br />\n';

/** Whether an Accept field asks for JSON by name (Spring then picks its JSON converter); absent, or the full wildcard alone, it leaves the choice to the server. */
const asksForJson = (accept: string | undefined): boolean => /\bapplication\/(?:[\w.+-]*\+)?json\b/i.test(accept ?? '');

const jsonText: PlantedFault[] = [
  planted(answerFault, {
    name: 'discount-written-without-leading-zero',
    description: 'The answer is put together in PL/SQL, each number turned to text with TO_CHAR, which writes 0.95 as .95',
    operationId: 'beta-order-create',
    redTeam: {
      round: 3,
      standard: 'RFC 8259',
      clause:
        '6: a number "contains an integer component that may be prefixed with an optional minus sign" ("int = zero / ( digit1-9 *DIGIT )"): ".95" has none',
      observable: 'Every order line with a discount reads "siDiscount":.95 (or .9, .98): JSON.parse and every strict parser refuse the created order',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, oracleDecimals) }),
  }),
  planted(answerFault, {
    name: 'null-rendered-as-python-none',
    description:
      'The list is rendered from a Jinja template that writes each column that is not text as {{ value }}, so the null createdAt, a Python None, renders as None',
    operationId: 'bank-card-list',
    redTeam: {
      round: 3,
      standard: 'RFC 8259',
      clause:
        '3: "The literal names MUST be lowercase. No other literal names are allowed." (a value is false, null, true, an object, an array, a number or a string)',
      observable: 'Every bank card reads "createdAt":None where 2.8 has null: JSON.parse refuses the whole page',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, pythonNone) }),
  }),
  planted(inputFault, {
    name: 'php-notice-before-json',
    description:
      'A PHP handler reads $body["pageNo"] without isset(), and display_errors is on in production: the notice is printed into the answer ahead of the JSON',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 3,
      standard: 'RFC 8259',
      clause: '2: "A JSON text is a serialized value", "JSON-text = ws value ws"',
      observable:
        'On every call without pageNo, the form #1 documents: the body starts "<br />\\n<b>Notice</b>:  Undefined index: pageNo in <b>/var/www/…" before the envelope, so it is no JSON text',
    },
    expect: { check: 'json-body', severity: 'error' },
    when: (payload) => isPlainObject(payload) && !Object.hasOwn(payload, 'pageNo'),
    answer: (body) => ({ contentType: JSON_TYPE, body: `${PAGE_NO_NOTICE}${JSON.stringify(body)}` }),
  }),
];

const spec: PlantedFault[] = [
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
    name: 'order-lines-keyed-by-product-id',
    description:
      'The order lines are gathered in a Map<Long, OrderLineVO> by product id, to merge a product ordered twice, and Jackson writes the map as an object',
    operationId: 'beta-order-create',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '2.3: the order the create-order operations return has the 29 fields "plus" "items | array of order lines (2.4)"',
      observable: 'The created order has "items":{"514957":{…}}, an object of lines keyed by pId, where an array of lines belongs',
    },
    expect: { check: 'data-schema', severity: 'error' },
    answer(body) {
      const clean = body as Json;
      const data = clean.data;
      if (!isPlainObject(data) || !Array.isArray(data.items)) return json(clean);
      const byProduct = Object.fromEntries(data.items.map((line) => [String((line as Json).pId), line]));
      return json({ ...clean, data: { ...data, items: byProduct } });
    },
  }),
  planted(answerFault, {
    name: 'page-no-null-when-not-asked',
    description:
      "The page echoes the request's pageNo as it was bound, a nullable Integer that the request #4 documents never sets, while the query itself defaults to page 1",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '2.2: "pageNo | integer (current page number)" (4 rule 2: "the response carries totalPage, pageNo and list")',
      observable: 'A list asked as #4 documents it (pageSize, status, cusType; no pageNo) answers page 1 with "pageNo":null',
    },
    expect: { check: 'data-schema', severity: 'error' },
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const asked = isPlainObject(payload) ? payload.pageNo : undefined;
      if (!isPlainObject(data) || !Array.isArray(data.list) || (asked !== undefined && asked !== null)) return json(clean);
      return json({ ...clean, data: { ...data, pageNo: null } });
    },
  }),
  planted(answerFault, {
    name: 'listed-order-time-as-text',
    description: 'The order list and the create-order answers share one order view object, whose soCtime is formatted as "yyyy-MM-dd HH:mm:ss" text',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '2.3: "soCtime | integer in the order list; string in the create-order responses"',
      observable: 'Every listed order has soCtime "2026-01-14 09:00:00" where the list carries the integer 1768352400',
    },
    expect: { check: 'data-schema', severity: 'error' },
    answer: (body) =>
      json(eachListed(body as Json, (order) => (typeof order.soCtime === 'number' ? { ...order, soCtime: formatChinaTime(order.soCtime) } : order))),
  }),
  planted(socketFault, {
    name: 'xml-unless-json-asked-for',
    description:
      "Jackson's XML module is on the classpath, pulled in by another library, and Spring's XML converter comes before the JSON one: whenever Accept leaves the choice open, the answer is XML",
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 3,
      standard: SPEC,
      clause: '1: "Every operation is an HTTP call whose body and response are JSON."',
      observable:
        "Request class: a call without Accept, or with Accept: */* (curl's and fetch's default). It gets application/xml, <Result><data><id>3</id>…</Result>; Accept: application/json still gets JSON",
    },
    expect: { check: 'json-body', severity: 'error' },
    respond(res, body) {
      if (asksForJson(res.req.headers.accept)) return sendText(res, JSON.stringify(body));
      sendText(res, xmlElement('Result', body), { 'content-type': 'application/xml;charset=UTF-8' });
    },
  }),
];

export const round3Bodies: readonly PlantedFault[] = [...jsonText, ...spec];
