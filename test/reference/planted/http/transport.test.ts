/**
 * Each red-team fault of test/mutation-set/faults/http/transport.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { findOperation } from '../../../../src/catalogue/operations.js';
import { transportFaults } from '../../../mutation-set/faults/http/transport.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import {
  callTo,
  converse,
  dataOf,
  field,
  type Headers,
  type Json,
  parsed,
  postTo,
  requestText,
  answersIn,
  type WireAnswer,
} from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { BETA_ORDER, CONSIGNMENT, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const LOGIN = { mobile: '13812345678', password: 'Reagent2024' };

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A created order without what depends on the second and the day it was placed at (soCtime, and the date in soNo). */
const timeless = (order: Json): Json => ({ ...order, soCtime: 'placed', soNo: String(order.soNo).replace(/^SO\d{8}/, 'SO') });

const wireCall = (operationId: string, payload: unknown, headers: Headers = DOCUMENTED_HEADERS): string =>
  requestText('POST', pathOf(operationId), headers, JSON.stringify(payload));

const bodyOf = (answer: WireAnswer): Json => JSON.parse(answer.body) as Json;

/** The documented call as a client that names itself sends it. */
const WITH_USER_AGENT = { ...DOCUMENTED_HEADERS, 'user-agent': 'okhttp/4.12.0' };

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'retry-after-fractional-seconds': async (clean, faulty) => {
    expect((await sendByNodeHttp(clean, 'consignment-publish', CONSIGNMENT)).status).toBe(200);
    const first = await sendByNodeHttp(faulty, 'consignment-publish', CONSIGNMENT);
    expect(first.status).toBe(503);
    expect(field(first, 'retry-after')).toBe('1.5');
    expect(field(first, 'retry-after')).not.toMatch(/^\d+$/);
    const again = await sendByNodeHttp(faulty, 'consignment-publish', CONSIGNMENT);
    expect([again.status, parsed(again).code]).toEqual([200, '200']);
  },
  'partial-content-for-inner-pages': async (clean, faulty) => {
    const page = (pageNo: number) => ({ pageSize: 10, pageNo });
    const before = await post(clean, 'bank-card-list', page(1));
    expect([before.status, field(before, 'content-range')]).toEqual([200, undefined]);
    const first = await post(faulty, 'bank-card-list', page(1));
    expect([first.status, field(first, 'content-range')]).toEqual([206, '0-9/200']);
    expect(parsed(first)).toEqual(parsed(before));
    const second = await post(faulty, 'bank-card-list', page(2));
    expect([second.status, field(second, 'content-range')]).toEqual([206, '10-19/200']);
    const last = await post(faulty, 'bank-card-list', page(20));
    expect([last.status, field(last, 'content-range')]).toEqual([200, '190-199/200']);
  },
  'string-cid-never-matches': async (clean, faulty) => {
    expect(dataOf(await post(clean, 'consignment-delete', { cid: '12' })).id).toBe(12);
    const asSampled = parsed(await post(faulty, 'consignment-delete', { cid: '12' }));
    expect([asSampled.code, asSampled.message]).toEqual(['404', 'cid: no consignment has the id 12']);
    // Still there: the string call deleted nothing.
    expect(dataOf(await post(faulty, 'consignment-delete', { cid: 12 })).id).toBe(12);
  },
  'doubled-slash-redirected-away': async (clean, faulty) => {
    const cleaned = findOperation('login')!.path;
    expect(parsed(await post(clean, 'login', LOGIN)).code).toBe('200');
    const after = await post(faulty, 'login', LOGIN);
    expect([after.status, field(after, 'location'), field(after, 'content-type')]).toEqual([301, cleaned, 'text/html; charset=utf-8']);
    // Where a client that follows the redirect goes: a GET, the credentials left behind.
    expect(parsed(await callTo(faulty, 'GET', cleaned, undefined, DOCUMENTED_HEADERS)).code).toBe('405');
    expect(parsed(await postTo(faulty, cleaned, LOGIN, DOCUMENTED_HEADERS)).code).toBe('200');
  },
  'post-answered-201-created': async (clean, faulty) => {
    const before = await post(clean, 'beta-order-create', BETA_ORDER);
    const after = await post(faulty, 'beta-order-create', BETA_ORDER);
    expect([before.status, after.status]).toEqual([200, 201]);
    expect(field(after, 'location')).toBeUndefined();
    expect({ ...parsed(after), data: timeless(dataOf(after)) }).toEqual({ ...parsed(before), data: timeless(dataOf(before)) });
    const refused = await post(faulty, 'beta-order-create', { ...BETA_ORDER, items: [] });
    expect([refused.status, parsed(refused).code]).toEqual([201, '400']);
  },
  'refusal-leaves-request-body-unread': async (clean, faulty) => {
    const requests = wireCall('custom-demand-delete', { demandId: 12 }, UNTOKENED) + wireCall('bank-card-by-id', { id: 3 });
    const before = await converse(clean, requests);
    const [refusal, card] = answersIn(before.text);
    expect(bodyOf(refusal!).code).toBe('401');
    expect((bodyOf(card!).data as Json).id).toBe(3);
    const after = await converse(faulty, requests);
    const [sameRefusal, broken, ...none] = answersIn(after.text);
    expect(bodyOf(sameRefusal!)).toEqual(bodyOf(refusal!));
    expect(broken!.statusLine).toBe(`HTTP/1.1 501 Unsupported method ('{"demandId":12}POST')`);
    expect(broken!.body).toContain('<p>Error code: 501</p>');
    expect([broken!.fields.connection, none]).toEqual(['close', []]);
    expect(after.closedByServer).toBe(true);
    const spaced = requestText('POST', pathOf('custom-demand-delete'), UNTOKENED, '{"demandId": 12}') + wireCall('bank-card-by-id', { id: 3 });
    const [, syntax] = answersIn((await converse(faulty, spaced)).text);
    expect(syntax!.statusLine).toBe(`HTTP/1.1 400 Bad request syntax ('{"demandId": 12}POST ${pathOf('bank-card-by-id')} HTTP/1.1')`);
    const bodiless = requestText('POST', pathOf('custom-demand-delete'), UNTOKENED) + wireCall('bank-card-by-id', { id: 3 });
    expect(answersIn((await converse(faulty, bodiless)).text).map((answer) => answer.statusLine)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 12 })).code).toBe('200');
  },
  'waf-refuses-calls-without-user-agent': async (clean, faulty) => {
    const before = await post(clean, 'beta-order-create', BETA_ORDER);
    expect([before.status, parsed(before).code]).toEqual([200, '200']);
    const after = await post(faulty, 'beta-order-create', BETA_ORDER);
    expect([after.status, field(after, 'server'), field(after, 'content-type')]).toEqual([403, 'awselb/2.0', 'text/html']);
    expect(after.body.toString('utf8')).toContain('<h1>403 Forbidden</h1>');
    const empty = await post(faulty, 'alpha-orders-list', FIRST_PAGE, { ...DOCUMENTED_HEADERS, 'user-agent': '' });
    expect(empty.status).toBe(403);
    // Nothing was placed: the faulty server's next order is the one the clean server's first was.
    const named = await post(faulty, 'beta-order-create', BETA_ORDER, WITH_USER_AGENT);
    expect([named.status, (parsed(named).data as { soId: unknown }).soId]).toEqual([200, (parsed(before).data as { soId: unknown }).soId]);
    const member = await post(faulty, 'custom-demand-list', FIRST_PAGE);
    expect([member.status, parsed(member)]).toEqual([200, parsed(await post(clean, 'custom-demand-list', FIRST_PAGE))]);
  },
};

describe('the red team faults of faults/http/transport.ts', () => {
  demonstrated(transportFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
