import { dataFault, type Fault, type FaultFacts, pagingFault, socketFault, without } from '../../../../src/reference/faults/fault.js';
import {
  AN_INTEGER_PAGE,
  codeText,
  LIST_REQUEST,
  optional,
  positiveInteger,
  readRequest,
  required,
} from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { fnv1a } from '../../../../src/reference/seeding/random.js';
import { pathOf, sendText, succeeded } from '../_internals/answers.js';
import { seeded } from '../_internals/seeded.js';
import { SPEC } from '../_internals/standards.js';
import { inputSocketFault, listedPathOf } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Below this pageSize the minimum-page-size fault serves this many records a page. */
const MINIMUM_PAGE_SIZE = 10;

const listOf = (data: Json): Json[] => data.list as Json[];

const totalOf = (data: Json): number => Number(data.totalPage);

/** A page asked for past the last of a list that has one: the clean server answers it with an empty list. */
const pastTheLast = (data: Json, pageNo: number): boolean => listOf(data).length === 0 && totalOf(data) >= 1 && pageNo > totalOf(data);

/** Where MySQL happens to return rows that tie on the ORDER BY column: a plan of its own for each LIMIT and OFFSET, here a hash of the row and the page. */
const tieOrder = (record: Json, pageNo: number): number => fnv1a(`${String(record.id)}@${pageNo}`);

/** Every record a list filter matches, in the order `ORDER BY status LIMIT …` happens to give them for this page. */
function sortedByStatusFor(records: readonly Json[], pageNo: number): Json[] {
  return [...records].sort((a, b) => Number(a.status) - Number(b.status) || tieOrder(a, pageNo) - tieOrder(b, pageNo));
}

const givenStatus = (payload: unknown): boolean => isPlainObject(payload) && payload.status !== undefined && payload.status !== null;

/** More records than any list of the server holds: every record a filter matches, on one page. */
const EVERY_RECORD = 1_000_000;

/** The most records the beta catalogue's query returns, whatever pageSize asks. */
const ROW_CAP = 20;

/** Whether a purchase order list call filters, by status or by cusType. */
const filters = (payload: unknown): boolean =>
  isPlainObject(payload) && [payload.status, payload.cusType].some((value) => value !== undefined && value !== null);

/** #13 and #16: "pageSize", "pageNo", integers. */
const OPENAPI_PAGE = { pageSize: required(positiveInteger, AN_INTEGER_PAGE), pageNo: required(positiveInteger, AN_INTEGER_PAGE) };

/** Every record of the list `payload` asks for, filters kept, on one page, in the list's order. */
function everyRecord(answerTo: (payload: unknown) => unknown, payload: Json): Json[] {
  const data = (answerTo({ ...payload, pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data;
  return isPlainObject(data) && Array.isArray(data.list) ? (data.list as Json[]) : [];
}

/** A fault that answers its operation's calls its own way, and also watches the requests of others before routing. */
function watchingFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...socketFault(facts), interceptor: facts.interceptor };
}

/** Calls `seen` with the body of each answer that goes out with one whole JSON text, as it leaves. */
function onAnswer(res: ServerResponse, seen: (body: Json) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [chunk] = args;
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) seen(JSON.parse(chunk.toString()) as Json);
    return end(...args);
  }) as ServerResponse['end'];
}

/** The lines of each alpha order the list call's server holds, by soId: the seeded ones, and those it has placed since it started. */
const linesFor = new WeakMap<IncomingMessage, ReadonlyMap<number, number>>();

/** The rows `SELECT … FROM sales_order JOIN order_line` gives: each order once per line, in the list's order. */
function joinedRows(orders: readonly Json[], lines: ReadonlyMap<number, number>): Json[] {
  return orders.flatMap((order) => Array.from({ length: lines.get(Number(order.soId)) ?? 1 }, () => order));
}

/** The orders MyBatis folds a page of joined rows into: one per run of rows of the same soId. */
const foldedOrders = (rows: readonly Json[]): Json[] => rows.filter((row, index) => index === 0 || rows[index - 1]!.soId !== row.soId);

/** The answer a database error gets from the exception handler. */
const SERVER_BUSY = { data: {}, status: 'fail', code: '500', message: '系统繁忙，请稍后再试', error: {} };

/** (pageNo − 1) × pageSize as Java's int arithmetic computes it: wrapped to 32 bits. */
const intOffset = (pageSize: number, pageNo: number): number => Number(BigInt.asIntN(32, BigInt(pageNo - 1) * BigInt(pageSize)));

const INT_MAX = 2 ** 31 - 1;

/** #4 "pageSize (number), status (number), cusType (string)", pageNo where given (4 rule 2). */
const PURCHASE_ORDER_LIST = { ...LIST_REQUEST, cusType: optional(codeText, 'a string such as "1"') };

/** The key @Cacheable files a purchase order page under: the member, the filters and the page, but not its size. */
function pageCacheKey(payload: unknown): string | undefined {
  const asked = readRequest(payload, PURCHASE_ORDER_LIST);
  if (!asked.ok) return undefined;
  const { status = null, cusType = null, pageNo = 1 } = asked.value;
  return JSON.stringify([status, cusType, pageNo]);
}

/** Each server's page cache, handed to the list calls that read it. */
const pageCacheFor = new WeakMap<IncomingMessage, Map<string, string>>();

/** Lists paged wrong, as a walk of their pages shows: records twice, a totalPage the pages do not bear out, records past the last page. */
export const pageFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'page-size-asked', severity: 'warning' }, pagingFault, [
    {
      name: 'page-size-minimum',
      description: `serves a pageSize under ${MINIMUM_PAGE_SIZE} as ${MINIMUM_PAGE_SIZE} records a page (totalPage counted at ${MINIMUM_PAGE_SIZE})`,
      operationId: 'bank-card-list',
      page: (data, { pageSize, pageNo }, pageAt) => (pageSize < MINIMUM_PAGE_SIZE ? pageAt(MINIMUM_PAGE_SIZE, pageNo) : data),
    },
  ]),
  ...caughtBy({ check: 'page-repeated-records', severity: 'warning' }, pagingFault, [
    {
      name: 'pages-overlap-by-one',
      description:
        'starts every page after the first one record early, with the last record of the page before (an operation of 4.1, at the reference map’s path)',
      operationId: 'consignment-list',
      page: (data, { pageSize, pageNo }, pageAt) => {
        if (pageNo === 1) return data;
        const before = listOf(pageAt(pageSize, pageNo - 1));
        return { ...data, list: [...before.slice(-1), ...listOf(data)].slice(0, pageSize) };
      },
    },
    {
      name: 'page-number-ignored',
      description: 'answers every page with the records of page 1, pageNo echoed as asked',
      operationId: 'beta-brand-list',
      page: (data, { pageSize }, pageAt) => ({ ...data, list: listOf(pageAt(pageSize, 1)) }),
    },
  ]),
  ...caughtBy({ check: 'relation-page-order', severity: 'warning' }, pagingFault, [
    {
      name: 'page-sorted-after-paging',
      description:
        'The query pages the cards newest first (ORDER BY id DESC LIMIT …) and the service then sorts each page by id ascending: every page size cuts the same records in the same place, each page in the other order',
      operationId: 'bank-card-list',
      page: (data) => ({ ...data, list: [...listOf(data)].sort((a, b) => Number(a.id) - Number(b.id)) }),
    },
  ]),
  ...caughtBy({ check: 'page-total', severity: 'error' }, dataFault, [
    {
      name: 'total-page-one-too-many',
      description: 'says totalPage one more than there are pages of records',
      operationId: 'custom-demand-list',
      rewrite: (data) => (Array.isArray(data.list) && totalOf(data) > 0 ? { ...data, totalPage: totalOf(data) + 1 } : data),
    },
    {
      name: 'total-page-one-too-few',
      description: 'says totalPage one less than there are pages of records',
      operationId: 'beta-products-by-brand',
      rewrite: (data) => (Array.isArray(data.list) && totalOf(data) > 0 ? { ...data, totalPage: totalOf(data) - 1 } : data),
    },
  ]),
  ...caughtBy({ check: 'page-past-end', severity: 'warning' }, pagingFault, [
    {
      name: 'past-last-page-repeats-last',
      description: 'answers a page past the last with the records of the last page, pageNo echoed as asked',
      operationId: 'alpha-orders-list',
      page: (data, { pageSize, pageNo }, pageAt) => (pastTheLast(data, pageNo) ? { ...data, list: listOf(pageAt(pageSize, totalOf(data))) } : data),
    },
  ]),
  ...caughtBy({ check: 'page-past-end-list', severity: 'error' }, pagingFault, [
    {
      name: 'past-last-page-list-null',
      description: 'answers a page past the last with list null',
      operationId: 'purchase-order-list',
      page: (data, { pageNo }) => (pastTheLast(data, pageNo) ? { ...data, list: null } : data),
    },
  ]),
  planted(pagingFault, {
    name: 'total-page-rounds-down',
    description: "totalPage is the record count divided by pageSize in integer arithmetic, as Java's int division does, so a last partial page is not counted",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)"',
      observable: 'Brand 1 has 39 products: asked with pageSize 10, totalPage is 3, and page 4 still holds the last 9',
    },
    expect: { check: 'page-total', severity: 'error' },
    page(data, asked, pageAt) {
      const totalPage = data.totalPage as number;
      if (totalPage <= 0) return data;
      const count = (totalPage - 1) * asked.pageSize + (pageAt(asked.pageSize, totalPage).list as Json[]).length;
      return { ...data, totalPage: Math.floor(count / asked.pageSize) };
    },
  }),
  planted(pagingFault, {
    name: 'one-extra-record-per-page',
    description: 'The query fetches pageSize + 1 rows to learn whether another page follows, and forgets to drop the extra one',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '4, #13: "pageSize (number of records to return)"',
      observable: 'Every page but the last holds pageSize + 1 orders, its last order again first on the next page',
    },
    expect: { check: 'page-size-bound', severity: 'error' },
    page(data, asked, pageAt) {
      const next = pageAt(asked.pageSize, asked.pageNo + 1).list as Json[];
      return { ...data, list: [...(data.list as Json[]), ...next.slice(0, 1)] };
    },
  }),
  planted(pagingFault, {
    name: 'page-offset-counts-from-page-zero',
    description: 'The offset is pageNo × pageSize, as for pages numbered from 0, while pages are numbered from 1 as totalPage counts them',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause: '4, #13: "pageNo (current page)"; 2.2: "pageNo | integer (current page number)", "totalPage | integer (total number of pages)"',
      observable: 'Page 1 holds orders 11 to 20, page totalPage is empty, and the 10 newest orders (an order #14 just created among them) are on no page',
    },
    expect: { check: 'page-total', severity: 'error' },
    page: (data, asked, pageAt) => ({ ...data, list: pageAt(asked.pageSize, asked.pageNo + 1).list }),
  }),
  planted(pagingFault, {
    name: 'unstable-sort-pages-repeat-and-skip',
    description:
      'The list is sorted ORDER BY status alone and paged with LIMIT and OFFSET; MySQL returns rows of the same status in whatever order each query plan gives, so every page is cut from a different order',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 4,
      standard: SPEC,
      clause:
        '2.2: the data of a list is a page, "totalPage | integer (total number of pages)", "pageNo | integer (current page number)"; 4 rule 2: the request carries "pageSize and, where given, pageNo": pages 1 to totalPage of one list hold each of its records once',
      observable:
        'Walking every page (each of the right size, totalPage right) shows some purchase orders twice or more and never shows others: at pageSize 10, 200 records listed and 176 distinct ids',
    },
    expect: { check: 'page-repeated-records', severity: 'warning' },
    page(data, asked, pageAt) {
      const everything = pageAt(1_000_000, 1).list as Json[];
      const start = (asked.pageNo - 1) * asked.pageSize;
      return { ...data, list: sortedByStatusFor(everything, asked.pageNo).slice(start, start + asked.pageSize) };
    },
  }),
  planted(inputSocketFault, {
    name: 'count-ignores-status-filter',
    description:
      'The page count comes from a hand-written COUNT(*) query beside the list query (PageHelper with a custom count), and only the list query has the status condition',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 4,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)" of the list asked for (4, #1: the list takes "status (number)")',
      observable:
        "Request class: a list with a status. totalPage counts the pages of every demand (20 at pageSize 10) while the status's own records fill fewer (5 or 6): the pages past them are empty",
    },
    expect: { check: 'page-total', severity: 'error' },
    when: givenStatus,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const data = clean.data;
      const unfiltered = (answerTo(without(payload as Json, 'status')) as Json).data;
      if (!isPlainObject(data) || !isPlainObject(unfiltered) || typeof unfiltered.totalPage !== 'number') return sendText(res, JSON.stringify(clean));
      sendText(res, JSON.stringify({ ...clean, data: { ...data, totalPage: unfiltered.totalPage } }));
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
  planted(watchingFault, {
    name: 'page-size-counts-order-lines',
    description:
      'The order list joins each order with its lines for a nested result map and pages the join with PageHelper: LIMIT and COUNT(*) count joined rows, one per line, and MyBatis then folds each page\'s rows into orders, the known "paging a one-to-many result map" trap',
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 7,
      standard: SPEC,
      clause:
        '4, #13: "pageSize (number of records to return), pageNo (current page)"; 2.2: "totalPage | integer (total number of pages)": a page holds pageSize orders, and pages 1 to totalPage hold each order once',
      observable:
        'At pageSize 10, page 1 holds 4 orders, not 10, and totalPage counts order lines (6 for the 30 seeded orders and their 60 lines, not 3); an order whose lines straddle two pages is on both, and a created order of 3 items takes 3 rows',
    },
    expect: { check: 'page-repeated-records', severity: 'warning' },
    interceptor() {
      const create = pathOf('alpha-order-create');
      const list = pathOf('alpha-orders-list');
      const lines = new Map(seeded().alphaOrders.map((stored) => [stored.order.soId, stored.lines.length]));
      return (req, res) => {
        if (req.url === create) {
          onAnswer(res, (answer) => {
            const order = answer.data;
            if (isPlainObject(order) && Array.isArray(order.items)) lines.set(Number(order.soId), order.items.length);
          });
        }
        if (req.url === list) linesFor.set(req, lines);
        return false;
      };
    },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, OPENAPI_PAGE);
      if (!succeeded(clean) || !asked.ok) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo } = asked.value;
      const rows = joinedRows(everyRecord(answerTo, payload as Json), linesFor.get(res.req) ?? new Map());
      const list = foldedOrders(rows.slice((pageNo - 1) * pageSize, pageNo * pageSize));
      sendText(res, JSON.stringify({ ...clean, data: { totalPage: Math.ceil(rows.length / pageSize), pageNo, list } }));
    },
  }),
  planted(socketFault, {
    name: 'page-offset-wraps-at-32-bits',
    description:
      "The offset is (pageNo - 1) * pageSize in Java int arithmetic, as PageHelper's startRow is: past 2^31 it wraps, to a small offset of the same catalogue or to a negative one that MySQL's LIMIT refuses",
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 7,
      standard: SPEC,
      clause:
        '4, #16: the call takes "pageSize (integer), pageNo (integer)"; 2.2: "pageNo | integer (current page number)", "totalPage | integer (total number of pages)": a page past totalPage holds no products',
      observable:
        'Request class: a pageNo whose offset passes 2^31 (brand 1, pageSize 10, pageNo 429496731). It answers products 5 to 14 of the brand, which pages 1 and 2 already hold, where the clean server answers an empty page; pageNo 214748366 gets code "500"',
    },
    expect: { check: 'page-past-end', severity: 'warning' },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, OPENAPI_PAGE);
      if (!succeeded(clean) || !asked.ok || !isPlainObject(clean.data)) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo } = asked.value;
      const offset = intOffset(pageSize, pageNo);
      if (pageSize > INT_MAX || pageNo > INT_MAX || offset === (pageNo - 1) * pageSize) return sendText(res, JSON.stringify(clean));
      if (offset < 0) return sendText(res, JSON.stringify(SERVER_BUSY));
      const list = everyRecord(answerTo, payload as Json).slice(offset, offset + pageSize);
      sendText(res, JSON.stringify({ ...clean, data: { ...clean.data, list } }));
    },
  }),
  planted(watchingFault, {
    name: 'page-cached-without-its-size',
    description:
      "The purchase order list is cached with Spring's @Cacheable(key = \"#memberId + ':' + #status + ':' + #cusType + ':' + #pageNo\"): pageSize was added to the method later and never to the key, so the first size asked for a page is the one every later call gets, until a publish evicts the cache",
    operationId: 'purchase-order-list',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause:
        '4, #4: the list takes "pageSize (number)"; 2.2: "totalPage | integer (total number of pages)", "list | array of records": a page asked with pageSize 50 holds up to 50 records, and totalPage counts pages of 50',
      observable:
        "Request class: the same list asked with two page sizes (pageSize 10, then pageSize 50, same status, cusType and page). The second answers the first's page, 10 purchase orders and totalPage 20, where the clean server sends 50 and totalPage 4; purchase_order/publish (4.1) clears it",
    },
    expect: { check: 'page-size-asked', severity: 'warning' },
    interceptor() {
      const list = pathOf('purchase-order-list');
      const publish = listedPathOf('purchase-order-publish');
      const cache = new Map<string, string>();
      return (req) => {
        if (req.url === publish) cache.clear();
        if (req.url === list) pageCacheFor.set(req, cache);
        return false;
      };
    },
    respond(res, body, payload) {
      const text = JSON.stringify(body);
      const cache = pageCacheFor.get(res.req);
      const key = pageCacheKey(payload);
      if (!cache || key === undefined || !succeeded(body as Json)) return sendText(res, text);
      const cached = cache.get(key);
      if (cached === undefined) cache.set(key, text);
      sendText(res, cached ?? text);
    },
  }),
];
