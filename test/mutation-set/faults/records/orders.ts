import {
  type Answer,
  dataFault,
  type Fault,
  type FaultFacts,
  inputFault,
  interceptFault,
  json,
  listRecordFault,
  orderLinesFault,
  pagingFault,
} from '../../../../src/reference/faults/fault.js';
import { A_QUANTITY_STRING, createdOrder, ORDER_HEADER } from '../../../../src/reference/handlers/_internals/orders.js';
import {
  A_PRODUCT_CODE,
  A_STRING,
  nonEmptyListOf,
  productCode,
  quantityText,
  readRequest,
  required,
  text,
} from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { SEEDED_RECORDS } from '../../../../src/reference/seed.js';
import { DOCUMENT_PREFIX, documentNumber, roundToCents } from '../../../../src/reference/seeding/formats.js';
import { pathOf, sendText, succeeded, success } from '../_internals/answers.js';
import { heldJson, holdAnswer, withJson } from '../_internals/held-answer.js';
import {
  handledOtherwiseFault,
  INTERNAL_ERROR,
  noteWithLines,
  orderBeforeRefusedItem,
  placesBetaOrder,
  withLines,
  zippedWithSortedProducts,
} from '../_internals/records.js';
import { bodyObject, rewriteBody } from '../_internals/request-body.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** A fen amount shown in yuan, as the list formats sale_price: "420.00" stored in yuan reads "4.20". */
const asFen = (price: unknown): string => (Number(price) / 100).toFixed(2);

/** Where the ids of other members' records start: past any id the member's own lists hand out. */
const OTHER_MEMBERS_IDS = 100_000;

/** A PO number as the order form pre-fills it, PO, the date and a daily serial, with the serial; undefined for any other. */
function formPo(payload: unknown): number | undefined {
  const po = isPlainObject(payload) ? payload.soCusPo : undefined;
  const serial = typeof po === 'string' ? /^PO\d{8}(\d{4})$/.exec(po)?.[1] : undefined;
  return serial === undefined ? undefined : Number(serial);
}

/** How many orders a day the other members place through the form: every PO of the form with a serial up to this one is taken. */
const OTHER_MEMBERS_DAILY_ORDERS = 20;

/** #15: the header fields of #14 and "items: array of {pCode (string), brandId (string), num (string)}", checked before the INSERT meets the key. */
const BETA_ORDER_REQUEST = {
  ...ORDER_HEADER,
  items: nonEmptyListOf({ pCode: required(productCode, A_PRODUCT_CODE), brandId: required(text, A_STRING), num: required(quantityText, A_QUANTITY_STRING) }),
};

/** Whether the order would be placed, and its PO is one another member's order already holds. */
function poTaken(payload: unknown): boolean {
  const serial = formPo(payload);
  return serial !== undefined && serial >= 1 && serial <= OTHER_MEMBERS_DAILY_ORDERS && readRequest(payload, BETA_ORDER_REQUEST).ok;
}

/** A fault that answers the calls `when` picks its own way, and lets the handler place nothing for them. */
function placesNothing(facts: FaultFacts & { when(payload: unknown): boolean; answer(body: unknown, payload: unknown): Answer }): Fault {
  // An empty body is refused before anything is stored.
  return { ...inputFault(facts), misreads: () => ({}) };
}

/** The beta order another member placed under the same PO: one of the seed's, with that member's name and mobile and an id of its own. */
function otherMembersOrder(serial: number): Json {
  const { betaOrders, members } = seeded();
  const stored = betaOrders[serial % betaOrders.length]!;
  const member = members[serial % members.length]!;
  const id = OTHER_MEMBERS_IDS + serial;
  const mobile = Number(member.mobile);
  const order = {
    ...stored.order,
    soId: id,
    soNo: documentNumber(DOCUMENT_PREFIX.order, stored.order.soCtime, id),
    soCaName: member.realName,
    soCaMobile: mobile,
    soCiaName: member.realName,
    soCiaMobile: mobile,
    soCiTitle: member.companyName,
  };
  return createdOrder({ ...stored, order }) as Json;
}

/** Order lines that do not answer the items ordered (2.3, 2.4; not shown to be required, so warnings). */
export const orderFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'order-line-codes', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-foreign-code',
      description: 'answers an order line for a product that was not ordered',
      operationId: 'alpha-order-create',
      rewrite: (lines) => lines.map((line, i) => (i === 0 ? { ...line, pCode: 'NOT-ORDERED-1' } : line)),
    },
  ]),
  ...caughtBy({ check: 'order-line-quantity', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-wrong-quantity',
      description: 'answers siNum one more than ordered',
      operationId: 'beta-order-create',
      rewrite: (lines) => lines.map((line) => ({ ...line, siNum: Number(line.siNum) + 1 })),
    },
  ]),
  ...caughtBy({ check: 'order-lines-complete', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-dropped',
      description: 'drops the last order line of orders with two or more items',
      operationId: 'alpha-order-create',
      rewrite: (lines) => (lines.length > 1 ? lines.slice(0, -1) : lines),
    },
  ]),
  ...caughtBy({ check: 'order-line-count', severity: 'warning' }, orderLinesFault, [
    {
      name: 'order-line-repeated',
      description: 'answers the first order line twice',
      operationId: 'beta-order-create',
      // An error result has no lines to repeat.
      rewrite: (lines) => (Array.isArray(lines) && lines.length > 0 ? [lines[0]!, ...lines] : lines),
    },
  ]),
  planted(listRecordFault, {
    name: 'published-price-read-as-fen',
    description:
      "Purchase orders reach one table from two writers: the ERP import, which writes sale_price in fen, and the web console's publish, which writes the price as given, in yuan. The member list was written against the import and shows sale_price / 100: the rows the import wrote read right, every purchase order published on the platform reads a hundredth of its price",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause:
        '4.1: purchase orders are published ("Purchase order | publish") and listed by #4, whose records carry "salePrice | string" (2.7): the purchase order listed is the one published, at its price',
      observable:
        'Request class: purchase_order/publish (4.1) with price 420, then the list (#4). The new purchase order is listed with salePrice "4.20" where the clean server lists "420.00"; the purchase orders the server started with are listed as by the clean server',
    },
    expect: { check: 'flow-purchase-order-listed', severity: 'warning' },
    rewrite: (record) => (Number(record.id) > SEEDED_RECORDS ? { ...record, salePrice: asFen(record.salePrice) } : record),
  }),
  planted(pagingFault, {
    name: 'order-list-filtered-by-primitive-default',
    description:
      'getAlphaOrders binds its body to AlphaOrderQuery, the query object of the web console, whose "awaiting payment" tab filters on soPayStatus, a primitive int: absent from the open API\'s body it is 0, and the mapper\'s <if test="soPayStatus != null">, always true of an int, adds AND so_pay_status = 0 to the page and to its count',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '1: alpha catalogue orders are "Create an order, list the user\'s orders, order detail, dispatch note"; 4, #13: getAlphaOrders takes "pageSize (number of records to return), pageNo (current page)" and answers a "Page of orders (2.3)": every order of the user, whatever its soPayStatus',
      observable:
        'Every page holds only orders of soPayStatus 0: at pageSize 10, totalPage is 2 and the pages list 17 orders where the clean server lists 30 on 3; the 13 paid ones, the newest (SO202606270030) among them, are on no page, though order detail and invoices of an order (4.1) answer them; orders just created, unpaid, are listed',
    },
    expect: { check: 'flow-order-listed', severity: 'warning', at: 'alpha-orders-list' },
    page: (_data, asked, pageAt) => {
      const unpaid = (pageAt(EVERY_RECORD, 1).list as Json[]).filter((order) => order.soPayStatus === 0);
      // The full list comes in the server's own order: cut into pages as it stands.
      return pageOf(unpaid, asked.pageSize, asked.pageNo, 'newest-first');
    },
  }),
  planted(handledOtherwiseFault, {
    name: 'refused-order-kept-with-its-earlier-lines',
    description:
      "createAlphaOrders carries @Transactional on a private method that the controller's method calls on this, so Spring's proxy never opens a transaction and each statement commits alone. The order header is inserted with the first line (it takes that product's delivery term), then each further item is looked up, its quantity parsed and its line inserted, the total updated as it goes; an item turned down throws, the exception handler answers the refusal, and the order stays with the lines before it",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '7 rule 1: "Results and errors are carried in the envelope fields"; 2.1: "The create-order response for the alpha catalogue carries only data", the order created: a create answered with no order placed none, and getAlphaOrders (#13), "list the user\'s orders" (1), lists no order the user was not answered',
      observable:
        'Request class: an order whose second item is turned down (num "0"). It is answered {"data":{}}, as by the clean server, yet getAlphaOrders (#13) then lists a new order first (soId 201), priced as if placed with the first item alone, and the next order placed gets soId 202; an order whose first item is turned down leaves nothing',
    },
    expect: { check: 'flow-order-listed', severity: 'warning', at: 'alpha-orders-list' },
    when: (payload) => orderBeforeRefusedItem(payload) !== undefined,
    misreads: (payload) => orderBeforeRefusedItem(payload) ?? payload,
    // The refusal the whole request gets; what was handled before it stays placed.
    respond: (res, _body, payload, answerTo) => sendText(res, JSON.stringify(answerTo(payload))),
  }),
  planted(interceptFault, {
    name: 'order-lines-kept-in-a-singleton-field',
    description:
      'BetaOrderService, a Spring singleton, gathers the lines of the order it places in a field, private final List<SoItem> items = new ArrayList<>(), where a local variable was meant, and nothing clears it: every order the node places carries, before its own lines, the lines of each order the node placed since it started, and is priced with them',
    operationId: 'beta-order-create',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '4, #15: createBetaOrders takes "items: array of {pCode (string), brandId (string), num (string)}" and answers the "Order with items (2.3, 2.4)"; 2.3: the order created has "items | array of order lines (2.4)": the lines of the items this request sent, and soTotal of them',
      observable:
        "Request class: a second createBetaOrders (#15) to the same server. Its order has two lines, the first order's line and then its own, and a soTotal of both, where the clean server answers its own line alone; the third has three; the first order after a start, and refusals, are as from the clean server",
    },
    expect: { check: 'order-line-count', severity: 'warning' },
    interceptor() {
      const path = pathOf('beta-order-create');
      const placed: Json[] = [];
      return (req, res) => {
        if (req.url !== path) return false;
        let own: readonly Json[] | undefined;
        rewriteBody(req, (text) => {
          const order = bodyObject(text);
          if (!placesBetaOrder(order)) return text;
          own = order.items;
          return JSON.stringify({ ...order, items: [...placed, ...order.items] });
        });
        holdAnswer(res, (held, send) => {
          const body = heldJson(held);
          if (own && body && succeeded(body)) placed.push(...own);
          send(held);
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'beta-order-lines-zipped-with-sorted-products',
    description:
      "createBetaOrders fetches the products of the order in one query, productMapper.selectList(Wrappers.<Product>lambdaQuery().in(Product::getPCode, codes)), and builds line i from items.get(i) and products.get(i). MySQL answers an IN over the unique index on p_code in index order, by code, not in the order of the list, so each line keeps its item's code and quantity and takes its product id, names, CAS, grade, delivery term, price and discount from the product at its place in code order; the lines are stored so, and totals counted from them. Items already in code order, and one-item orders, come out right; two items of one code leave fewer products than items, and products.get(i) throws",
    operationId: 'beta-order-create',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4, #15: createBetaOrders takes "items: array of {pCode (string), brandId (string), num (string)}" and answers the "Order with items (2.3, 2.4)"; 2.4: an order line carries "siPrice", "pId", "pCode", "pCnName", "pLevel", "cCas": of the one product its pCode names, as the catalogue (#16, 2.5: "code", "cas", "level", "price") lists it',
      observable:
        'Request class: createBetaOrders (#15) of two or more items not in code order (AL875380, then AL104523). Line 1 reads pCode AL875380 with the price, pId, pCnName, pLevel and cCas of AL104523, and line 2 the other way round, each siAmount and soTotal counted from the swapped prices, where the same items ordered one by one (or in code order) answer each code with its own; the dispatch note (4.1) names the swapped products too; two items of one code are answered code "500"',
    },
    expect: { check: 'flow-beta-order-lines', severity: 'warning', at: 'beta-order-create' },
    interceptor() {
      const create = pathOf('beta-order-create');
      const note = listedPathOf('beta-order-dispatch-note');
      const storedLines = new Map<string, Json[]>();
      return (req, res) => {
        if (req.url === create) {
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const order = body?.data;
            if (!body || !succeeded(body) || !isPlainObject(order) || !Array.isArray(order.items)) return send(held);
            const lines = zippedWithSortedProducts(order.items as Json[]);
            if (!lines) return send(withJson(held, INTERNAL_ERROR));
            storedLines.set(String(order.soNo), lines);
            send(withJson(held, { ...body, data: withLines(order, lines) }));
          });
        }
        if (req.url === note) {
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const dispatch = body?.data;
            const lines = isPlainObject(dispatch) ? storedLines.get(String(dispatch.soNo)) : undefined;
            send(body && lines && isPlainObject(dispatch) ? withJson(held, { ...body, data: noteWithLines(dispatch, lines) }) : held);
          });
        }
        return false;
      };
    },
  }),
  planted(dataFault, {
    name: 'created-order-total-without-freight',
    description:
      "The create-order answer is a view object whose soTotal is summed from its lines' siVamount; the order stored, and listed, has soTotal with soFreightPrice added",
    operationId: 'alpha-order-create',
    redTeam: {
      round: 4,
      standard: SPEC,
      clause:
        '2.3: the alpha order list returns orders, and "The order returned by the two create-order operations has the same fields plus" soFreightPrice and items: one order, one soTotal',
      observable:
        'Request class: an order under 500 yuan of goods, which pays freight. The created order says soTotal 16.37 with soFreightPrice 15; the alpha order list gives the same soNo soTotal 31.37',
    },
    expect: { check: 'flow-order-listed', severity: 'warning', at: 'alpha-orders-list' },
    rewrite(data) {
      if (!isPlainObject(data) || !Array.isArray(data.items) || !(Number(data.soFreightPrice) > 0)) return data;
      return { ...data, soTotal: roundToCents((data.items as Json[]).reduce((sum, line) => sum + Number(line.siVamount), 0)) };
    },
  }),
  planted(dataFault, {
    name: 'created-order-id-not-read-back',
    description:
      'The INSERT of the order mapper lacks useGeneratedKeys (keyProperty="soId"), so the id MySQL generates is never copied back into the entity, whose soId is a primitive long: the answer is built from the entity as it was before the insert',
    operationId: 'alpha-order-create',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '2.3: "The order returned by the two create-order operations has the same fields" as the order of the list, "soId | integer" among them: the soId #14 answers is the one getAlphaOrders (#13) lists the order under',
      observable:
        'Request class: createAlphaOrders, then getAlphaOrders. The create answers "soId":0; the list shows the same order, same soNo, under soId 201, and no order has the id 0',
    },
    expect: { check: 'flow-order-listed', severity: 'warning', at: 'alpha-orders-list' },
    // A refusal carries no order.
    rewrite: (data) => (isPlainObject(data) && typeof data.soId === 'number' ? { ...data, soId: 0 } : data),
  }),
  planted(placesNothing, {
    name: 'customer-po-answers-another-members-order',
    description:
      "createBetaOrders was made idempotent on the customer's PO number, as the ERP guide asks, with a unique key on so_cus_po alone rather than on the member and the PO; on a duplicate key the service selects the order by so_cus_po and answers it as created, whoever placed it",
    operationId: 'beta-order-create',
    redTeam: {
      round: 9,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "Object level authorization checks should be considered in every function that accesses a data source using an ID from the user" (here the soCusPo of #15)',
      observable: `Request class: an order whose soCusPo is one the order form pre-fills, PO, a date and a serial up to ${String(OTHER_MEMBERS_DAILY_ORDERS).padStart(4, '0')} (PO202611220007), which other members use too. It answers another member's order, soId from 100001, their name and mobile, items not those sent, and creates nothing; other POs create the order`,
    },
    expect: { check: 'order-line-codes', severity: 'warning' },
    when: poTaken,
    answer: (_body, payload) => json(success(otherMembersOrder(formPo(payload)!))),
  }),
];
