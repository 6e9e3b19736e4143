/**
 * Red team round 6, records across answers: the alpha order list reading the beta catalogue's
 * orders too, a first page asked without pageNo taken from the other end, two filters joined by OR,
 * and a create run twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AN_INTEGER_PAGE, LIST_REQUEST, positiveInteger, readRequest, required } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { type Fault, type FaultFacts, socketFault } from '../../../../src/reference/faults/fault.js';
import { pathOf, sendText, succeeded } from './_internals/answers.js';
import { seeded } from './_internals/seeded.js';
import { inputSocketFault } from './_internals/struck.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** More records than any list of the server holds: every record a filter matches, on one page. */
const EVERY_RECORD = 1_000_000;

/** #13 "pageSize (number of records to return), pageNo (current page)". */
const ALPHA_PAGE = { pageSize: required(positiveInteger, AN_INTEGER_PAGE), pageNo: required(positiveInteger, AN_INTEGER_PAGE) };

/** Every record of the list `payload` asks for, filters kept, on one page, in the list's order. */
function everyRecord(answerTo: (payload: unknown) => unknown, payload: Json): Json[] {
  const data = (answerTo({ ...payload, pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data;
  return isPlainObject(data) && Array.isArray(data.list) ? (data.list as Json[]) : [];
}

/** Page `pageNo` of `records`, as 2.2 shapes it. */
const pageOf = (records: readonly Json[], pageSize: number, pageNo: number): Json => ({
  totalPage: Math.ceil(records.length / pageSize),
  pageNo,
  list: records.slice((pageNo - 1) * pageSize, pageNo * pageSize),
});

const given = (value: unknown): boolean => value !== undefined && value !== null;

/** "2026-11-22 10:15:00", China time, as unix seconds. */
const chinaTimeSeconds = (text: string): number => Date.parse(`${text.replace(' ', 'T')}+08:00`) / 1000;

/** A created order (2.3 plus soFreightPrice and items, soCtime a string) as the order list gives it: the 29 fields, soCtime in seconds. */
function asListed(created: Json): Json {
  const { soFreightPrice: _freight, items: _items, ...order } = created;
  return { ...order, soCtime: chinaTimeSeconds(String(order.soCtime)) };
}

/** Two lists of orders, each newest first, as one: what ORDER BY so_ctime DESC gives over both. */
function newestFirst(first: readonly Json[], second: readonly Json[]): Json[] {
  const merged: Json[] = [];
  let [i, j] = [0, 0];
  while (i < first.length || j < second.length) {
    const takeFirst = j >= second.length || (i < first.length && Number(first[i]!.soCtime) >= Number(second[j]!.soCtime));
    merged.push(takeFirst ? first[i++]! : second[j++]!);
  }
  return merged;
}

/** Calls `placed` with each order a create-order answer reports created, as the answer leaves. */
function onPlaced(res: ServerResponse, placed: (order: Json) => void): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const [chunk] = args;
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const answer = JSON.parse(chunk.toString()) as Json;
      if (succeeded(answer) && isPlainObject(answer.data)) placed(asListed(answer.data));
    }
    return end(...args);
  }) as ServerResponse['end'];
}

/** The beta orders each alpha order list call's server has placed since it started, newest first. */
const betaPlacedFor = new WeakMap<IncomingMessage, readonly Json[]>();

/** A fault that answers its operation's calls its own way, and also watches the requests of others before routing. */
function watchingFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...socketFault(facts), interceptor: facts.interceptor };
}

export const round6Records: readonly PlantedFault[] = [
  planted(watchingFault, {
    name: 'alpha-orders-list-includes-beta-orders',
    description:
      "Both catalogues' orders live in one sales_order table with a channel column; the alpha list's query was copied from an internal report and lacks AND channel = 'alpha', so it pages the beta orders in among the alpha ones",
    operationId: 'alpha-orders-list',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '1: the groups "Alpha catalogue, orders" ("list the user\'s orders") and "Beta catalogue, orders" are apart; 4, #13 getAlphaOrders answers a "Page of orders (2.3)" of the alpha catalogue',
      observable:
        'Every page of getAlphaOrders holds beta orders among the alpha ones, newest first: the seeded ten (soId 31 to 40) and each order createBetaOrders (#15) just placed; at pageSize 10 totalPage is 4, not 3',
    },
    expect: { unseen: 'not judged, on purpose: the alpha catalogue\'s order list is to "list the user\'s orders" (1), which may hold every order of the user' },
    interceptor() {
      const betaCreate = pathOf('beta-order-create');
      const alphaList = pathOf('alpha-orders-list');
      const placed: Json[] = [];
      return (req, res) => {
        if (req.url === betaCreate) onPlaced(res, (order) => placed.unshift(order));
        if (req.url === alphaList) betaPlacedFor.set(req, placed);
        return false;
      };
    },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, ALPHA_PAGE);
      if (!succeeded(clean) || !asked.ok) return sendText(res, JSON.stringify(clean));
      const beta = [...(betaPlacedFor.get(res.req) ?? []), ...seeded().betaOrders.map((stored) => stored.order as unknown as Json)];
      const merged = newestFirst(everyRecord(answerTo, {}), beta);
      sendText(res, JSON.stringify({ ...clean, data: pageOf(merged, asked.value.pageSize, asked.value.pageNo) }));
    },
  }),
  planted(inputSocketFault, {
    name: 'first-page-oldest-first-without-page-no',
    description:
      "Without pageNo the controller takes another path, Spring Data's findAll(PageRequest.of(0, pageSize)) with the repository's default sort, id ascending; with pageNo the mapper's query sorts newest first",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '4 rule 2: "the request carries pageSize and, where given, pageNo"; 2.2: "pageNo | integer (current page number)": a call without pageNo answers page 1 of the list whose page 2 follows it',
      observable:
        'Request class: #1 as documented, pageSize and status, no pageNo. It answers pageNo 1 with the oldest demands (ids 1 to 10), while pageNo 1 gives ids 200 to 191 and pageNo 2 ids 190 to 181: a walk from the documented call never meets ids 191 to 200',
    },
    expect: { check: 'page-number-default', severity: 'warning' },
    when: (payload) => isPlainObject(payload) && !given(payload.pageNo),
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || !isPlainObject(clean.data)) return sendText(res, JSON.stringify(clean));
      const oldestFirst = everyRecord(answerTo, payload as Json).reverse();
      sendText(res, JSON.stringify({ ...clean, data: { ...clean.data, list: oldestFirst.slice(0, asked.value.pageSize) } }));
    },
  }),
  planted(inputSocketFault, {
    name: 'status-or-cus-type-filter',
    description:
      'The MyBatis where clause reads <if test="status != null">status = #{status}</if> <if test="cusType != null">OR cus_type = #{cusType}</if>: with both filters given, a record matching either is listed',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '4, #4: the list takes "pageSize (number), status (number), cusType (string)", each a filter of the records listed: a record of another status is not a record of this status',
      observable:
        'Request class: the sample body of #4, status and cusType both given (status 1, cusType "2"). The pages hold purchase orders of status 0, 2 and 3 beside those of status 1, and totalPage counts them all',
    },
    expect: {
      unseen:
        "not judged, on purpose: the meanings of status values are not shown (3), so a status may select several (the clean variant status-zero-lists-all), and which records two filters together select is the server's",
    },
    when: (payload) => isPlainObject(payload) && given(payload.status) && given(payload.cusType),
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || !isPlainObject(payload)) return sendText(res, JSON.stringify(clean));
      const ids = (filter: Json) => new Set(everyRecord(answerTo, filter).map((record) => record.id));
      const ofStatus = ids({ status: payload.status });
      const ofCusType = ids({ cusType: payload.cusType });
      const either = everyRecord(answerTo, {}).filter((record) => ofStatus.has(record.id) || ofCusType.has(record.id));
      const { pageSize, pageNo = 1 } = asked.value;
      sendText(res, JSON.stringify({ ...clean, data: pageOf(either, pageSize, pageNo) }));
    },
  }),
  planted(socketFault, {
    name: 'custom-demand-created-twice',
    description:
      'The create service method carries @Retryable: the INSERT commits in its own transaction, the notice to the quoting desk after it times out, and the retry runs the whole method again; the member is answered once',
    operationId: 'custom-demand-create',
    redTeam: {
      round: 6,
      standard: SPEC,
      clause:
        '4, #2: create takes "type, cas, level, nums, pack, price" and answers once; 1: custom demand orders are "Publish, list, delete, detail": one publish, one demand in the list (#1)',
      observable:
        'Request class: one create, then the list. Page 1 starts with two new demands (ids 202 and 201) alike in cas, level, nums, pack and demandPrice, and at pageSize 1 totalPage is 202 where the clean server counts 201',
    },
    expect: {
      unseen:
        "not judged, on purpose: a second demand with the round trip's marker cannot be told from another client's create under the same seed, which the round trips never report",
    },
    respond(res, body, payload, answerTo) {
      if (succeeded(body as Json)) answerTo(payload);
      sendText(res, JSON.stringify(body));
    },
  }),
];
