import { interceptFault } from '../../../../src/reference/faults/fault.js';
import { PC_PAGE } from '../../../../src/reference/handlers/_internals/fields.js';
import { ORDER_HEADER } from '../../../../src/reference/handlers/_internals/orders.js';
import { LIST_REQUEST, readRequest } from '../../../../src/reference/handlers/_internals/request.js';
import { pageOf } from '../../../../src/reference/handlers/_internals/state.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { SEEDED_RECORDS } from '../../../../src/reference/seed.js';
import { pathOf, succeeded, success } from '../_internals/answers.js';
import { bodyObject, rewriteBody, watchBody } from '../_internals/request-body.js';
import { everyRecordOf, idNamed, rememberingFault, rewriteAnswer, withListed } from '../_internals/sequences.js';
import { SPEC } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

const DEMAND_DELETE_PATH = pathOf('custom-demand-delete');

const newestFirst = (a: Json, b: Json): number => Number(b.id) - Number(a.id);

/** A card id no card has, that the lookup and the delete take: their refusals name it, and the id shown is put back. */
const NO_CARD = 0;

/** A refusal that names NO_CARD, naming the id the client sent instead. */
function namingShown(body: Json, shown: number | undefined): Json {
  if (body.code !== '404' || shown === undefined) return body;
  return JSON.parse(JSON.stringify(body).replaceAll(`has the id ${NO_CARD}"`, `has the id ${shown}"`)) as Json;
}

/** How the card service refuses an update whose @Version is behind the row's. */
const STALE_EDIT: Json = {
  data: {},
  status: 'fail',
  code: '409',
  message: 'id: 数据已被修改，请刷新后重试',
  error: { field: 'id', reason: 'was changed since it was read' },
};

/** A consignment sold (status 2) awaits its consignor's dispatch, as the reference server lists it. */
const SOLD = 2;

/** The body of a JSON request, read once the body has come, as canonical text: the same fields and values give the same key. */
function canonical(body: Json): string {
  return JSON.stringify(
    Object.keys(body)
      .sort()
      .map((name) => [name, body[name]]),
  );
}

/** A bank card's id as one server shows it: created cards numbered from the largest id still held, plus one. */
class ReusedIds {
  private readonly shownFor = new Map<number, number>();
  private readonly heldAs = new Map<number, number>();
  private readonly deleted = new Set<number>();

  shown(id: number): number {
    return this.shownFor.get(id) ?? id;
  }

  /** The card a shown id names: a created card's own id, once shown as another, names none. */
  held(shown: number): number {
    const created = this.heldAs.get(shown);
    if (created !== undefined) return created;
    return this.shownFor.has(shown) && this.shownFor.get(shown) !== shown ? NO_CARD : shown;
  }

  created(id: number): number {
    let largestSeeded = SEEDED_RECORDS;
    while (largestSeeded > 0 && this.deleted.has(largestSeeded)) largestSeeded -= 1;
    const shown = Math.max(largestSeeded, ...this.heldAs.keys()) + 1;
    this.shownFor.set(id, shown);
    this.heldAs.set(shown, id);
    return shown;
  }

  removed(shown: number): void {
    this.heldAs.delete(shown);
    this.deleted.add(shown);
  }
}

/** A body whose `field` holds an id, with that id as `to` makes it. */
function withIdRewritten(text: string, field: string, to: (id: number) => number): string {
  const body = bodyObject(text);
  const id = idNamed(body, field);
  return body && id !== undefined ? JSON.stringify({ ...body, [field]: to(id) }) : text;
}

/** The answer's `data.id`, where it holds one, as `to` makes it. */
function dataIdRewritten(body: Json, to: (id: number) => number): Json {
  const data = body.data;
  return isPlainObject(data) && typeof data.id === 'number' ? { ...body, data: { ...data, id: to(data.id) } } : body;
}

/** Member records written one call after another: caches, counters, ids, edits and deletes that a later call shows wrong. */
export const sequenceFaults: readonly PlantedFault[] = [
  planted(interceptFault, {
    name: 'bank-card-pages-evicted-only-at-page-one',
    description:
      'The card list is cached in Redis per page under bankCards::<member>:<pageSize>:<pageNo> (@Cacheable); the edit and the delete were given @CacheEvict with the key of page 1 only, the page the app shows after a save, not allEntries: every later page keeps what it held before the write',
    operationId: 'bank-card-list',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '2.2: the list\'s data is a page, "list | array of records", "totalPage | integer (total number of pages)"; 1: the member manages "bank cards" (4.1 "edit / delete bank card"): after a write, the pages of bankCardList (#7) show the cards as they are',
      observable:
        'Request class: bankCardList (#7) walked at pageSize 10, a card added (4.1 edit without id), then the walk again. Page 1 starts with the new card, while page 2 still starts with card 190 where the clean server starts it with 191: card 191 is on no page; after a delete, a card shows on two pages',
    },
    expect: { check: 'model-deleted-gone', severity: 'warning' },
    interceptor() {
      const list = pathOf('bank-card-list');
      const writes = new Set([listedPathOf('bank-card-edit'), listedPathOf('bank-card-delete')]);
      const pages = new Map<string, Json>();
      return (req, res) => {
        if (req.url === list) {
          const asked = watchBody(req);
          rewriteAnswer(res, (body) => {
            const page = readRequest(asked(), LIST_REQUEST);
            if (!succeeded(body) || !page.ok) return body;
            const key = `${page.value.pageSize}:${page.value.pageNo ?? 1}`;
            const cached = pages.get(key) ?? body;
            pages.set(key, cached);
            return cached;
          });
        }
        if (writes.has(req.url ?? ''))
          rewriteAnswer(res, (body) => {
            if (succeeded(body)) for (const key of pages.keys()) if (key.endsWith(':1')) pages.delete(key);
            return body;
          });
        return false;
      };
    },
  }),
  planted(rememberingFault<{ drift: number }>, {
    name: 'demand-count-drifts-on-refused-deletes',
    description:
      "The demand list's totalPage is counted from member_stat.demand_count, which create increments and delDemand decrements in one @Transactional service method, before its DELETE; the not-found path returns an error result instead of throwing, so the transaction commits the decrement of a delete that deleted nothing. The list with a status filter counts with a query and stays right",
    operationId: 'custom-demand-delete',
    answers: 'custom-demand-list',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '2.2: "totalPage | integer (total number of pages)"; 4, #3: delDemand of an id no demand has deletes nothing (7 rule 1: the error result says so): the pages of the list (#1) count the demands there are',
      observable:
        'Request class: delDemand (#3) of an id no demand has (999999), answered code "404" as by the clean server, then the list (#1) without status. At pageSize 1 totalPage is 199 where 200 demands are listed and page 200 still holds one; each refused delete takes one more; with status the count is right',
    },
    expect: { check: 'model-refused-changes-nothing', severity: 'warning', at: 'custom-demand-list' },
    make: () => ({ drift: 0 }),
    watch(memory, req, res) {
      if (req.url === DEMAND_DELETE_PATH)
        rewriteAnswer(res, (body) => {
          if (body.code === '404') memory.drift += 1;
          return body;
        });
    },
    respond(memory, body, payload, answerTo) {
      const asked = readRequest(payload, LIST_REQUEST);
      const data = body.data;
      if (!succeeded(body) || !asked.ok || asked.value.status !== undefined || !isPlainObject(data)) return body;
      const counted = Math.max(0, everyRecordOf(answerTo, payload as Json).length - memory.drift);
      return { ...body, data: { ...data, totalPage: Math.ceil(counted / asked.value.pageSize) } };
    },
  }),
  planted(interceptFault, {
    name: 'bank-card-id-reused-after-delete',
    description:
      'bank_card came over from Oracle without a sequence, and the card mapper gives a new card SELECT COALESCE(MAX(id), 0) + 1 FROM bank_card: once the newest card is deleted, the next card added takes its id again, and whatever still holds the old id (a retried delete, a second tab, a cached lookup) now acts on the new card',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '4, #8: bankCardInfoById takes "id" and answers that card; 2.8: "id | integer"; 4.1 "delete bank card": a card deleted is gone, and a delete of its id again finds nothing, whatever was added since',
      observable:
        'Request class: a card added (4.1 edit without id, answered {"id":201}), deleted, and another added. The second is answered {"id":201} too where the clean server gives 202; bankCardInfoById (#8) of 201 answers the second card, and the delete of 201 sent again (a retry) answers success and deletes it, where the clean server answers code "404"',
    },
    expect: { check: 'model-ids-distinct', severity: 'warning', at: 'bank-card-list' },
    interceptor() {
      const ids = new ReusedIds();
      const edit = listedPathOf('bank-card-edit');
      const remove = listedPathOf('bank-card-delete');
      const byId = pathOf('bank-card-by-id');
      const list = pathOf('bank-card-list');
      return (req, res) => {
        const url = req.url ?? '';
        if (url === list) rewriteAnswer(res, (body) => withListed(body, (card) => (typeof card.id === 'number' ? { ...card, id: ids.shown(card.id) } : card)));
        if (url === byId) {
          let asked: number | undefined;
          rewriteBody(req, (text) => {
            asked = idNamed(bodyObject(text), 'id');
            return withIdRewritten(text, 'id', (id) => ids.held(id));
          });
          rewriteAnswer(res, (body) =>
            namingShown(
              dataIdRewritten(body, (id) => ids.shown(id)),
              asked,
            ),
          );
        }
        if (url === edit) {
          let creates = false;
          rewriteBody(req, (text) => {
            creates = bodyObject(text)?.id === undefined;
            return withIdRewritten(text, 'id', (id) => ids.held(id));
          });
          rewriteAnswer(res, (body) => (succeeded(body) ? dataIdRewritten(body, (id) => (creates ? ids.created(id) : ids.shown(id))) : body));
        }
        if (url === remove) {
          let shown: number | undefined;
          rewriteBody(req, (text) => {
            shown = idNamed(bodyObject(text), 'id');
            return withIdRewritten(text, 'id', (id) => ids.held(id));
          });
          rewriteAnswer(res, (body) => {
            if (succeeded(body) && shown !== undefined) ids.removed(shown);
            return namingShown(body, shown);
          });
        }
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'consignee-edit-saved-to-last-viewed',
    description:
      "ConsigneeController keeps `private Long editingId`, which consigneeInfoById sets for the web page's edit button (open the detail, then save) and the edit uses in place of the body's id when it is set; a controller is a singleton, so the field holds the last consignee any request read, and the edit answers the id it was sent",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '1: the member manages "consignee addresses" (4.1 "edit consignee address"); 4, #9: consigneeInfoById answers the "consignee record (2.9)" of the id asked: an edit of one id changes that consignee, and a read changes nothing',
      observable:
        'Request class: consigneeInfoById (#9) of 5, then the consignee edit (4.1) of id 3. It answers {"id":3} as from the clean server, yet #9 of 3 answers consignee 3 as it was and #9 of 5 answers the edit; an edit before any read, and an edit without id, are as from the clean server',
    },
    expect: { check: 'flow-consignee-lifecycle', severity: 'warning' },
    interceptor() {
      const byId = pathOf('consignee-by-id');
      const edit = listedPathOf('consignee-edit');
      let editing: number | undefined;
      return (req, res) => {
        if (req.url === byId)
          rewriteAnswer(res, (body) => {
            if (succeeded(body) && isPlainObject(body.data) && typeof body.data.id === 'number') editing = body.data.id;
            return body;
          });
        if (req.url === edit) {
          let sent: number | undefined;
          rewriteBody(req, (text) => {
            sent = idNamed(bodyObject(text), 'id');
            const target = editing;
            return sent === undefined || target === undefined ? text : withIdRewritten(text, 'id', () => target);
          });
          rewriteAnswer(res, (body) => (succeeded(body) && sent !== undefined ? dataIdRewritten(body, () => sent ?? 0) : body));
        }
        return false;
      };
    },
  }),
  planted(rememberingFault<{ awaiting: Json[] }>, {
    name: 'sold-consignment-delete-leaves-dispatch-entry',
    description:
      'A sold consignment is copied into dispatch_task when it sells, and the awaiting-dispatch list reads that table; delConsignment deletes the consignment row in its own mapper and nothing cascades (no foreign key, no listener): a sold consignment deleted is gone from the list and the detail and still awaits dispatch',
    operationId: 'consignment-delete',
    answers: 'consignment-awaiting-list',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '4, #6: delConsignment takes "cid" and answers the record it deleted (2.7); 1: consignment orders are "Publish, list, delete, detail, list awaiting dispatch": a deleted consignment is in none of the lists',
      observable:
        'Request class: delConsignment (#6) of a consignment the awaiting-dispatch list (4.1) shows (status 2). It answers the record as from the clean server, and the consignment detail (4.1) then answers "404", yet the awaiting-dispatch list still holds it, at its place, where the clean server lists one fewer',
    },
    expect: {
      unseen:
        "only a sold consignment awaits dispatch, and no operation the spec documents sells one: the run deletes only consignments it published itself, which stay unsold, and deleting a sold one would delete another client's record",
    },
    make: () => ({ awaiting: [] }),
    watch(memory, req, res) {
      if (req.url === pathOf('consignment-delete'))
        rewriteAnswer(res, (body) => {
          if (succeeded(body) && isPlainObject(body.data) && body.data.status === SOLD) memory.awaiting.push(body.data);
          return body;
        });
    },
    respond(memory, body, payload, answerTo) {
      const asked = readRequest(payload, PC_PAGE);
      if (!succeeded(body) || !asked.ok || memory.awaiting.length === 0) return body;
      const listed = [...everyRecordOf(answerTo, payload as Json), ...memory.awaiting].sort(newestFirst);
      return { ...body, data: pageOf(listed, asked.value.pageSize, asked.value.pageNo ?? 1, 'newest-first') };
    },
  }),
  planted(rememberingFault<{ released: number }>, {
    name: 'consignment-list-one-search-behind',
    description:
      "The consignment list is searched in Elasticsearch, whose index had refresh_interval -1 set for a bulk import and never restored; the search service calls _refresh itself, asynchronously, after each search returns. A consignment published is in MySQL (the detail finds it) and reaches the list's results at the second search after its publish, not the first",
    operationId: 'consignment-publish',
    answers: 'consignment-list',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '4, #5: publishConsignment publishes a consignment; 1: consignment orders are "Publish, list, delete, detail": once publish has answered, the list (4.1) shows what the detail shows',
      observable:
        'Request class: publishConsignment (#5), then the consignment list (4.1) page 1. The new consignment is missing (totalPage and every page as before the publish) though the consignment detail (4.1) of its id answers it; the same list asked again shows it first, as the clean server does at once',
    },
    expect: { check: 'flow-consignment-lifecycle', severity: 'warning', at: 'consignment-list' },
    make: () => ({ released: SEEDED_RECORDS }),
    watch: () => undefined,
    respond(memory, body, payload, answerTo) {
      const asked = readRequest(payload, LIST_REQUEST);
      const every = everyRecordOf(answerTo, {});
      const released = memory.released;
      memory.released = Math.max(released, ...every.map((record) => Number(record.id)));
      if (!succeeded(body) || !asked.ok) return body;
      const found = everyRecordOf(answerTo, payload as Json).filter((record) => Number(record.id) <= released);
      return { ...body, data: pageOf(found, asked.value.pageSize, asked.value.pageNo ?? 1, 'newest-first') };
    },
  }),
  planted(interceptFault, {
    name: 'repeated-demand-create-answered-not-made',
    description:
      "A double-submit guard on the demand create compares the form with the last one the member submitted, kept in Redis under demand:last:<member> with no expiry, meant to swallow a double click: a demand identical to the member's last is answered success and not inserted, however long after, while a demand in between lets it through",
    operationId: 'custom-demand-create',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '4, #2: create takes "type, cas, level, nums, pack, price" and answers an "empty object"; 7 rule 1: "Results and errors are carried in the envelope fields": a create answered as a success has made a demand the list (#1) shows',
      observable:
        'Request class: the same create (#2) sent twice (a member who needs a second lot of the same reagent). Both answer success, yet the list (#1) holds one new demand where the clean server holds two, and totalPage counts one; a different create in between lets the same one through again',
    },
    expect: { check: 'model-created-shown', severity: 'warning', at: 'custom-demand-list' },
    interceptor() {
      const path = pathOf('custom-demand-create');
      let last: string | undefined;
      return (req, res) => {
        if (req.url !== path) return false;
        let key: string | undefined;
        let swallowed = false;
        rewriteBody(req, (text) => {
          const asked = bodyObject(text);
          key = asked && canonical(asked);
          swallowed = key !== undefined && key === last;
          // A body the handler refuses: nothing is inserted.
          return swallowed ? '{}' : text;
        });
        rewriteAnswer(res, (body) => {
          if (swallowed) return success({});
          if (succeeded(body)) last = key;
          return body;
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'consignee-edit-never-writes-remark',
    description:
      'The consignee UPDATE is MyBatis dynamic SQL, <if test="remarks != null">remark = #{remark},</if>, its test naming a field the DTO calls remark, which OGNL reads as null: an edit writes every field it is sent but the remark, which only the INSERT of a new consignee sets',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '2.9: the consignee record holds "remark | string"; 1: the member manages "consignee addresses" (4.1 "edit consignee address"); 4, #9: consigneeInfoById answers the record of the id asked: after an edit, as edited',
      observable:
        'Request class: the consignee edit (4.1) of id 3 with a new remark ("实验室收") and other fields. It answers {"id":3}; consigneeInfoById (#9) of 3 then answers every other field as edited and the remark as before, where the clean server holds the new remark; a consignee added with a remark keeps it',
    },
    expect: { check: 'model-edit-shown', severity: 'warning' },
    interceptor() {
      const path = listedPathOf('consignee-edit');
      return (req) => {
        if (req.url === path)
          rewriteBody(req, (text) => {
            const edit = bodyObject(text);
            if (!edit || edit.id === undefined || !Object.hasOwn(edit, 'remark')) return text;
            const { remark: _unwritten, ...written } = edit;
            return JSON.stringify(written);
          });
        return false;
      };
    },
  }),
  planted(rememberingFault<{ refused: number }>, {
    name: 'refused-alpha-orders-counted-in-total-page',
    description:
      "The order list's totalPage is counted from member_stat.order_count, which createAlphaOrders increments first thing (the member's order quota is checked against it) in a transaction of its own (REQUIRES_NEW); an order refused after its header was read, for an item, never gives the count back",
    operationId: 'alpha-order-create',
    answers: 'alpha-orders-list',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '2.2: "totalPage | integer (total number of pages)"; 4, #14: createAlphaOrders refused (its data holds no order) has placed nothing: the pages of the order list (#13) count the orders there are',
      observable:
        'Request class: createAlphaOrders (#14) with a good header and an item refused (num "0"), answered with no order as by the clean server, then the order list (#13) at pageSize 1. totalPage is one more than the orders there are, and its last page is empty; each such refusal adds one',
    },
    expect: { check: 'model-refused-changes-nothing', severity: 'warning', at: 'alpha-orders-list' },
    make: () => ({ refused: 0 }),
    watch(memory, req, res) {
      if (req.url !== pathOf('alpha-order-create')) return;
      const asked = watchBody(req);
      rewriteAnswer(res, (body) => {
        const sent = asked();
        const placed = isPlainObject(body.data) && body.data.soNo !== undefined;
        if (!placed && readRequest(sent, ORDER_HEADER).ok) memory.refused += 1;
        return body;
      });
    },
    respond(memory, body, payload, answerTo) {
      const asked = isPlainObject(payload) ? payload : {};
      const data = body.data;
      const pageSize = Number(asked.pageSize);
      if (!succeeded(body) || !isPlainObject(data) || !Number.isSafeInteger(pageSize) || pageSize < 1) return body;
      const counted = everyRecordOf(answerTo, asked).length + memory.refused;
      return { ...body, data: { ...data, totalPage: Math.ceil(counted / pageSize) } };
    },
  }),
  planted(interceptFault, {
    name: 'second-bank-card-edit-refused-as-stale',
    description:
      'The card edit loads the card with cardService.get(id), which is @Cacheable for the checkout page, applies the body and saves it under @Version optimistic locking; the edit evicts nothing, so after a first edit of a card the cached copy carries the version before it, and every later edit of that card fails its version check and is answered as a conflict, until the cache entry expires',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '1: the member manages "bank cards" (4.1 "edit / delete bank card"); 4, #8: bankCardInfoById answers the card of the id asked; 7 rule 1: "Results and errors are carried in the envelope fields": an edit refused when nothing else changed the card is no edit the member can make',
      observable:
        'Request class: two edits (4.1) of one bank card, one after the other, with nothing between them but reads. The first answers {"id":3} and bankCardInfoById (#8) shows it; the second answers status "fail", code "409", "数据已被修改，请刷新后重试", and #8 still shows the first, where the clean server saves both; the first edit of any other card goes through',
    },
    expect: { check: 'model-edit-accepted', severity: 'warning', at: 'bank-card-edit' },
    interceptor() {
      const path = listedPathOf('bank-card-edit');
      const edited = new Set<number>();
      return (req, res) => {
        if (req.url !== path) return false;
        let id: number | undefined;
        let stale = false;
        rewriteBody(req, (text) => {
          id = idNamed(bodyObject(text), 'id');
          stale = id !== undefined && edited.has(id);
          // An id no card has: the handler changes nothing, and its refusal is answered as the conflict.
          return stale ? withIdRewritten(text, 'id', () => Number.MAX_SAFE_INTEGER) : text;
        });
        rewriteAnswer(res, (body) => {
          if (stale) return STALE_EDIT;
          if (succeeded(body) && id !== undefined) edited.add(id);
          return body;
        });
        return false;
      };
    },
  }),
  planted(interceptFault, {
    name: 'consignee-rows-cached-past-default-change',
    description:
      "The consignee list is assembled from a Redis hash per consignee (HGETALL consignee:<id>) over the ids the page query returns, and each write evicts the hash of the consignee it names; making a consignee the default also clears the flag on the member's others in SQL, whose hashes nobody evicts: the list shows the former default still flagged, while consigneeInfoById reads the table",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 13,
      standard: SPEC,
      clause:
        '2.9: the consignee record holds "isDefault | integer"; 4, #9: consigneeInfoById answers the "consignee record (2.9)"; 4.1 "consignee list": the list and the lookup answer one record alike',
      observable:
        'Request class: the consignee list (4.1) read, then a consignee edit (4.1) of id 3 with isDefault 1, then the list again. It shows consignee 3 and the former default (id 1) both with isDefault 1, while consigneeInfoById (#9) of 1 answers isDefault 0, as the clean server lists it; a consignee not listed before the edit is listed as it is',
    },
    expect: { check: 'relation-listed-as-looked-up', severity: 'warning', at: 'consignee-list' },
    interceptor() {
      const list = listedPathOf('consignee-list');
      const writes = new Set([listedPathOf('consignee-edit'), pathOf('consignee-delete')]);
      const rows = new Map<number, Json>();
      return (req, res) => {
        const url = req.url ?? '';
        if (url === list)
          rewriteAnswer(res, (body) =>
            withListed(body, (consignee) => {
              const id = Number(consignee.id);
              const cached = rows.get(id) ?? consignee;
              rows.set(id, cached);
              return cached;
            }),
          );
        if (writes.has(url)) {
          const asked = watchBody(req);
          rewriteAnswer(res, (body) => {
            const named = isPlainObject(body.data) && typeof body.data.id === 'number' ? body.data.id : idNamed(asked(), 'id');
            if (succeeded(body) && named !== undefined) rows.delete(named);
            return body;
          });
        }
        return false;
      };
    },
  }),
];
