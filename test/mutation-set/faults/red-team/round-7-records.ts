/**
 * Red team round 7, records across answers: order times read back through a session in another
 * zone, a page cut from the rows of a join, an offset computed in 32-bit arithmetic, and a soft
 * delete that one of the list's queries forgets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { envelope, notFound } from '../../../../src/reference/handlers/_internals/answer.js';
import { AN_INTEGER_PAGE, LIST_REQUEST, positiveInteger, readRequest, required, wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { type Fault, type FaultFacts, listRecordFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded, success } from './_internals/answers.js';
import { seeded } from './_internals/seeded.js';
import { listedPathOf } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** More records than any list of the server holds: every record a filter matches, on one page. */
const EVERY_RECORD = 1_000_000;

/** China Standard Time is UTC+8, all year. */
const CHINA_OFFSET_SECONDS = 8 * 3600;

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

/** The detail of 4.1 ("Custom demand: detail"), where the reference server places it. */
const DEMAND_DETAIL_PATH = listedPathOf('custom-demand-detail');

/** Each server's demand ids deleted since it started, shared with the calls that read them. */
const softDeletedFor = new WeakMap<IncomingMessage, Set<number>>();
/** Delete calls sent on to the detail query: what MyBatis-Plus's logical delete reads before its UPDATE. */
const deletesRead = new WeakSet<IncomingMessage>();

/** The refusal of a demand id none has, as delDemand (#3) and the detail word it. */
const noDemand = (demandId: number): Json => envelope('full', notFound('demandId', `no custom demand has the id ${demandId}`)) as Json;

const demandIdOf = (payload: unknown): number | undefined => (isPlainObject(payload) ? wholeNumber(payload.demandId) : undefined);

/** A fault that strikes the demand list and the detail its deletes are read through (4.1), and watches the deletes before routing. */
function softDeleteFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...watchingFault(facts), strikes: (operation) => operation.id === facts.operationId || operation.id === 'custom-demand-detail' };
}

export const round7Records: readonly PlantedFault[] = [
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
  planted(softDeleteFault, {
    name: 'deleted-demand-listed-under-its-status',
    description:
      "Demands are deleted logically with MyBatis-Plus's @TableLogic (UPDATE … SET deleted = 1), which adds deleted = 0 to the queries it builds; the list with a status filter is a hand-written XML query, joined for statusText, and never got the condition",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 7,
      standard: SPEC,
      clause:
        '4, #3: delDemand takes "demandId"; 1: custom demand orders are "Publish, list, delete, detail"; 4, #1: the list takes "status (number)", a filter of the records listed: a deleted demand is in neither list',
      observable:
        "Request class: delDemand of a demand (success), then the list with that demand's status. The demand is still listed there, while the list without status (and the detail) no longer shows it and a second delete says no demand has the id",
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    interceptor() {
      const remove = pathOf('custom-demand-delete');
      const watched = new Set([pathOf('custom-demand-list'), DEMAND_DETAIL_PATH]);
      const softDeleted = new Set<number>();
      return (req) => {
        if (req.url === remove) {
          req.url = DEMAND_DETAIL_PATH;
          deletesRead.add(req);
        }
        if (watched.has(req.url ?? '')) softDeletedFor.set(req, softDeleted);
        return false;
      };
    },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const softDeleted = softDeletedFor.get(res.req) ?? new Set<number>();
      const demandId = demandIdOf(payload);
      if (deletesRead.has(res.req)) {
        if (demandId === undefined || !succeeded(clean)) return sendText(res, JSON.stringify(clean));
        if (softDeleted.has(demandId)) return sendText(res, JSON.stringify(noDemand(demandId)));
        softDeleted.add(demandId);
        return sendText(res, JSON.stringify(success({})));
      }
      if (res.req.url === DEMAND_DETAIL_PATH) {
        return sendText(res, JSON.stringify(demandId !== undefined && softDeleted.has(demandId) ? noDemand(demandId) : clean));
      }
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || asked.value.status !== undefined) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1 } = asked.value;
      const kept = everyRecord(answerTo, payload as Json).filter((demand) => !softDeleted.has(Number(demand.id)));
      sendText(res, JSON.stringify({ ...clean, data: pageOf(kept, pageSize, pageNo, 'newest-first') }));
    },
  }),
];
