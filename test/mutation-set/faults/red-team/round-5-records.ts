/**
 * Red team round 5, records across answers: an INSERT whose values are out of step with its
 * columns, a price column with no decimals, a delete mapper copied from another table, a filter
 * applied to a page after it was cut, and a page size capped in the query but not in the count.
 */
import { LIST_REQUEST, money, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { interceptFault, misreadFault, pagingFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded } from './_internals/answers.js';
import { inputSocketFault, listedPathOf } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** More records than any list of the server holds: every record a filter matches, on one page. */
const EVERY_RECORD = 1_000_000;

/** The most records the beta catalogue's query returns, whatever pageSize asks. */
const ROW_CAP = 20;

/** Whether a purchase order list call filters, by status or by cusType. */
const filters = (payload: unknown): boolean =>
  isPlainObject(payload) && [payload.status, payload.cusType].some((value) => value !== undefined && value !== null);

export const round5Records: readonly PlantedFault[] = [
  planted(misreadFault, {
    name: 'created-demand-level-and-pack-swapped',
    description:
      'The MyBatis INSERT lists its columns as (…, product_level, product_pack, …) and its values as (…, #{pack}, #{level}, …): the two strings change places, and no type check notices',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 5,
      standard: SPEC,
      clause:
        '4, #2: create takes "type, cas, level, nums, pack, price"; 2.6: the custom demand record the list (#1) returns has "productLevel" and "productPack": the demand listed is the one created',
      observable:
        'Request class: a create (level "AR", pack "500ml"), then the list. The new demand reads productLevel "500ml" and productPack "AR"; its cas, nums and price are as sent',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning', at: 'custom-demand-list' },
    misreads: (payload) =>
      Object.hasOwn(payload, 'level') && Object.hasOwn(payload, 'pack') ? { ...payload, level: payload.pack, pack: payload.level } : payload,
  }),
  planted(misreadFault, {
    name: 'price-column-without-scale',
    description:
      'The consignment table declares its price DECIMAL with no precision, which MySQL takes for DECIMAL(10,0): the price is rounded to whole yuan when stored, without a warning in non-strict mode',
    operationId: 'consignment-publish',
    redTeam: {
      round: 5,
      standard: SPEC,
      clause:
        '4, #5: publish takes "price"; #6 answers the consignment as "one purchase order record shape (2.7)", whose "salePrice" is a string: the price read back is the price published',
      observable:
        'Request class: a publish with a price in fen (96.5). It succeeds, and the consignment delConsignment (#6) answers has salePrice "97.00"; a whole price (96) comes back "96.00"',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    misreads(payload) {
      const price = money(payload.price);
      return price === undefined ? payload : { ...payload, price: Math.round(price) };
    },
  }),
  planted(interceptFault, {
    name: 'consignee-delete-hits-bank-cards',
    description:
      "The consignee mapper was copied from the bank card mapper, and its delete statement still reads DELETE FROM bank_card WHERE id = #{id}: deleteConsignee deletes the member's bank card of that id",
    operationId: 'consignee-delete',
    redTeam: {
      round: 5,
      standard: SPEC,
      clause:
        '4, #10: deleteConsignee takes "id", the id of the consignee record (2.9) consigneeInfoById (#9) answers; 1: the member manages "bank cards, consignee addresses" apart',
      observable:
        'Request class: deleteConsignee of a consignee #9 answers. It succeeds, and #9 still answers that consignee, while bankCardInfoById (#8) of the same id now says no bank card has it; an unknown id is refused as "no bank card has the id"',
    },
    expect: { check: 'flow-consignee-lifecycle', severity: 'warning', at: 'consignee-by-id' },
    interceptor() {
      const consigneeDelete = pathOf('consignee-delete');
      const bankCardDelete = listedPathOf('bank-card-delete');
      return (req) => {
        if (req.url === consigneeDelete) req.url = bankCardDelete;
        return false;
      };
    },
  }),
  planted(inputSocketFault, {
    name: 'filter-applied-after-paging',
    description:
      'The list query pages every purchase order of the member with LIMIT and OFFSET, and the status and cusType conditions are applied afterwards, to the page, in a stream filter; the page count is that of the unfiltered query',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 5,
      standard: SPEC,
      clause:
        '2.2: "totalPage | integer (total number of pages)", "list | array of records"; 4, #4: the list takes "pageSize (number), status (number), cusType (string)": the pages of a filtered list are cut from the records the filter matches',
      observable:
        'Request class: a list with cusType "2" (or a status), pageSize 10. Page 1 holds the cusType 2 records among the 10 newest (6, not 10), totalPage is 20 (every record\'s pages), and the pages between hold from 0 to 10',
    },
    expect: { check: 'page-total', severity: 'error' },
    when: filters,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || !isPlainObject(payload)) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1 } = asked.value;
      const matching = ((answerTo({ ...payload, pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data as Json).list as Json[];
      const ids = new Set(matching.map((record) => record.id));
      const unfiltered = (answerTo({ pageSize, pageNo }) as Json).data as Json;
      const list = (unfiltered.list as Json[]).filter((record) => ids.has(record.id));
      sendText(res, JSON.stringify({ ...clean, data: { totalPage: unfiltered.totalPage, pageNo, list } }));
    },
  }),
  planted(pagingFault, {
    name: 'page-size-capped-in-query-only',
    description: `The catalogue query caps its LIMIT at ${ROW_CAP} rows to spare the database, while the page count is still worked out from the pageSize asked for, and OFFSET too`,
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 5,
      standard: SPEC,
      clause:
        '4, #16: the call takes "pageSize (integer), pageNo (integer)"; 2.2: "totalPage | integer (total number of pages)": pages 1 to totalPage of that pageSize hold every product of the brand',
      observable: `Request class: a page larger than ${ROW_CAP} (brand 1, 39 products, pageSize 50). The page holds ${ROW_CAP} products and totalPage is 1: the other 19 are on no page of that size`,
    },
    expect: { check: 'page-sizes-agree', severity: 'warning' },
    page: (data, asked) => (asked.pageSize > ROW_CAP ? { ...data, list: (data.list as Json[]).slice(0, ROW_CAP) } : data),
  }),
];
