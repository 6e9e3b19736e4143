/**
 * Red team round 4, records across answers: a page walk that repeats some records and never shows
 * others, a page count taken without the filter, a created order whose total the list tells
 * otherwise, a delete whose condition drops out, and ids compared as boxed objects.
 */
import { envelope, notFound } from '../../../../src/reference/handlers/_internals/answer.js';
import { wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { roundToCents } from '../../../../src/reference/seeding/formats.js';
import { fnv1a } from '../../../../src/reference/seeding/random.js';
import {
  type Answer,
  dataFault,
  type Fault,
  type FaultFacts,
  inputFault,
  json,
  pagingFault,
  socketFault,
  without,
} from '../../../../src/reference/faults/fault.js';
import { sendText, succeeded, success } from './_internals/answers.js';
import { SPEC } from './_internals/standards.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** A fault that takes over the socket at the calls `when` picks, and leaves the others clean. */
function inputSocketFault(facts: FaultFacts & { when(payload: unknown): boolean; respond: Fault['respond'] }): Fault {
  const fault = socketFault(facts);
  return { ...fault, strikes: (operation, payload) => fault.strikes(operation, payload) && facts.when(payload) };
}

/** A fault that answers the calls `when` picks its own way, its handler given what `misreads` makes of them. */
function misreadInputFault(
  facts: FaultFacts & { when(payload: unknown): boolean; misreads(payload: Json): Json; answer(body: unknown, payload: unknown): Answer },
): Fault {
  return { ...inputFault(facts), misreads: (payload) => (isPlainObject(payload) && facts.when(payload) ? facts.misreads(payload) : payload) };
}

/** Where MySQL happens to return rows that tie on the ORDER BY column: a plan of its own for each LIMIT and OFFSET, here a hash of the row and the page. */
const tieOrder = (record: Json, pageNo: number): number => fnv1a(`${String(record.id)}@${pageNo}`);

/** Every record a list filter matches, in the order `ORDER BY status LIMIT …` happens to give them for this page. */
function sortedByStatusFor(records: readonly Json[], pageNo: number): Json[] {
  return [...records].sort((a, b) => Number(a.status) - Number(b.status) || tieOrder(a, pageNo) - tieOrder(b, pageNo));
}

const givenStatus = (payload: unknown): boolean => isPlainObject(payload) && payload.status !== undefined && payload.status !== null;

/** A demandId outside -128..127: a java.lang.Integer that Integer.valueOf does not take from its cache, so `==` compares two objects. */
function uncachedId(payload: unknown): number | undefined {
  const id = isPlainObject(payload) ? wholeNumber(payload.demandId) : undefined;
  return id !== undefined && (id > 127 || id < -128) ? id : undefined;
}

/** A cid of 0, which MyBatis's OGNL reads as equal to '' in `cid != null and cid != ''`, so the condition drops out. */
const zeroCid = (payload: unknown): boolean => isPlainObject(payload) && wholeNumber(payload.cid) === 0;

/** Ids after the last consignment found that the delete still tries, for consignments created after the seeded ones. */
const ID_GAP = 10_000;

export const round4Records: readonly PlantedFault[] = [
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
  planted(inputSocketFault, {
    name: 'zero-cid-deletes-every-consignment',
    description:
      "The delete is MyBatis dynamic SQL, DELETE FROM consignment <where><if test=\"cid != null and cid != ''\">id = #{cid}</if></where>; OGNL takes 0 for '', so cid 0 deletes with no condition, and the service answers the first row its SELECT with the same condition returned",
    operationId: 'consignment-delete',
    redTeam: {
      round: 4,
      standard: SPEC,
      clause:
        '4, #6: delConsignment takes "cid" and answers "one purchase order record shape (2.7)": it deletes the one consignment cid names (1: consignment orders "Publish, list, delete, detail")',
      observable:
        'Request class: delConsignment with cid 0, an id no consignment has. It answers success with consignment 1, and every consignment is gone: each cid that deleted before is now answered as no such consignment',
    },
    expect: { check: 'by-id-record', severity: 'warning' },
    when: zeroCid,
    respond(res, body, _payload, answerTo) {
      const removed: Json[] = [];
      let last = 0;
      for (let cid = 1; cid <= Math.max(last, 200) + ID_GAP; cid += 1) {
        const answer = answerTo({ cid }) as Json;
        if (!succeeded(answer)) continue;
        removed.push(answer.data as Json);
        last = cid;
      }
      sendText(res, JSON.stringify(removed.length > 0 ? success(removed[0]!) : body));
    },
  }),
  planted(misreadInputFault, {
    name: 'ids-over-127-never-match',
    description:
      'The demand is found by comparing two java.lang.Integer objects with ==, which holds only for the values -128 to 127 that Integer.valueOf hands out from its cache',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 4,
      standard: SPEC,
      clause: '4, #3: delDemand takes "demandId"; 1: custom demand orders are "Publish, list, delete, detail": a demand the list shows is deleted by its id',
      observable:
        "Request class: delDemand of a demand whose id is above 127 (the list's first page, ids 200 down to 191). It answers that no custom demand has that id and deletes nothing; ids up to 127 delete",
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning', at: 'custom-demand-list' },
    when: (payload) => uncachedId(payload) !== undefined,
    // No demand has the id 0, so the handler deletes nothing.
    misreads: (payload) => ({ ...payload, demandId: 0 }),
    answer: (_body, payload) => json(envelope('full', notFound('demandId', `no custom demand has the id ${uncachedId(payload)}`))),
  }),
];
