/**
 * Red team round 11, bodies: page fields read in the order the docs' sample writes them, a JSON body
 * URL-decoded before it is parsed, Jackson's default typing left on for the answers, fastjson's
 * references written for an order line quoted once and listed twice, and a documented member refused
 * as unknown by a request class that does not declare it.
 */
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { bodyFault, dataFault, inputFault, interceptFault, json } from '../../../../src/reference/faults/fault.js';
import { pathOf } from './_internals/answers.js';
import { rewriteBody } from './_internals/request-body.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

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

/** Thrown where java.net.URLDecoder throws: a "%" without two hex digits after it. */
class IllegalEscape extends Error {}

/** The text as java.net.URLDecoder.decode(text, "UTF-8") makes it: "+" a space, each run of %XX the UTF-8 bytes it spells. */
function urlDecoded(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '+') {
      out += ' ';
      index += 1;
    } else if (char === '%') {
      const bytes: number[] = [];
      while (text[index] === '%') {
        const hex = text.slice(index + 1, index + 3);
        if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new IllegalEscape(`URLDecoder: Illegal hex characters in escape (%) pattern - ${hex}`);
        bytes.push(Number.parseInt(hex, 16));
        index += 3;
      }
      out += Buffer.from(bytes).toString('utf8');
    } else {
      out += char;
      index += 1;
    }
  }
  return out;
}

/** The body the handler gets: the decoded text, or none where the decoder threw (answered as a body that is not JSON). */
function formDecodedBody(text: string): string {
  try {
    return urlDecoded(text);
  } catch (error) {
    if (error instanceof IllegalEscape) return '';
    throw error;
  }
}

/** The classes Jackson's type ids name: the envelope, the page and the card view objects of the member service. */
const RESULT_CLASS = 'com.otp.common.web.Result';
const PAGE_CLASS = 'com.otp.common.web.PageVO';
const BANK_CARD_CLASS = 'com.otp.member.vo.BankCardVO';
const MAP_CLASS = 'java.util.HashMap';
const LIST_CLASS = 'java.util.ArrayList';

/**
 * An object as activateDefaultTyping(NON_FINAL, As.PROPERTY) writes it: its class first as "@class";
 * a list, which has no property to hold one, as the wrapper array [class, items].
 */
const typedObject = (className: string, value: Json): Json => ({ '@class': className, ...value });

function typedData(data: unknown): unknown {
  if (!isPlainObject(data)) return data;
  if (!Array.isArray(data.list)) return typedObject(MAP_CLASS, data);
  const records = data.list.map((record) => (isPlainObject(record) ? typedObject(BANK_CARD_CLASS, record) : record));
  return typedObject(PAGE_CLASS, { ...data, list: [LIST_CLASS, records] });
}

function typedEnvelope(body: Json): Json {
  const error = isPlainObject(body.error) ? { error: typedObject(MAP_CLASS, body.error) } : {};
  return typedObject(RESULT_CLASS, { ...body, data: typedData(body.data), ...error });
}

/** fastjson's reference to a value it has written before in the same answer, by its JSONPath from the root. */
const reference = (path: string): Json => ({ $ref: path });

/** Each line equal to one before it (the same instance, quoted once) written as fastjson's reference to the first. */
function linesQuotedOnce(lines: unknown[]): unknown[] {
  const firstAt = new Map<string, number>();
  return lines.map((line, index) => {
    const key = JSON.stringify(line);
    const first = firstAt.get(key);
    if (first !== undefined) return reference(`$.data.items[${first}]`);
    firstAt.set(key, index);
    return line;
  });
}

/** Jackson's refusal of a member its request class does not declare, with FAIL_ON_UNKNOWN_PROPERTIES on as a bare ObjectMapper has it. */
const UNRECOGNIZED_PAGE_NO =
  'Unrecognized field "pageNo" (class com.otp.demand.dto.DemandListQuery), not marked as ignorable (2 known properties: "pageSize", "status"])';

export const round11Bodies: readonly PlantedFault[] = [
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
    name: 'json-body-url-decoded',
    description:
      'The order service\'s request wrapper (an XssFilter that reads the body once to clean it and hands the copy on) calls URLDecoder.decode(body, "UTF-8") on every body, left from the old web shop, whose jQuery posted encodeURIComponent(JSON.stringify(order)). A JSON body is not URL-encoded: the decoder turns each "+" into a space and each %XX into the byte it spells, and throws IllegalArgumentException at a "%" without two hex digits after it, which the filter answers as a body it could not read',
    operationId: 'beta-order-create',
    redTeam: {
      round: 11,
      standard: 'RFC 8259',
      clause:
        '7: "All Unicode characters may be placed within the quotation marks, except for the characters that MUST be escaped: quotation mark, reverse solidus, and the control characters"; 9: "A JSON parser MUST accept all texts that conform to the JSON grammar"',
      observable:
        'Request class: an order whose text holds "+" or "%" (soNote "干冰+冷链运输", "纯度≥99.5%请附COA"). The first is created with soNote "干冰 冷链运输", the plus a space; the second is refused with code "400", "Request body is not valid JSON.", and no order is created; text without either comes back as sent',
    },
    expect: { check: 'text-url-decoded', severity: 'warning', breaks: ['rfc8259-7-request-unescaped'] },
    interceptor() {
      const path = pathOf('beta-order-create');
      return (req) => {
        if (req.url === path) rewriteBody(req, formDecodedBody);
        return false;
      };
    },
  }),
  planted(bodyFault, {
    name: 'jackson-default-typing-in-answers',
    description:
      'The member service keeps pages in Redis, and its RedisConfig declares an ObjectMapper @Bean with activateDefaultTyping(LaissezFaireSubTypeValidator.instance, NON_FINAL, As.PROPERTY), as GenericJackson2JsonRedisSerializer\'s examples do. Spring Boot\'s JacksonAutoConfiguration backs off when an ObjectMapper bean exists, so Spring MVC writes the answers with that mapper too: each object carries its class as "@class", and each collection, which has no property to hold one, becomes the array [class, items]',
    operationId: 'bank-card-list',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause: '2.2: `data` of list operations has "list | array of records (the record type depends on the operation)", here bank card records (2.8)',
      observable: `Every bankCardList answer reads "list":["${LIST_CLASS}",[{"@class":"${BANK_CARD_CLASS}","id":200,…},…]]: list is a two-element array, a class name and the cards, and the envelope, the page and each card carry a "@class" member`,
    },
    expect: { check: 'data-schema', severity: 'error' },
    rewrite: (body) => typedEnvelope(body),
  }),
  planted(dataFault, {
    name: 'repeated-order-line-as-fastjson-ref',
    description:
      'The alpha order service quotes each distinct line once against the ERP\'s price list, quoted.computeIfAbsent(pCode + "|" + num, …), and adds the quoted OrderLine to items for every line of the request, so two equal lines are one instance. fastjson writes the answer with its default features, circular-reference detection on: an object already written in the same answer goes out as {"$ref": its JSONPath}',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '2.3: the order returned by the create-order operations carries "items | array of order lines (2.4)", each with siPrice, pId, siDiscount, siNum, siAmount, siVamount, pCode, pCnName, pLevel, cCas, deliveryTerm and ifCancel',
      observable:
        'Request class: an order with the same product and quantity on two lines (A104523 × "2" for two labs, told apart by siCusNote). The second line reads {"$ref":"$.data.items[0]"}, none of the twelve fields of 2.4, where the clean server repeats the line; orders whose lines differ come as before',
    },
    expect: { check: 'data-schema', severity: 'error' },
    rewrite: (data) => (isPlainObject(data) && Array.isArray(data.items) ? { ...data, items: linesQuotedOnce(data.items) } : data),
  }),
  planted(inputFault, {
    name: 'page-no-refused-as-unknown-member',
    description:
      "The demand service is Jersey with a bare ObjectMapper, whose FAIL_ON_UNKNOWN_PROPERTIES is on (Spring Boot's auto-configured one turns it off, a plain new ObjectMapper() does not), and its DemandListQuery was written from the row of #1, pageSize and status: a body that also carries pageNo fails to bind with UnrecognizedPropertyException, which the exception mapper answers as the refusal",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause: '4 rule 2: "In list operations the request carries pageSize and, where given, pageNo; the response carries totalPage, pageNo and list"',
      observable: `Request class: a list that gives pageNo, as every call for page 2 on must ({"pageSize":10,"pageNo":2}, and pageNo 1 or null alike). It is refused with code "400" and "${UNRECOGNIZED_PAGE_NO}", so only page 1 of the demands can be had; {"pageSize":10} and {"pageSize":10,"status":1} answer as before`,
    },
    expect: { check: 'page-number-refused', severity: 'warning' },
    when: (payload) => isPlainObject(payload) && Object.hasOwn(payload, 'pageNo'),
    answer: () => json({ data: {}, status: 'fail', code: '400', message: UNRECOGNIZED_PAGE_NO, error: { field: 'pageNo', reason: UNRECOGNIZED_PAGE_NO } }),
  }),
];
