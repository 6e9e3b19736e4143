/**
 * Each red-team fault of test/mutation-set/faults/records/demands.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { seedState } from '../../../../src/reference/seed.js';
import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { demandFaults } from '../../../mutation-set/faults/records/demands.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, field, type Json, listOf, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID } from '../../../support/red-team-calls.js';
import { DEMAND, documentedHeaders } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post, walk } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const idsOf = (records: readonly Json[]): unknown[] => records.map((record) => record.id);

/** Every demand on one page, newest first. */
const EVERY_DEMAND = { pageSize: 1000 };

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'total-page-stale-after-create': async (clean, faulty) => {
    const asked = { pageSize: 50 };
    for (const server of [clean, faulty]) {
      expect(dataOf(await sendByNodeHttp(server, 'custom-demand-list', asked)).totalPage).toBe(4);
      expect(parsed(await sendByNodeHttp(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    }
    expect(dataOf(await sendByNodeHttp(clean, 'custom-demand-list', asked)).totalPage).toBe(5);
    expect(dataOf(await sendByNodeHttp(faulty, 'custom-demand-list', asked)).totalPage).toBe(4);
  },
  'list-capped-at-newest-200': async (clean, faulty) => {
    const asked = { pageSize: 10 };
    expect(await walk(faulty, 'custom-demand-list', asked)).toEqual(await walk(clean, 'custom-demand-list', asked));
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    const before = await walk(clean, 'custom-demand-list', asked);
    expect([before.totalPage, before.pages.flat().length]).toEqual([21, 201]);
    const after = await walk(faulty, 'custom-demand-list', asked);
    expect([after.totalPage, after.pages.flat().length]).toEqual([20, 200]);
    expect(idsOf(after.pages.flat())).toEqual(idsOf(before.pages.flat()).filter((id) => id !== 1));
    const detail = await postTo(faulty, listedPathOf('custom-demand-detail'), { demandId: 1 }, DOCUMENTED_HEADERS);
    expect(dataOf(detail).id).toBe(1);
    const ofItsStatus = { pageSize: 1000, status: dataOf(detail).status };
    expect(idsOf(listOf(await post(faulty, 'custom-demand-list', ofItsStatus)))).not.toContain(1);
    expect(idsOf(listOf(await post(clean, 'custom-demand-list', ofItsStatus)))).toContain(1);
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 1 })).code).toBe('200');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: FIRST_CREATED_ID })).code).toBe('200');
    expect((await walk(faulty, 'custom-demand-list', asked)).pages.flat()).toHaveLength(199);
  },
  'ids-over-127-never-match': async (clean, faulty) => {
    const [newest] = listOf(await post(faulty, 'custom-demand-list', { pageSize: 1 }));
    expect(newest!.id).toBe(200);
    expect(parsed(await post(clean, 'custom-demand-delete', { demandId: 200 })).code).toBe('200');
    const after = parsed(await post(faulty, 'custom-demand-delete', { demandId: 200 }));
    expect([after.code, after.message]).toEqual(['404', 'demandId: no custom demand has the id 200']);
    expect(listOf(await post(faulty, 'custom-demand-list', { pageSize: 1 }))).toEqual([newest]);
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 127 })).code).toBe('200');
  },
  'created-demand-level-and-pack-swapped': async (clean, faulty) => {
    const created = async (server: ReferenceServer) => {
      expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
      return listOf(await post(server, 'custom-demand-list', { pageSize: 1 }))[0]!;
    };
    const before = await created(clean);
    expect([before.id, before.productLevel, before.productPack]).toEqual([FIRST_CREATED_ID, 'AR', '500ml']);
    const after = await created(faulty);
    expect([after.id, after.productLevel, after.productPack]).toEqual([FIRST_CREATED_ID, '500ml', 'AR']);
    expect({ ...after, productLevel: 'AR', productPack: '500ml' }).toEqual(before);
  },
  'custom-demand-created-twice': async (clean, faulty) => {
    const created = async (server: ReferenceServer) => {
      expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
      return dataOf(await post(server, 'custom-demand-list', { pageSize: 1 }));
    };
    const before = await created(clean);
    expect(before.totalPage).toBe(201);
    const after = await created(faulty);
    expect(after.totalPage).toBe(202);
    const [first, second] = listOf(await post(faulty, 'custom-demand-list', { pageSize: 2 }));
    expect([first!.id, second!.id]).toEqual([FIRST_CREATED_ID + 1, FIRST_CREATED_ID]);
    const asCreated = (demand: Json) => [demand.productCas, demand.productLevel, demand.productNums, demand.productPack, demand.demandPrice];
    expect(asCreated(first!)).toEqual(asCreated((before.list as Json[])[0]!));
    expect(asCreated(second!)).toEqual(asCreated(first!));
  },
  'deleted-demand-listed-under-its-status': async (clean, faulty) => {
    const { status } = seedState().customDemands.find((demand) => demand.id === 12)!;
    const everyDemand = { pageSize: 1000 };
    const ofStatus = { ...everyDemand, status };
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'custom-demand-delete', { demandId: 12 })).code).toBe('200');
    expect(idsOf(listOf(await post(clean, 'custom-demand-list', ofStatus)))).not.toContain(12);
    const listedByStatus = listOf(await post(faulty, 'custom-demand-list', ofStatus));
    expect(idsOf(listedByStatus)).toContain(12);
    expect(listedByStatus.filter((demand) => demand.id !== 12)).toEqual(listOf(await post(clean, 'custom-demand-list', ofStatus)));
    expect(parsed(await post(faulty, 'custom-demand-list', everyDemand))).toEqual(parsed(await post(clean, 'custom-demand-list', everyDemand)));
    const detail = listedPathOf('custom-demand-detail');
    expect(parsed(await postTo(faulty, detail, { demandId: 12 }, DOCUMENTED_HEADERS))).toEqual(
      parsed(await postTo(clean, detail, { demandId: 12 }, DOCUMENTED_HEADERS)),
    );
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 }))).toEqual(parsed(await post(clean, 'custom-demand-delete', { demandId: 12 })));
  },
  'etag-from-request-not-answer': async (clean, faulty) => {
    const asked = { pageSize: 10, status: null };
    expect(field(await post(clean, 'custom-demand-list', asked), 'etag')).toBeUndefined();
    const first = await post(faulty, 'custom-demand-list', asked);
    const tag = field(first, 'etag');
    expect(tag).toMatch(/^"[0-9a-f]{24}"$/);
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'custom-demand-create', DEMAND)).code).toBe('200');
    const second = await post(faulty, 'custom-demand-list', asked);
    expect(field(second, 'etag')).toBe(tag);
    expect(idsOf(listOf(second))).not.toEqual(idsOf(listOf(first)));
    expect(listOf(second)[0]!.id).toBe(FIRST_CREATED_ID);
    expect(idsOf(listOf(second))).toEqual(idsOf(listOf(await post(clean, 'custom-demand-list', asked))));
    expect(field(await post(faulty, 'custom-demand-list', { ...asked, pageNo: 2 }), 'etag')).not.toBe(tag);
  },
  'demand-deleted-but-answered-not-found': async (clean, faulty) => {
    expect(parsed(await post(clean, 'custom-demand-delete', { demandId: 12 })).code).toBe('200');
    const after = parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 }));
    expect([after.status, after.code, after.message]).toEqual(['fail', '404', 'demandId: no custom demand has the id 12']);
    const listed = await post(faulty, 'custom-demand-list', EVERY_DEMAND);
    expect(idsOf(listOf(listed))).not.toContain(12);
    expect(parsed(listed)).toEqual(parsed(await post(clean, 'custom-demand-list', EVERY_DEMAND)));
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 }))).toEqual(parsed(await post(clean, 'custom-demand-delete', { demandId: 12 })));
  },
};

describe('the red team faults of faults/records/demands.ts', () => {
  demonstrated(demandFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
