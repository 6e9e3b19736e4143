/**
 * Red team round 10, records across answers: a page whose totalPage and pageNo trade places, a
 * list kept in a cache trimmed to the newest 200, a published price read back in the unit another
 * writer uses, and an edit that inserts a copy where it should update.
 */
import type { IncomingMessage } from 'node:http';
import { LIST_REQUEST, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import type { Json } from '../../../../src/reference/json.js';
import { SEEDED_RECORDS } from '../../../../src/reference/seed.js';
import { interceptFault, listRecordFault, pagingFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded } from './_internals/answers.js';
import { bodyObject, rewriteBody } from './_internals/request-body.js';
import { listedPathOf, watchingFault } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** LTRIM key 0 199: the demands the cached list keeps. */
const CACHED_DEMANDS = 200;

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** Each server's ids of the demands trimmed off the cached list, handed to the list calls that read it. */
const trimmedFor = new WeakMap<IncomingMessage, Set<number>>();

const newestFirst = (a: Json, b: Json): number => Number(b.id) - Number(a.id);

/** A fen amount shown in yuan, as the list formats sale_price: "420.00" stored in yuan reads "4.20". */
const asFen = (price: unknown): string => (Number(price) / 100).toFixed(2);

export const round10Records: readonly PlantedFault[] = [
  planted(pagingFault, {
    name: 'total-page-and-page-no-swapped',
    description:
      "The open API's PageResult is built by a constructor PageResult(List<T> list, int totalPage, int pageNo); the order list's service calls new PageResult<>(orders, query.getPageNo(), page.getPages()), its arguments in the order the request names them, and both are ints, so nothing complains",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)", "pageNo | integer (current page number)"',
      observable:
        "Every page but the last says totalPage is the page asked and pageNo the number of pages: page 1 of the 30 orders at pageSize 10 reads totalPage 1, pageNo 3, so a client that walks to totalPage stops after the first page; the last page, where the two agree, and every list are the clean server's",
    },
    expect: { check: 'page-number-echo', severity: 'error' },
    page: (data) => ({ totalPage: data.pageNo, pageNo: data.totalPage, list: data.list }),
  }),
  planted(watchingFault, {
    name: 'list-capped-at-newest-200',
    description: `The demand list is served from a Redis list per member, which the create LPUSHes to and trims with LTRIM key 0 ${CACHED_DEMANDS - 1} to keep the page fast; the detail and the delete read MySQL. Once a member has more than ${CACHED_DEMANDS} demands, every create pushes the oldest off the cached list for good, while it still exists`,
    operationId: 'custom-demand-list',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause:
        '1: custom demand orders are "Publish, list, delete, detail"; 2.2: the list\'s data is a page, "totalPage | integer (total number of pages)", "list | array of records": the pages of the list hold every demand the detail and the delete know',
      observable: `Request class: a create (#2) by a member with ${CACHED_DEMANDS} demands, then the list. Walked at pageSize 10 it holds ${CACHED_DEMANDS} demands on 20 pages where the clean server lists ${CACHED_DEMANDS + 1} on 21: the oldest (id 1) is on no page, though custom_demand/detail (4.1) still answers it and delDemand (#3) deletes it; each later create drops the next oldest`,
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    interceptor() {
      const path = pathOf('custom-demand-list');
      const trimmed = new Set<number>();
      return (req) => {
        if (req.url === path) trimmedFor.set(req, trimmed);
        return false;
      };
    },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const trimmed = trimmedFor.get(res.req);
      const asked = readRequest(payload, LIST_REQUEST);
      if (!trimmed || !succeeded(clean) || !asked.ok) return sendText(res, JSON.stringify(clean));
      // The cached list holds demands of every status; a status filter is applied to what it holds.
      const every = (((answerTo({ pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data as Json).list as Json[])
        .filter((demand) => !trimmed.has(Number(demand.id)))
        .sort(newestFirst);
      for (const demand of every.slice(CACHED_DEMANDS)) trimmed.add(Number(demand.id));
      const { pageSize, pageNo = 1, status } = asked.value;
      const cached = every.slice(0, CACHED_DEMANDS).filter((demand) => status === undefined || demand.status === status);
      sendText(res, JSON.stringify({ ...clean, data: pageOf(cached, pageSize, pageNo, 'newest-first') }));
    },
  }),
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
  planted(interceptFault, {
    name: 'consignee-edit-inserts-a-copy',
    description:
      'The consignee edit maps the request onto the entity with a MapStruct mapper whose @Mapping(target = "id", ignore = true) was copied from the create\'s, so the entity has no id and JPA\'s save() is an INSERT: every edit adds a consignee holding the edited fields, leaves the one it names as it was, and answers the id the new row got',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 10,
      standard: SPEC,
      clause:
        '1: the member manages "consignee addresses" (4.1: "edit consignee address"); 4, #9: consigneeInfoById answers the "consignee record (2.9)" of the id asked: after an edit of that id, the record as edited',
      observable:
        'Request class: the consignee edit (4.1) with the id of a consignee (3) and new fields. It answers success with data {"id":201}; consigneeInfoById (#9) of 3 still answers the consignee as it was, and of 201 the edit; every edit of the same id adds another consignee, and an id no consignee has is "edited" too',
    },
    expect: { check: 'flow-consignee-lifecycle', severity: 'warning' },
    interceptor() {
      const path = listedPathOf('consignee-edit');
      return (req) => {
        if (req.url === path)
          rewriteBody(req, (text) => {
            const edit = bodyObject(text);
            if (!edit || !('id' in edit)) return text;
            const { id: _ignored, ...fields } = edit;
            return JSON.stringify(fields);
          });
        return false;
      };
    },
  }),
];
