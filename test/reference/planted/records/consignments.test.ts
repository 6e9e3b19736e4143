/**
 * Each red-team fault of test/mutation-set/faults/records/consignments.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { consignmentFaults } from '../../../mutation-set/faults/records/consignments.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Headers, parsed } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID } from '../../../support/red-team-calls.js';
import { CONSIGNMENT, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'request-body-read-as-latin-1': async (clean, faulty) => {
    const read = async (server: ReferenceServer, headers: Headers, cid: number) => {
      expect(parsed(await post(server, 'consignment-publish', CONSIGNMENT, headers)).code).toBe('200');
      return dataOf(await post(server, 'consignment-delete', { cid })).productCname;
    };
    expect(await read(clean, DOCUMENTED_HEADERS, FIRST_CREATED_ID)).toBe('丙酮');
    expect(await read(faulty, DOCUMENTED_HEADERS, FIRST_CREATED_ID)).toBe('ä¸\u0099é\u0085®');
    expect(await read(faulty, { ...DOCUMENTED_HEADERS, 'content-type': 'application/json; charset=utf-8' }, FIRST_CREATED_ID + 1)).toBe('丙酮');
  },
  'price-column-without-scale': async (clean, faulty) => {
    const published = async (server: ReferenceServer, price: number, cid: number) => {
      expect(parsed(await post(server, 'consignment-publish', { ...CONSIGNMENT, price })).code).toBe('200');
      return dataOf(await post(server, 'consignment-delete', { cid })).salePrice;
    };
    expect(await published(clean, 96.5, FIRST_CREATED_ID)).toBe('96.50');
    expect(await published(faulty, 96.5, FIRST_CREATED_ID)).toBe('97.00');
    expect(await published(faulty, 96, FIRST_CREATED_ID + 1)).toBe('96.00');
  },
  'astral-characters-stored-as-question-marks': async (clean, faulty) => {
    const onium = { ...CONSIGNMENT, productName: '四丁基溴化𬭩' };
    for (const server of [clean, faulty]) expect(parsed(await post(server, 'consignment-publish', onium)).code).toBe('200');
    const before = dataOf(await post(clean, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect(before.productCname).toBe('四丁基溴化𬭩');
    const after = dataOf(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID }));
    expect(after.productCname).toBe('四丁基溴化?');
    expect({ ...after, productCname: before.productCname, productNumber: 'numbered' }).toEqual({ ...before, productNumber: 'numbered' });
    expect(parsed(await post(faulty, 'consignment-publish', CONSIGNMENT)).code).toBe('200');
    expect(dataOf(await post(faulty, 'consignment-delete', { cid: FIRST_CREATED_ID + 1 })).productCname).toBe(CONSIGNMENT.productName);
  },
  'delete-authorized-after-it-runs': async (clean, faulty) => {
    const refusal = parsed(await post(clean, 'consignment-delete', { cid: 12 }, UNTOKENED));
    expect(refusal.code).toBe('401');
    expect(dataOf(await post(clean, 'consignment-delete', { cid: 12 })).id).toBe(12);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 12 }, UNTOKENED))).toEqual(refusal);
    const gone = parsed(await post(faulty, 'consignment-delete', { cid: 12 }));
    expect([gone.code, gone.message]).toEqual(['404', 'cid: no consignment has the id 12']);
    const forged = { ...DOCUMENTED_HEADERS, authorization: 'bearernever-issued' };
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 11 }, forged))).toEqual(refusal);
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 11 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignment-delete', { cid: 10 }))).toEqual(parsed(await post(clean, 'consignment-delete', { cid: 10 })));
  },
};

describe('the red team faults of faults/records/consignments.ts', () => {
  demonstrated(consignmentFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
