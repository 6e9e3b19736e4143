import { demandFieldMissing, orderListCtimeString } from '../../../../src/reference/faults/demo.js';
import { answerFault, bodyFault, dataFault, json, listRecordFault, orderLinesFault, pagingFault, without } from '../../../../src/reference/faults/fault.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { PURCHASE_STATUS_TEXT } from '../../../../src/reference/seeding/data.js';
import { formatChinaTime } from '../../../../src/reference/seeding/formats.js';
import { eachListed, JSON_TYPE, success } from '../_internals/answers.js';
import { floatAt, jsonWith } from '../_internals/json-text.js';
import { SPEC } from '../_internals/standards.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';

const dataSchemaError = { check: 'data-schema', severity: 'error' } as const;

/** The largest page the page-size fault pads with one record too many. */
const MAX_PADDED_PAGE = 1000;

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

/** What Excel's "CSV UTF-8" export writes first, and csv.DictReader over a file opened as 'utf-8' (not 'utf-8-sig') keeps in the first header. */
const BYTE_ORDER_MARK = '\uFEFF';

const FIRST_COLUMN = 'code';

/** The record with its first column's name as the import read it from the header row. */
const firstColumnAsImported = (record: Json): Json =>
  Object.fromEntries(Object.entries(record).map(([name, value]) => [name === FIRST_COLUMN ? `${BYTE_ORDER_MARK}${name}` : name, value]));

/** A bound on the padding, far past any page size a client asks for, so that an absurd pageSize does not make the reference server allocate without end. */
const MAX_SLOTS = 10_000;

/**
 * The name Jackson gives a property from its getter: the name after "get" with its leading run of
 * capitals lower-cased. Lombok writes getPId() for pId, which Jackson reads back as "pid".
 */
function jacksonName(field: string): string {
  const getterSuffix = `${field.charAt(0).toUpperCase()}${field.slice(1)}`;
  const leadingCapitals = /^[A-Z]+/.exec(getterSuffix)?.[0].length ?? 0;
  return `${getterSuffix.slice(0, leadingCapitals).toLowerCase()}${getterSuffix.slice(leadingCapitals)}`;
}

const renamedByJackson = (line: Json): Json => Object.fromEntries(Object.entries(line).map(([name, value]) => [jacksonName(name), value]));

/** China Standard Time is UTC+8, all year. */
const CHINA_OFFSET_SECONDS = 8 * 3600;

/** The records (2.3–2.9) and the page (2.2): a field missing or of another type, another record's shape, another page than asked for. */
export const recordFaults: readonly PlantedFault[] = [
  { ...demandFieldMissing, expect: dataSchemaError },
  ...caughtBy(dataSchemaError, listRecordFault, [
    {
      name: 'purchase-order-status-string',
      description: 'sends purchase order status as a string',
      operationId: 'purchase-order-list',
      rewrite: (record) => ({ ...record, status: String(record.status) }),
    },
  ]),
  { ...orderListCtimeString, expect: dataSchemaError },
  ...caughtBy(dataSchemaError, dataFault, [
    {
      name: 'created-order-ctime-integer',
      description: 'sends soCtime as an integer in the beta create-order response',
      operationId: 'beta-order-create',
      rewrite: (data) => ({ ...data, soCtime: 1795000000 }),
    },
    {
      name: 'created-order-items-missing',
      description: 'leaves items out of the beta create-order response',
      operationId: 'beta-order-create',
      rewrite: (data) => without(data, 'items'),
    },
    {
      name: 'page-total-string',
      description: 'sends totalPage as a string',
      operationId: 'bank-card-list',
      rewrite: (data) => ({ ...data, totalPage: String(data.totalPage) }),
    },
    { name: 'page-list-object', description: 'sends list as an object', operationId: 'beta-products-by-brand', rewrite: (data) => ({ ...data, list: {} }) },
    {
      name: 'bank-card-by-id-card-shape',
      description: 'answers bankCardInfoById with the bank card shape (2.8) instead of the consignee shape (2.9)',
      operationId: 'bank-card-by-id',
      rewrite: (data) => ({ id: data.id, accountName: data.consigneeName, bankName: '中国银行', bankAccount: '6217000010001234567', createdAt: null }),
    },
    {
      name: 'del-consignment-empty-data',
      description: 'answers delConsignment with an empty data object',
      operationId: 'consignment-delete',
      rewrite: () => ({}),
    },
    {
      name: 'consignee-mobile-number',
      description: 'sends the consignee mobile as a number',
      operationId: 'consignee-by-id',
      rewrite: (data) => ({ ...data, mobile: Number(data.mobile) }),
    },
  ]),
  ...caughtBy(dataSchemaError, orderLinesFault, [
    {
      name: 'order-line-cas-missing',
      description: 'leaves cCas out of the alpha order lines',
      operationId: 'alpha-order-create',
      rewrite: (lines) => lines.map((line) => without(line, 'cCas')),
    },
    {
      name: 'order-line-price-string',
      description: 'sends siPrice of the beta order lines as a string',
      operationId: 'beta-order-create',
      rewrite: (lines) => lines.map((line) => ({ ...line, siPrice: String(line.siPrice) })),
    },
  ]),
  ...caughtBy({ check: 'sample-types', severity: 'warning' }, listRecordFault, [
    {
      name: 'order-mobile-string',
      description: 'sends soCaMobile as a string (an integer in the sample)',
      operationId: 'alpha-orders-list',
      rewrite: (record) => ({ ...record, soCaMobile: String(record.soCaMobile) }),
    },
  ]),
  ...caughtBy({ check: 'page-number-echo', severity: 'error' }, dataFault, [
    {
      name: 'page-number-off-by-one',
      description: 'answers pageNo one past the page requested',
      operationId: 'beta-products-by-brand',
      rewrite: (data, payload) => ({ ...data, pageNo: Number(payload.pageNo) + 1 }),
    },
  ]),
  ...caughtBy({ check: 'page-size-bound', severity: 'error' }, dataFault, [
    {
      name: 'page-size-exceeded',
      description: 'returns one record more than pageSize',
      operationId: 'alpha-orders-list',
      rewrite: (data, payload) => {
        // Error results have no list, a page of 2^31 records would take the server down before the kit saw it, and an empty page has no record to repeat.
        if (!Array.isArray(data.list) || data.list.length === 0 || !(Number(payload.pageSize) <= MAX_PADDED_PAGE)) return data;
        const list = data.list as Json[];
        return { ...data, list: Array.from({ length: Number(payload.pageSize) + 1 }, (_, i) => list[i] ?? list[0]!) };
      },
    },
  ]),
  ...caughtBy({ check: 'operation-verified', severity: 'info' }, bodyFault, [
    {
      name: 'never-found',
      description: 'answers every bankCardInfoById with an error result',
      operationId: 'bank-card-by-id',
      rewrite: () => ({ data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } }),
    },
  ]),
  planted(answerFault, {
    name: 'status-text-frozen-at-creation',
    description: 'statusText is a column written when the purchase order is published and never updated when its status changes',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '3: "Records carry numeric status fields with display text: `status` and `statusText`"',
      observable: `Every purchase order says "${PURCHASE_STATUS_TEXT[0]}" whatever its status: records of status 0 to 3 share one display text`,
    },
    expect: { check: 'status-text', severity: 'warning' },
    answer: (body) => json(eachListed(body as Json, (record) => ({ ...record, statusText: PURCHASE_STATUS_TEXT[0] }))),
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
  planted(listRecordFault, {
    name: 'csv-bom-in-first-member-name',
    description: `The beta supplier sends its catalogue each night as one CSV per brand, exported from Excel as "CSV UTF-8", which starts the file with a byte order mark. The import job reads it with Python's csv.DictReader over open(path, encoding="utf-8") (not "utf-8-sig"), converts the numeric columns it names (price, status, ifDangers) and stores each row as a document, which #16 answers as stored: the mark stays at the start of the first header, so the first column, ${FIRST_COLUMN}, is keyed "\\ufeff${FIRST_COLUMN}"`,
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '2.5: the beta catalogue product has "code | string" (RFC 8259, 8.3: names are compared "code unit by code unit", so "\\ufeffcode" is another name than "code")',
      observable:
        'Every product of getProductsByBrandId has a first member named U+FEFF followed by "code" (bytes EF BB BF 63 6F 64 65), holding the product code, and no member "code": a terminal shows "code":"AL875380" as before, and record.code is undefined',
    },
    expect: { check: 'data-schema', severity: 'error' },
    rewrite: firstColumnAsImported,
  }),
  planted(pagingFault, {
    name: 'short-page-padded-with-null-records',
    description:
      "The bank card service is Go; the list handler makes the page's slice with the page size as its length, cards := make([]*BankCardVO, req.PageSize), and fills it by index from the rows the query returned, for i, row := range rows { cards[i] = toVO(row) }. Where fewer rows come back than pageSize, the slots left are nil pointers, which encoding/json writes as null",
    operationId: 'bank-card-list',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '2.2: `data` of list operations has "list | array of records (the record type depends on the operation)", here bank card records (2.8); null is no record',
      observable:
        'Request class: a page with fewer cards than pageSize, the last page where pageSize does not divide the count (pageSize 30, page 7: 20 cards) or any page past it. Its list is the cards followed by null up to pageSize ([{…},…,{…},null,null,…], 30 entries), and a page past the last is pageSize nulls where the clean server answers []; full pages are as before',
    },
    expect: { check: 'data-schema', severity: 'error' },
    page(data, asked) {
      const list = data.list as unknown[];
      const slots = Math.min(asked.pageSize, MAX_SLOTS);
      return list.length < slots ? { ...data, list: [...list, ...Array<null>(slots - list.length).fill(null)] } : data;
    },
  }),
  planted(answerFault, {
    name: 'total-page-written-as-float',
    description: "totalPage is computed with Python 2's math.ceil, which returns a float, and the encoder writes the float as it is",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)"',
      observable:
        'totalPage is written 5.0, a JSON number with a fraction part: JavaScript reads 5, while a Go or strictly configured Java client decoding it into an integer field fails',
    },
    expect: { check: 'page-integer-text', severity: 'warning' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, floatAt('totalPage')) }),
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
  planted(orderLinesFault, {
    name: 'order-line-names-from-lombok-getters',
    description:
      "The order line entity is a Lombok @Data class: its field pId gets the getter getPId(), and Jackson's default naming lower-cases the leading capitals of what follows get, so pId, pCode, pCnName, pLevel and cCas go out as pid, pcode, pcnName, plevel and ccas",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '2.4: the order line has "pId | integer", "pCode | string", "pCnName | string", "pLevel | string", "cCas | string"; 4, #14 answers "Order with items (2.3, 2.4)"',
      observable:
        'Every order line of a created alpha order carries pid, pcode, pcnName, plevel and ccas, with the values of pId, pCode, pCnName, pLevel and cCas, which are absent; siPrice to ifCancel are as documented',
    },
    expect: { check: 'data-schema', severity: 'error' },
    // A refusal carries no lines to rename.
    rewrite: (lines) => (Array.isArray(lines) ? lines.map(renamedByJackson) : lines),
  }),
  planted(listRecordFault, {
    name: 'listed-order-time-read-in-utc-session',
    description:
      "so_ctime is a DATETIME written in China wall-clock time; the list selects UNIX_TIMESTAMP(so_ctime) on a pool whose sessions run at time_zone '+00:00' (serverTimezone=UTC in the JDBC URL), so the wall-clock time is read as UTC, while the create answer formats the DATETIME as the text it is",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 7,
      standard: SPEC,
      clause:
        '2.3: "soCtime | integer in the order list; string in the create-order responses": one field of one order, so the integer the list gives and the text #14 answered name the same moment',
      observable:
        'Request class: createAlphaOrders, then the list. The new order\'s soCtime is 28800 s (8 hours) after the moment its create answer wrote ("2026-11-22 10:15:00" China time), later than the Date of the answer that lists it; every listed order is 8 hours late alike',
    },
    expect: { check: 'order-time-future', severity: 'warning' },
    rewrite: (order) => (typeof order.soCtime === 'number' ? { ...order, soCtime: order.soCtime + CHINA_OFFSET_SECONDS } : order),
  }),
];
