/**
 * Each red-team fault of test/mutation-set/faults/records/member-records.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { memberRecordFaults } from '../../../mutation-set/faults/records/member-records.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Json, listOf, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { CONSIGNEE_EDIT, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

/** A call of an operation of 4.1, at the path the reference server's map gives it. */
const postListed = (server: ReferenceServer, operationId: string, payload: unknown) => postTo(server, listedPathOf(operationId), payload, HEADERS);

/** Consignee 3 made the member's default, every field of 2.9 given (4.1 "edit consignee address"). */
const DEFAULT_CONSIGNEE = { ...CONSIGNEE_EDIT, isDefault: 1 };

/** What an edit of consignee 3 writes into the record (2.9): the edit's fields, id aside. */
const { id: _edited, ...EDITED_FIELDS } = DEFAULT_CONSIGNEE;

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'foreign-consignee-by-unknown-id': async (clean, faulty) => {
    expect(parsed(await sendByNodeHttp(clean, 'consignee-by-id', { id: 100000 })).code).toBe('404');
    const after = await sendByNodeHttp(faulty, 'consignee-by-id', { id: 100000 });
    expect(parsed(after).code).toBe('200');
    expect(dataOf(after)).toMatchObject({ id: 100000, mobile: expect.stringMatching(/^1\d{10}$/) });
  },
  'deleted-consignee-still-readable': async (clean, faulty) => {
    for (const server of [clean, faulty]) {
      expect(dataOf(await sendByNodeHttp(server, 'consignee-by-id', { id: 3 })).id).toBe(3);
      expect(parsed(await sendByNodeHttp(server, 'consignee-delete', { id: 3 })).code).toBe('200');
    }
    expect(parsed(await sendByNodeHttp(clean, 'consignee-by-id', { id: 3 })).code).toBe('404');
    const after = await sendByNodeHttp(faulty, 'consignee-by-id', { id: 3 });
    expect([parsed(after).code, dataOf(after).id]).toEqual(['200', 3]);
  },
  'consignee-edit-inserts-a-copy': async (clean, faulty) => {
    const edit = (server: ReferenceServer) => postTo(server, listedPathOf('consignee-edit'), CONSIGNEE_EDIT, DOCUMENTED_HEADERS);
    const original = dataOf(await post(clean, 'consignee-by-id', { id: 3 }));
    expect(dataOf(await edit(clean))).toEqual({ id: 3 });
    expect(dataOf(await post(clean, 'consignee-by-id', { id: 3 }))).toMatchObject({
      consigneeName: CONSIGNEE_EDIT.consigneeName,
      address: CONSIGNEE_EDIT.address,
    });
    expect(dataOf(await edit(faulty))).toEqual({ id: FIRST_CREATED_ID });
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: 3 }))).toEqual(original);
    const { id: _id, ...fields } = CONSIGNEE_EDIT;
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: FIRST_CREATED_ID }))).toEqual({ id: FIRST_CREATED_ID, ...fields, createdAt: null });
    expect(dataOf(await edit(faulty))).toEqual({ id: FIRST_CREATED_ID + 1 });
  },
  'consignee-delete-hits-bank-cards': async (clean, faulty) => {
    const consignee = dataOf(await post(clean, 'consignee-by-id', { id: 3 }));
    const card = dataOf(await post(clean, 'bank-card-by-id', { id: 3 }));
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(dataOf(await post(clean, 'bank-card-by-id', { id: 3 }))).toEqual(card);
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(dataOf(await post(faulty, 'consignee-by-id', { id: 3 }))).toEqual(consignee);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 999_999 })).message).toBe('id: no bank card has the id 999999');
  },
  'consignee-delete-any-id-succeeds': async (clean, faulty) => {
    const unknown = { id: 999_999 };
    expect(parsed(await post(clean, 'consignee-delete', unknown)).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', unknown))).toEqual(parsed(await post(clean, 'consignee-delete', { id: 3 })));
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 })).code).toBe('200');
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 })).code).toBe('404');
  },
  'listed-ids-are-row-numbers': async (clean, faulty) => {
    const before = await walk(clean, 'bank-card-list', { pageSize: 10 });
    const after = await walk(faulty, 'bank-card-list', { pageSize: 10 });
    expect(after.totalPage).toBe(before.totalPage);
    expect(idsOf(before.pages[0]!)).toEqual([200, 199, 198, 197, 196, 195, 194, 193, 192, 191]);
    expect(idsOf(after.pages[0]!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(idsOf(after.pages[1]!)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(after.pages.flat().map((card) => ({ ...card, id: 0 }))).toEqual(before.pages.flat().map((card) => ({ ...card, id: 0 })));
    const [first] = after.pages[0]!;
    const lookedUp = dataOf(await post(faulty, 'bank-card-by-id', { id: first!.id }));
    expect(lookedUp.id).toBe(1);
    expect(lookedUp.consigneeName).not.toBe(first!.accountName);
    expect(dataOf(await post(faulty, 'bank-card-by-id', { id: 200 })).consigneeName).toBe(first!.accountName);
  },
  'default-consignee-written-over-the-others': async (clean, faulty) => {
    for (const id of [3, 4, 200]) expect(parsed(await post(faulty, 'consignee-by-id', { id }))).toEqual(parsed(await post(clean, 'consignee-by-id', { id })));
    // An edit that makes no default changes only its own consignee.
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', { ...DEFAULT_CONSIGNEE, isDefault: 0 }))).toEqual({ id: 3 });
    for (const id of [3, 4]) expect(parsed(await post(faulty, 'consignee-by-id', { id }))).toEqual(parsed(await post(clean, 'consignee-by-id', { id })));
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', DEFAULT_CONSIGNEE))).toEqual({ id: 3 });
    const own = dataOf(await post(faulty, 'consignee-by-id', { id: 3 }));
    expect(own).toEqual(dataOf(await post(clean, 'consignee-by-id', { id: 3 })));
    expect(own).toEqual({ id: 3, ...EDITED_FIELDS, createdAt: null });
    for (const id of [4, 200]) {
      const before = dataOf(await post(clean, 'consignee-by-id', { id }));
      expect(before.consigneeName).not.toBe(DEFAULT_CONSIGNEE.consigneeName);
      expect(dataOf(await post(faulty, 'consignee-by-id', { id }))).toEqual({ ...before, ...EDITED_FIELDS, isDefault: 0 });
    }
    const listed = listOf(await postListed(faulty, 'consignee-list', FIRST_PAGE));
    expect(idsOf(listed)).toEqual(idsOf(listOf(await postListed(clean, 'consignee-list', FIRST_PAGE))));
    expect(listed.map((consignee) => consignee.address)).toEqual(listed.map(() => DEFAULT_CONSIGNEE.address));
    // A consignee added afterwards holds what it was written.
    const added = { ...DEFAULT_CONSIGNEE, id: undefined, consigneeName: '周涛', isDefault: 0 };
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', added))).toEqual({ id: FIRST_CREATED_ID });
    const addedId = { id: FIRST_CREATED_ID };
    expect(parsed(await post(faulty, 'consignee-by-id', addedId))).toEqual(parsed(await post(clean, 'consignee-by-id', addedId)));
  },
  'missing-consignee-delete-removes-the-last': async (clean, faulty) => {
    const byId = async (server: ReferenceServer, id: number) => parsed(await post(server, 'consignee-by-id', { id }));
    // A delete of a consignee there is removes that one only.
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignee-delete', { id: 5 })).code).toBe('200');
    for (const id of [1, 2, 4, 5, 6]) expect(await byId(faulty, id)).toEqual(await byId(clean, id));
    // The same delete again, and an id never there: answered alike, not found.
    for (const id of [5, 999999]) {
      const refusal = parsed(await post(clean, 'consignee-delete', { id }));
      expect(refusal).toMatchObject({ status: 'fail', code: '404' });
      expect(parsed(await post(faulty, 'consignee-delete', { id }))).toEqual(refusal);
    }
    expect((await byId(clean, 1)).code).toBe('200');
    expect((await byId(clean, 2)).code).toBe('200');
    expect(await byId(faulty, 1)).toMatchObject({ status: 'fail', code: '404' });
    expect(await byId(faulty, 2)).toMatchObject({ status: 'fail', code: '404' });
    expect(await byId(faulty, 3)).toEqual(await byId(clean, 3));
    const listedIds = async (server: ReferenceServer) => idsOf(listOf(await postListed(server, 'consignee-list', { pageSize: 300, pageNo: 1 })));
    const kept = await listedIds(clean);
    expect(kept).toHaveLength(199);
    expect(await listedIds(faulty)).toEqual(kept.filter((id) => id !== 1 && id !== 2));
    // A refused body deletes nothing.
    expect(parsed(await post(faulty, 'consignee-delete', { id: 'three' }))).toEqual(parsed(await post(clean, 'consignee-delete', { id: 'three' })));
    expect(await byId(faulty, 3)).toEqual(await byId(clean, 3));
  },
  'card-and-consignee-lookups-share-a-cache': async (clean, faulty) => {
    const ask = async (server: ReferenceServer, operationId: 'bank-card-by-id' | 'consignee-by-id', id: number) =>
      parsed(await post(server, operationId, { id }));
    // Each lookup alone, asked again, is answered as by the clean server.
    for (const id of [7, 7]) expect(await ask(faulty, 'bank-card-by-id', id)).toEqual(await ask(clean, 'bank-card-by-id', id));
    for (const id of [8, 8]) expect(await ask(faulty, 'consignee-by-id', id)).toEqual(await ask(clean, 'consignee-by-id', id));
    // Consignee 3 first: the card of 3 is answered with it.
    const consignee = await ask(clean, 'consignee-by-id', 3);
    const card = await ask(clean, 'bank-card-by-id', 3);
    expect((consignee.data as Json).consigneeName).not.toBe((card.data as Json).consigneeName);
    expect(await ask(faulty, 'consignee-by-id', 3)).toEqual(consignee);
    expect(await ask(faulty, 'bank-card-by-id', 3)).toEqual(consignee);
    // The card of 4 first: consignee 4 is answered with it.
    const card4 = await ask(clean, 'bank-card-by-id', 4);
    expect(await ask(faulty, 'bank-card-by-id', 4)).toEqual(card4);
    expect(await ask(faulty, 'consignee-by-id', 4)).toEqual(card4);
    expect(card4).not.toEqual(await ask(clean, 'consignee-by-id', 4));
    // A refused call is not answered from the cache.
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }, UNTOKENED))).toMatchObject({ code: '401' });
    // An edit of consignee 3 evicts it: the card of 3 is the card again.
    for (const server of [clean, faulty]) expect(dataOf(await postListed(server, 'consignee-edit', CONSIGNEE_EDIT))).toEqual({ id: 3 });
    expect(await ask(faulty, 'bank-card-by-id', 3)).toEqual(card);
    expect(await ask(faulty, 'consignee-by-id', 3)).toEqual(card);
    // So does a delete.
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignee-delete', { id: 4 })).code).toBe('200');
    expect(await ask(faulty, 'bank-card-by-id', 4)).toEqual(await ask(clean, 'bank-card-by-id', 4));
    expect(await ask(faulty, 'consignee-by-id', FIRST_CREATED_ID)).toEqual(await ask(clean, 'consignee-by-id', FIRST_CREATED_ID));
    expect(listOf(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(listOf(await post(clean, 'bank-card-list', FIRST_PAGE)));
  },
};

describe('the red team faults of faults/records/member-records.ts', () => {
  demonstrated(memberRecordFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
