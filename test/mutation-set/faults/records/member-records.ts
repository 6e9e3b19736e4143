import { answerFault, interceptFault, json, pagingFault, socketFault } from '../../../../src/reference/faults/fault.js';
import { done, envelope } from '../../../../src/reference/handlers/_internals/answer.js';
import { BY_ID, positiveWholeNumber, readRequest, wholeNumber } from '../../../../src/reference/handlers/_internals/request.js';
import { isPlainObject, type Json } from '../../../../src/reference/json.js';
import { pathOf, sendText, succeeded, success } from '../_internals/answers.js';
import { heldJson, holdAnswer, withJson } from '../_internals/held-answer.js';
import { idIn, OverwrittenConsignees, SharedLookupCache } from '../_internals/records.js';
import { bodyObject, rewriteBody, watchBody } from '../_internals/request-body.js';
import { foreignConsignee } from '../_internals/secrets.js';
import { seeded } from '../_internals/seeded.js';
import { OWASP, SPEC } from '../_internals/standards.js';
import { listedPathOf } from '../_internals/struck.js';
import { planted, type PlantedFault } from '../../planted-fault.js';
import type { ServerResponse } from 'node:http';

/** The fields a consignee edit (4.1) keeps from the row it changes where it does not give them. */
const KEPT_WHEN_NOT_GIVEN = ['phone', 'remark', 'isDefault'] as const;

/** The answer's `data` as `rewrite` makes it, where the answer is a success; any other answer goes out as written. */
function rewriteSuccess(res: ServerResponse, rewrite: (data: unknown) => unknown): void {
  holdAnswer(res, (held, send) => {
    const body = heldJson(held);
    send(body && succeeded(body) ? withJson(held, { ...body, data: rewrite(body.data) }) : held);
  });
}

/**
 * Ids a delete tries, from 1, to find the consignee at the end of the book: more than a run of the kit
 * creates. Each try is a call of the delete's handler on the thread every server of a mutation run
 * shares, and a refused delete on an emptied book tries them all: the search is kept short.
 */
const HIGHEST_ID_SEARCHED = 5_000;

const isNotFound = (body: unknown): boolean => isPlainObject(body) && body.code === '404';

/** The member's consignees and bank cards (2.8, 2.9) read across answers: a record changed, deleted or answered as another one. */
export const memberRecordFaults: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'foreign-consignee-by-unknown-id',
    description: "The lookup selects the consignee by id alone, without the member's id in the WHERE clause, so ids of other members' consignees are answered",
    operationId: 'consignee-by-id',
    redTeam: {
      round: 1,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: object-level authorization checks "should be considered in every function that accesses a data source using an ID from the user"',
      observable:
        "Request class: consigneeInfoById with an id no list of the member shows (e.g. 100000). It answers another member's consignee, name, mobile and address, where the clean server says no such record",
    },
    expect: { check: 'flow-consignee-deleted', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const id = isPlainObject(payload) ? wholeNumber(payload.id) : undefined;
      return json(clean.code === '404' && id !== undefined && id > 0 ? success(foreignConsignee(id)) : clean);
    },
  }),
  planted(answerFault, {
    name: 'deleted-consignee-still-readable',
    description: 'The lookup reads from a replica (or a cache filled at start-up) that never sees deletes',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 1,
      standard: SPEC,
      clause:
        '4, #9 consigneeInfoById answers "consignee record (2.9)" of the id asked, and #10 deleteConsignee deletes it: after the delete there is no record to answer',
      observable: 'Right until a delete: after deleteConsignee (#10) succeeds for an id, consigneeInfoById (#9) still answers that consignee',
    },
    expect: { check: 'flow-consignee-deleted', severity: 'warning' },
    answer(body, payload) {
      const clean = body as Json;
      const id = isPlainObject(payload) ? wholeNumber(payload.id) : undefined;
      const stale = clean.code === '404' ? seeded().consignees.find((consignee) => consignee.id === id) : undefined;
      return json(stale ? success(stale) : clean);
    },
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
  planted(socketFault, {
    name: 'missing-consignee-delete-removes-the-last',
    description:
      "The member's consignee addresses live in one document per member (a JSON column of the member's address book), newest first, which the Node service edits in memory and writes back: deleteConsignee runs book.splice(book.findIndex((c) => c.id === id), 1), saves the book, and only then answers not found where the index was -1. splice(-1, 1) removes the last element, the member's oldest address. A retried delete, a double click, or an id the client's list showed before another device deleted it, each take one address",
    operationId: 'consignee-delete',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4, #10: deleteConsignee takes "id" and answers an "empty object"; 1: the member manages "consignee addresses"; 7 rule 1: "Results and errors are carried in the envelope fields": a delete answered as having found no consignee with the id has deleted nothing, and consigneeInfoById (#9) of every other id answers as before',
      observable:
        'Request class: deleteConsignee (#10) of an id no consignee has (999999, or the same id deleted a second time). It answers code "404" as from the clean server, yet consigneeInfoById (#9) of the oldest consignee (id 1) then answers "404" too, and the consignee list (4.1) ends one short; each such delete takes the next oldest; deletes of ids that exist remove their own consignee only',
    },
    expect: { check: 'flow-consignee-lifecycle', severity: 'warning', at: 'consignee-list' },
    respond(res, body, payload, answerTo) {
      if (isNotFound(body) && readRequest(payload, BY_ID).ok) {
        // The index of -1 reaches splice: the consignee at the end of the book (the smallest id) goes.
        for (let id = 1; id <= HIGHEST_ID_SEARCHED; id += 1) if (!isNotFound(answerTo({ id }))) break;
      }
      sendText(res, JSON.stringify(body));
    },
  }),
  planted(interceptFault, {
    name: 'card-and-consignee-lookups-share-a-cache',
    description:
      'bankCardInfoById was written by copying consigneeInfoById, since section 4 gives both the consignee record shape, and the copy kept its annotations: both service methods carry @Cacheable(cacheNames = "consignee", key = "#id") over one Redis cache, and the edits and deletes of both @CacheEvict(cacheNames = "consignee", key = "#id"). Each lookup alone answers right; whichever of the two is asked first for an id fills the entry the other then answers',
    operationId: 'bank-card-by-id',
    redTeam: {
      round: 12,
      standard: SPEC,
      clause:
        '4, #8: bankCardInfoById takes "id" and answers the "consignee record shape (2.9)" of that bank card (2.8: "accountName", "bankName", "bankAccount"); #9: consigneeInfoById answers the "consignee record (2.9)" of that consignee: a bank card and a consignee of one id are two records',
      observable:
        'Request class: the two lookups of one id, one after the other. consigneeInfoById (#9) of 3 then bankCardInfoById (#8) of 3 answers consignee 3 (consigneeName, mobile, address of the address book) where the clean server answers the card, its holder and "bank account" remark; #8 first makes #9 answer the card; a lookup of an id the other never asked, and any lookup after an edit or delete of its id, are as from the clean server',
    },
    expect: { check: 'flow-lookups-apart', severity: 'warning', at: 'bank-card-by-id' },
    interceptor() {
      const lookups = new Set([pathOf('bank-card-by-id'), pathOf('consignee-by-id')]);
      const writes = new Set([listedPathOf('consignee-edit'), pathOf('consignee-delete'), listedPathOf('bank-card-edit'), listedPathOf('bank-card-delete')]);
      const cache = new SharedLookupCache();
      return (req, res) => {
        const url = req.url ?? '';
        if (lookups.has(url) || writes.has(url)) {
          const asked = watchBody(req);
          const id = () => idIn(asked());
          if (lookups.has(url)) cache.lookup(res, id);
          else cache.evictAfter(res, id);
        }
        return false;
      };
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
  planted(answerFault, {
    name: 'consignee-delete-any-id-succeeds',
    description:
      "The delete runs DELETE FROM consignee WHERE id = ? with neither the member's id in the condition nor a look at the rows it affected: any id is answered as deleted, another member's consignee deleted for real",
    operationId: 'consignee-delete',
    redTeam: {
      round: 6,
      standard: OWASP,
      clause:
        'API1:2023 Broken Object Level Authorization: "every API endpoint that receives an ID of an object, and performs any action on the object, should implement object-level authorization checks"',
      observable:
        "Request class: deleteConsignee of an id none of the member's consignees has (999999, or one just deleted). It answers success, where the clean server answers that no consignee has the id",
    },
    expect: {
      unseen:
        'not judged, on purpose: a delete of an id no record holds answered as done is what an idempotent delete answers (RFC 9110 §9.2.2), and the spec shows no behaviour beyond shapes',
    },
    answer: (body) => {
      const clean = body as Json;
      return json(clean.code === '404' ? envelope('full', done({})) : clean);
    },
  }),
  planted(pagingFault, {
    name: 'listed-ids-are-row-numbers',
    description:
      "The card list's mapper reads a view written for the web page's table, whose first column is the row number the page shows, ROW_NUMBER() OVER (ORDER BY id DESC) AS id; the result map puts it into the card's id",
    operationId: 'bank-card-list',
    redTeam: {
      round: 9,
      standard: SPEC,
      clause: '2.8: the bank card record has "id | integer"; 4, #8: bankCardInfoById takes "id": the id the list (#7) shows for a card is the id that names it',
      observable:
        "Every listed card's id is its place in the list: page 1 (pageSize 10) holds ids 1 to 10, the cards bankCardInfoById knows as 200 to 191; bankCardInfoById of a listed id answers another card (1 is the oldest), and ids above the card count are never listed",
    },
    expect: { check: 'flow-bank-card-lifecycle', severity: 'warning' },
    page: (data, asked) => ({
      ...data,
      list: (data.list as Json[]).map((card, index) => ({ ...card, id: (asked.pageNo - 1) * asked.pageSize + index + 1 })),
    }),
  }),
];
