import { type Fault, type FaultFacts, misreadFault, pagingFault, socketFault, without } from '../../../../src/reference/faults/fault.js';
import { envelope, notFound } from '../../../../src/reference/handlers/_internals/answer.js';
import { AN_INTEGER_PAGE, LIST_REQUEST, positiveInteger, readRequest, required, wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import type { CustomDemand } from '../../../../src/reference/records.js';
import { SEEDED_RECORDS } from '../../../../src/reference/seed.js';
import { DOCUMENT_PREFIX, documentNumber, seededDate } from '../../../../src/reference/seeding/formats.js';
import { pathOf, sendText, succeeded, success } from '../_internals/answers.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { inputSocketFault } from '../_internals/struck.js';
import { caughtBy, planted, type PlantedFault } from '../../planted-fault.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A whole number read otherwise; any other value (a hostile call's) is left as it came. */
const renumbered = (value: unknown, change: (n: number) => number) => (typeof value === 'number' && Number.isSafeInteger(value) ? change(value) : value);

/** Statuses the seeded records hold: 0 to 3. */
const STATUSES = 4;

/** A cid of 0, which MyBatis's OGNL reads as equal to '' in `cid != null and cid != ''`, so the condition drops out. */
const zeroCid = (payload: unknown): boolean => isPlainObject(payload) && wholeNumber(payload.cid) === 0;

/** Ids after the last consignment found that the delete still tries, for consignments created after the seeded ones. */
const ID_GAP = 10_000;

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
const pageOfRecords = (records: readonly Json[], pageSize: number, pageNo: number): Json => ({
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

/** How many bank cards the list's service method returns when asked for no page: its default, 20. */
const DEFAULT_PAGE_SIZE = 20;

/** How far above an id the lookup still looks for newer cards: ids are handed out across every kind of record. */
const ID_SPAN = 10_000;

/** Whether the card is among the newest DEFAULT_PAGE_SIZE, the list's first page: fewer than that many cards have a higher id. */
function onFirstPage(id: number, cardExists: (id: number) => boolean): boolean {
  let newer = 0;
  for (let other = id + 1; other <= id + ID_SPAN && newer < DEFAULT_PAGE_SIZE; other += 1) if (cardExists(other)) newer += 1;
  return newer < DEFAULT_PAGE_SIZE;
}

const idOf = (payload: unknown, field: string): number | undefined => (isPlainObject(payload) ? wholeNumber(payload[field]) : undefined);

/** Where the ids of other members' records start: past any id the member's own lists hand out. */
const OTHER_MEMBERS_IDS = 100_000;

/** The custom demands of other members with this status: as many as the member's own, ids of their own, numbered as theirs are. */
function otherMembersDemands(status: number): CustomDemand[] {
  return seeded()
    .customDemands.filter((demand) => demand.status === status)
    .map((demand) => {
      const id = OTHER_MEMBERS_IDS + demand.id;
      const at = seededDate(demand.id);
      return {
        ...demand,
        id,
        demandNumber: documentNumber(DOCUMENT_PREFIX.demand, at, id),
        serialNumber: documentNumber(DOCUMENT_PREFIX.demandSerial, at, id),
        remark: '',
      };
    });
}

const statusGiven = (payload: unknown): boolean => isPlainObject(payload) && payload.status !== undefined && payload.status !== null;

/** Answers about another record than the one asked for, or lists another status than the one asked (1: not shown to be required, so warnings). */
export const askedFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'by-id-record', severity: 'warning' }, misreadFault, [
    {
      name: 'bank-card-by-id-next-card',
      description: 'answers bankCardInfoById with the card of the next id (an off-by-one lookup)',
      operationId: 'bank-card-by-id',
      misreads: (payload) => ({ ...payload, id: renumbered(payload.id, (id) => id + 1) }),
    },
    {
      name: 'demand-detail-by-place',
      description:
        'reads the demandId of the custom demand detail as a place in the list, newest first (an operation of 4.1, at the reference map’s path): demandId 1 answers the newest demand',
      operationId: 'custom-demand-detail',
      misreads: (payload) => ({ ...payload, demandId: renumbered(payload.demandId, (place) => SEEDED_RECORDS + 1 - place) }),
    },
  ]),
  ...caughtBy({ check: 'list-filter', severity: 'warning' }, misreadFault, [
    {
      name: 'demand-list-next-status',
      description: 'lists the custom demands of the status after the one asked (status 0 lists status 1, status 3 lists status 0)',
      operationId: 'custom-demand-list',
      misreads: (payload) => ({ ...payload, status: renumbered(payload.status, (status) => (status + 1) % STATUSES) }),
    },
  ]),
  planted(pagingFault, {
    name: 'brand-filter-ignored',
    description: 'The query reads brandId under another name, finds none, and lists the products of every brand',
    operationId: 'beta-products-by-brand',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '1: the beta catalogue gives "products of one brand"; 4, #16 takes "brandId (integer)"',
      observable: 'Pages of any brandId list the whole catalogue, brand 1 first: brandId 2 page 1 shows brand 1 products and a totalPage of every product',
    },
    expect: { check: 'list-selector', severity: 'warning' },
    page(data, asked) {
      const catalogue = seeded();
      const everyProduct = catalogue.betaBrands.flatMap((brand) => catalogue.betaProducts.get(brand.brandId) ?? []);
      return { ...data, ...pageOf(everyProduct, asked.pageSize, asked.pageNo, 'newest-first') };
    },
  }),
  planted(misreadFault, {
    name: 'status-zero-read-as-no-filter',
    description: 'The query adds the status condition only "if (status)", and 0 is false, so asking for status 0 lists every status',
    operationId: 'purchase-order-list',
    redTeam: {
      round: 2,
      standard: SPEC,
      clause:
        '4, #4: the list takes "status (number)", and its records carry "status | integer" (2.7, 3): status 1, 2 and 3 list their own records, status 0 lists everyone\'s',
      observable: 'Asked with status 0, the page holds purchase orders of status 0, 1, 2 and 3 and a totalPage of every record; status 1 to 3 filter as asked',
    },
    expect: {
      unseen: 'no check sees it: the meaning of a status value is not shown (3), so 0 may mean every status (the clean variant status-zero-lists-all)',
    },
    misreads: (payload) => (payload.status === 0 || payload.status === '0' ? without(payload, 'status') : payload),
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
      sendText(res, JSON.stringify({ ...clean, data: pageOfRecords(merged, asked.value.pageSize, asked.value.pageNo) }));
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
      sendText(res, JSON.stringify({ ...clean, data: pageOfRecords(either, pageSize, pageNo) }));
    },
  }),
  planted(socketFault, {
    name: 'card-by-id-searches-first-page-only',
    description: `bankCardInfoById was written against the list's service method: it calls listBankCards(memberId) with no page, which pages by its default of ${DEFAULT_PAGE_SIZE}, and picks the id out of what came back`,
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '4, #8: bankCardInfoById takes "id" and answers the card in the "consignee record shape (2.9)"; #7 bankCardList lists the member\'s cards (2.8 "id | integer"): a card the list shows is found by its id',
      observable: `Request class: bankCardInfoById of a card on page 2 or later of bankCardList (id 3, listed on page 20 at pageSize 10). It answers code "404", no bank card has the id; the ${DEFAULT_PAGE_SIZE} newest cards (ids 200 to 181) are found`,
    },
    expect: { check: 'listed-record-found', severity: 'warning' },
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const id = idOf(payload, 'id');
      const cardExists = (other: number) => succeeded(answerTo({ id: other }) as Json);
      if (!succeeded(clean) || id === undefined || onFirstPage(id, cardExists)) return sendText(res, JSON.stringify(clean));
      sendText(res, JSON.stringify(envelope('full', notFound('id', `no bank card has the id ${id}`))));
    },
  }),
  planted(inputSocketFault, {
    name: 'status-filter-replaces-member-condition',
    description:
      "The demand list's MyBatis where clause is a <choose>: <when test=\"status != null\">status = #{status}</when> <otherwise>member_id = #{memberId}</otherwise>, meant to be two <if>s, so a status filter takes the place of the member's own condition and lists every member's demands of that status",
    operationId: 'custom-demand-list',
    redTeam: {
      round: 9,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "Object level authorization is an access control mechanism that is usually implemented at the code level to validate that a user can only access the objects that they should have permissions to access"',
      observable:
        "Request class: #1 with a status (status 1). The pages hold, before the member's own, demands with ids from 100001 that neither the list without status nor the detail (4.1) knows, other members' demands, and totalPage counts them; without status the list is the member's",
    },
    expect: { check: 'filter-outside-list', severity: 'warning', breaks: ['owasp-api1-filtered-list'] },
    when: statusGiven,
    respond(res, body, payload, answerTo) {
      const clean = body as Json;
      const asked = readRequest(payload, LIST_REQUEST);
      if (!succeeded(clean) || !asked.ok || asked.value.status === undefined) return sendText(res, JSON.stringify(clean));
      const { pageSize, pageNo = 1, status } = asked.value;
      const own = (((answerTo({ ...(payload as Json), pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data as Json).list ?? []) as Json[];
      const everyMembers = [...own, ...(otherMembersDemands(status) as unknown as Json[])].sort((a, b) => Number(b.id) - Number(a.id));
      sendText(res, JSON.stringify({ ...clean, data: pageOf(everyMembers, pageSize, pageNo, 'newest-first') }));
    },
  }),
];
