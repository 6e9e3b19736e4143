/**
 * Red team round 11, records across answers: an edit that writes the new default consignee over
 * every other, pages read by a keyset cursor kept per member, an order list that a primitive's
 * default filters, a refused order that keeps the lines placed before it, and order lines kept in a
 * singleton's field.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LIST_REQUEST, positiveWholeNumber, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { interceptFault, pagingFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded } from './_internals/answers.js';
import { heldJson, holdAnswer, withJson } from './_internals/held-answer.js';
import { bodyObject, rewriteBody } from './_internals/request-body.js';
import { handledOtherwiseFault, orderBeforeRefusedItem, OverwrittenConsignees, placesBetaOrder } from './_internals/round-11-records.js';
import { listedPathOf, watchingFault } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** The fields a consignee edit (4.1) keeps from the row it changes where it does not give them. */
const KEPT_WHEN_NOT_GIVEN = ['phone', 'remark', 'isDefault'] as const;

/** The answer's `data` as `rewrite` makes it, where the answer is a success; any other answer goes out as written. */
function rewriteSuccess(res: ServerResponse, rewrite: (data: unknown) => unknown): void {
  holdAnswer(res, (held, send) => {
    const body = heldJson(held);
    send(body && succeeded(body) ? withJson(held, { ...body, data: rewrite(body.data) }) : held);
  });
}

/** Where a member's keyset cursor stands: the id of the last demand a page sent it, or none yet. */
interface Cursor {
  last?: number;
}

/** Each server's cursor (one member, one token), handed to the list calls that read it. */
const cursorFor = new WeakMap<IncomingMessage, Cursor>();

const newestFirst = (a: Json, b: Json): number => Number(b.id) - Number(a.id);

const listIn = (answer: unknown): Json[] => ((answer as Json).data as Json).list as Json[];

export const round11Records: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'default-consignee-written-over-the-others',
    description:
      "Making a consignee the default clears the flag on the member's others with MyBatis-Plus, consigneeMapper.update(consignee, Wrappers.<Consignee>lambdaUpdate().set(Consignee::getIsDefault, 0).eq(Consignee::getMemberId, memberId).ne(Consignee::getId, id)): the edited entity is passed where null was meant, and update(entity, wrapper) puts every non-null field of the entity into the SET before the wrapper's, so each other consignee of the member is rewritten with the new default's name, mobile, address and remark, is_default 0",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '1: the member manages "consignee addresses" (4.1: "edit consignee address"); 4, #9: consigneeInfoById answers the "consignee record (2.9)" of the id asked: an edit of one consignee leaves the others as they were',
      observable:
        "Request class: a consignee edit (4.1) with isDefault 1 (consignee 3 made the default). consigneeInfoById (#9) of any other id (4, 200) then answers that id with consignee 3's new consigneeName, mobile, phone, province, city, county, address and remark, isDefault 0, and so does the consignee list (4.1); edits with isDefault 0, and consignees added after, are as the clean server has them",
    },
    expect: { check: 'flow-consignee-lifecycle', severity: 'warning', at: 'consignee-list' },
    interceptor() {
      const byId = pathOf('consignee-by-id');
      const list = listedPathOf('consignee-list');
      const edit = listedPathOf('consignee-edit');
      const consignees = new OverwrittenConsignees();
      const read = (record: unknown): unknown => (isPlainObject(record) ? consignees.read(record) : record);
      return (req, res) => {
        if (req.url === byId) rewriteSuccess(res, read);
        if (req.url === list) rewriteSuccess(res, (data) => (isPlainObject(data) && Array.isArray(data.list) ? { ...data, list: data.list.map(read) } : data));
        if (req.url === edit) {
          let sent: Json | undefined;
          rewriteBody(req, (text) => {
            sent = bodyObject(text);
            const id = positiveWholeNumber(sent?.id);
            if (!sent || id === undefined) return text;
            // The row as the table holds it: what the edit leaves out keeps what the update wrote there.
            const over = consignees.fieldsOver(id);
            const kept = KEPT_WHEN_NOT_GIVEN.filter((name) => over[name] !== undefined).map((name) => [name, over[name]]);
            return JSON.stringify({ ...Object.fromEntries(kept), ...sent });
          });
          holdAnswer(res, (held, send) => {
            const body = heldJson(held);
            const data = body?.data;
            if (sent && body && succeeded(body) && isPlainObject(data) && typeof data.id === 'number') consignees.saved(data.id, sent);
            send(held);
          });
        }
        return false;
      };
    },
  }),
  planted(watchingFault, {
    name: 'page-no-past-one-continues-the-last-page',
    description:
      "custom_demand/list shares the service of the mini-program's endless scroll, which pages by keyset (WHERE id < :lastId ORDER BY id DESC LIMIT :pageSize) and keeps in Redis, under the member's key, the id of the last demand it sent: pageNo 1, or none, starts over, and any other pageNo continues after the last page sent, whatever number it asks. A client that walks pages 1, 2, 3 in order gets the right pages",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 11,
      standard: SPEC,
      clause:
        '2.2: "pageNo | integer (current page number)", "list | array of records"; 4 rule 2: "In list operations the request carries pageSize and, where given, pageNo": page n holds the records of page n, however often and in whatever order it is asked for',
      observable:
        "Request class: a page asked again, or out of order (page 2 retried, page 3 right after page 1). Page 2 asked twice answers demands 180 to 171 the second time, under pageNo 2, where the clean server answers 190 to 181 again; page 3 asked after page 1 answers page 2's demands; after a walk to the last page, every page but page 1 is empty",
    },
    expect: { check: 'page-asked-again', severity: 'warning' },
    interceptor() {
      const path = pathOf('custom-demand-list');
      const cursor: Cursor = {};
      return (req) => {
        if (req.url === path) cursorFor.set(req, cursor);
        return false;
      };
    },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const cursor = cursorFor.get(res.req);
      const asked = readRequest(payload, LIST_REQUEST);
      if (!cursor || !asked.ok || !succeeded(clean)) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1, status } = asked.value;
      const every = listIn(answerTo({ pageSize: EVERY_RECORD, pageNo: 1, ...(status === undefined ? {} : { status }) })).sort(newestFirst);
      const last = pageNo === 1 ? undefined : cursor.last;
      const list = (last === undefined ? every : every.filter((demand) => Number(demand.id) < last)).slice(0, pageSize);
      // Page 1 sets the cursor afresh; a page past the end leaves it where it was.
      if (pageNo === 1 || list.length > 0) cursor.last = list.length > 0 ? Number(list.at(-1)!.id) : undefined;
      sendText(res, JSON.stringify({ ...clean, data: { ...(clean.data as Json), list } }));
    },
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
];
