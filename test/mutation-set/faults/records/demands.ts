import { type Answer, answerFault, type Fault, type FaultFacts, inputFault, json, misreadFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { envelope, notFound } from '../../../../src/reference/handlers/_internals/answer.js';
import { LIST_REQUEST, readRequest, wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { pathOf, sendText, succeeded, success } from '../_internals/answers.js';
import { seededAnswer } from '../_internals/seeded.js';
import { SPEC } from '../_internals/standards.js';
import { listedPathOf, watchingFault } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** LTRIM key 0 199: the demands the cached list keeps. */
const CACHED_DEMANDS = 200;

/** More records than any list of the server holds: every record, on one page. */
const EVERY_RECORD = 1_000_000;

/** Each server's ids of the demands trimmed off the cached list, handed to the list calls that read it. */
const trimmedFor = new WeakMap<IncomingMessage, Set<number>>();

const newestFirst = (a: Json, b: Json): number => Number(b.id) - Number(a.id);

/** A fault that answers the calls `when` picks its own way, its handler given what `misreads` makes of them. */
function misreadInputFault(
  facts: FaultFacts & { when(payload: unknown): boolean; misreads(payload: Json): Json; answer(body: unknown, payload: unknown): Answer },
): Fault {
  return { ...inputFault(facts), misreads: (payload) => (isPlainObject(payload) && facts.when(payload) ? facts.misreads(payload) : payload) };
}

/** A demandId outside -128..127: a java.lang.Integer that Integer.valueOf does not take from its cache, so `==` compares two objects. */
function uncachedId(payload: unknown): number | undefined {
  const id = isPlainObject(payload) ? wholeNumber(payload.demandId) : undefined;
  return id !== undefined && (id > 127 || id < -128) ? id : undefined;
}

/** Every record of the list `payload` asks for, filters kept, on one page, in the list's order. */
function everyRecord(answerTo: (payload: unknown) => unknown, payload: Json): Json[] {
  const data = (answerTo({ ...payload, pageSize: EVERY_RECORD, pageNo: 1 }) as Json).data;
  return isPlainObject(data) && Array.isArray(data.list) ? (data.list as Json[]) : [];
}

/** A fault that answers its operation's calls its own way, and also watches the requests of others before routing. */
function watchingAnsweringFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...socketFault(facts), interceptor: facts.interceptor };
}

/** The detail of 4.1 ("Custom demand: detail"), where the reference server places it. */
const DEMAND_DETAIL_PATH = listedPathOf('custom-demand-detail');

/** Each server's count of the times each demand was listed, by id, shared with the list calls. */
const timesListedFor = new WeakMap<IncomingMessage, Map<number, number>>();

/** Each server's demand ids deleted since it started, shared with the calls that read them. */
const softDeletedFor = new WeakMap<IncomingMessage, Set<number>>();

/** Delete calls sent on to the detail query: what MyBatis-Plus's logical delete reads before its UPDATE. */
const deletesRead = new WeakSet<IncomingMessage>();

/** The refusal of a demand id none has, as delDemand (#3) and the detail word it. */
const noDemand = (demandId: number): Json => envelope('full', notFound('demandId', `no custom demand has the id ${demandId}`)) as Json;

const demandIdOf = (payload: unknown): number | undefined => (isPlainObject(payload) ? wholeNumber(payload.demandId) : undefined);

/** A fault that strikes the demand list and the detail its deletes are read through (4.1), and watches the deletes before routing. */
function softDeleteFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...watchingAnsweringFault(facts), strikes: (operation) => operation.id === facts.operationId || operation.id === 'custom-demand-detail' };
}

/** The key the caching filter files a list answer under: the path and the request body, never the answer. */
const cacheKey = (path: string, payload: unknown): string =>
  createHash('sha1')
    .update(`${path}\n${JSON.stringify(payload)}`, 'utf8')
    .digest('hex')
    .slice(0, 24);

const idOf = (payload: unknown, field: string): number | undefined => (isPlainObject(payload) ? wholeNumber(payload[field]) : undefined);

/** Custom demands (2.3) read across answers: a demand created, edited or deleted, and what the list and the lookups show of it after. */
export const demandFaults: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'total-page-stale-after-create',
    description: 'The record count behind totalPage is cached per filter when the server starts and never invalidated',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause: '2.2: "totalPage | integer (total number of pages)"',
      observable:
        'Right until a create: after custom_demand/create, totalPage still counts the pages of the records the server started with (200 demands at pageSize 50: 4, where 201 need 5)',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const data = clean.data;
      const atStart = seededAnswer('custom-demand-list', payload).data;
      if (!isPlainObject(data) || !isPlainObject(atStart) || typeof atStart.totalPage !== 'number') return json(clean);
      return json({ ...clean, data: { ...data, totalPage: atStart.totalPage } });
    },
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
  planted(socketFault, {
    name: 'etag-from-request-not-answer',
    description:
      'A caching filter in front of the member area already hashes each list request (path and body) into the key it files the answer under, and reuses that key as the ETag, so the tag names the question, not the answer',
    operationId: 'custom-demand-list',
    redTeam: {
      round: 8,
      standard: 'RFC 9110',
      clause:
        '8.8.1: a "strong validator" is "representation metadata that changes value whenever a change occurs to the representation data that would be observable in the content of a 200 (OK) response"; 8.8.3: an ETag is strong unless marked W/',
      observable:
        'Request class: the same list call before and after a custom_demand/create. Both answers carry the same strong ETag, while page 1 of the second starts with the new demand: a cache that revalidates with If-None-Match keeps the old page',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    respond(res, body, payload) {
      sendText(res, JSON.stringify(body), { etag: `"${cacheKey(pathOf('custom-demand-list'), payload)}"` });
    },
  }),
  planted(answerFault, {
    name: 'demand-deleted-but-answered-not-found',
    description:
      'The delete mapper returns nothing, and the service learns the rows it affected from a separate SELECT ROW_COUNT(), which the pool runs on another connection, where it is -1: every delete that happened is answered as one that found no demand',
    operationId: 'custom-demand-delete',
    redTeam: {
      round: 8,
      standard: SPEC,
      clause:
        '4, #3: delDemand takes "demandId" and answers an "empty object" as data; 7 rule 1: "Results and errors are carried in the envelope fields status, code, message and error": an error says the delete did not happen',
      observable:
        'Request class: delDemand of a demand the list shows. It answers status "fail", code "404", "no custom demand has the id", yet the demand is gone from the list (#1) and from totalPage; sent again it answers the same',
    },
    expect: { check: 'flow-demand-lifecycle', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const demandId = idOf(payload, 'demandId');
      if (!succeeded(clean) || demandId === undefined) return json(clean);
      return json(envelope('full', notFound('demandId', `no custom demand has the id ${demandId}`)));
    },
  }),
  planted(watchingFault, {
    name: 'list-counts-its-views',
    description:
      'The list service bumps a view count on every demand it returns (UPDATE custom_demand SET views = views + 1 in the same method) and the mapper writes the count into remark: each read of the list changes the demands it lists',
    operationId: 'custom-demand-list',
    expect: { check: 'relation-read-unchanged', severity: 'warning' },
    interceptor() {
      const path = pathOf('custom-demand-list');
      const timesListed = new Map<number, number>();
      return (req) => {
        if (req.url === path) timesListedFor.set(req, timesListed);
        return false;
      };
    },
    respond(res, body) {
      const clean = body as Json;
      const timesListed = timesListedFor.get(res.req);
      const data = clean.data;
      if (!timesListed || !succeeded(clean) || !isPlainObject(data) || !Array.isArray(data.list)) return sendText(res, JSON.stringify(clean));
      const list = (data.list as Json[]).map((demand) => {
        const views = (timesListed.get(Number(demand.id)) ?? 0) + 1;
        timesListed.set(Number(demand.id), views);
        return { ...demand, remark: `views ${views}` };
      });
      sendText(res, JSON.stringify({ ...clean, data: { ...data, list } }));
    },
  }),
];
