/**
 * Each red-team fault of test/mutation-set/faults/access/misconfiguration.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { misconfigurationFaults } from '../../../mutation-set/faults/access/misconfiguration.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callTo, dataOf, field, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'cors-any-origin-with-credentials': async (clean, faulty) => {
    expect(field(await sendByNodeHttp(clean, 'bank-card-by-id', { id: 3 }), 'access-control-allow-origin')).toBeUndefined();
    const after = await sendByNodeHttp(faulty, 'bank-card-by-id', { id: 3 });
    expect([field(after, 'access-control-allow-origin'), field(after, 'access-control-allow-credentials')]).toEqual(['*', 'true']);
  },
  'options-preflight-skips-authentication': async (clean, faulty) => {
    const path = pathOf('consignee-delete');
    expect(parsed(await callTo(clean, 'OPTIONS', path, { id: 3 }, UNTOKENED)).code).toBe('405');
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('200');
    const deleted = parsed(await callTo(faulty, 'OPTIONS', path, { id: 3 }, UNTOKENED));
    expect([deleted.code, deleted.data]).toEqual(['200', {}]);
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 4 }, UNTOKENED)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 4 })).code).toBe('200');
  },
  'retired-v1-orders-path-answers': async (clean, faulty) => {
    const retired = '/openapi/v1/alpha/orders/getAlphaOrders';
    expect(parsed(await postTo(clean, retired, FIRST_PAGE, UNTOKENED)).code).toBe('404');
    const orders = dataOf(await post(clean, 'alpha-orders-list', FIRST_PAGE));
    const after = parsed(await postTo(faulty, retired, FIRST_PAGE, UNTOKENED));
    expect([after.code, after.data]).toEqual(['200', orders]);
    expect(parsed(await post(faulty, 'alpha-orders-list', FIRST_PAGE, UNTOKENED)).code).toBe('401');
  },
  'method-override-turns-read-into-delete': async (clean, faulty) => {
    const overriding = { ...DOCUMENTED_HEADERS, 'x-http-method-override': 'DELETE' };
    const before = await post(clean, 'bank-card-by-id', { id: 7 }, overriding);
    expect(dataOf(before).id).toBe(7);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 7 }))).toEqual(parsed(before));
    const after = parsed(await post(faulty, 'bank-card-by-id', { id: 7 }, overriding));
    expect([after.code, after.data]).toEqual(['200', {}]);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 7 })).code).toBe('404');
    expect(dataOf(await post(faulty, 'bank-card-list', { pageSize: 1 })).totalPage).toBe(199);
    expect(dataOf(await post(clean, 'bank-card-list', { pageSize: 1 })).totalPage).toBe(200);
  },
  'cors-grants-any-origin-credentials': async (clean, faulty) => {
    const path = pathOf('alpha-orders-list');
    const fromElsewhere = { ...DOCUMENTED_HEADERS, origin: 'https://evil.example' };
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE, fromElsewhere);
    expect(field(before, 'access-control-allow-origin')).toBeUndefined();
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE, fromElsewhere);
    expect([field(after, 'access-control-allow-origin'), field(after, 'access-control-allow-credentials')]).toEqual(['https://evil.example', 'true']);
    expect(parsed(after)).toEqual(parsed(before));
    const preflight = { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' };
    expect(parsed(await callTo(clean, 'OPTIONS', path, undefined, preflight)).code).toBe('405');
    const granted = await callTo(faulty, 'OPTIONS', path, undefined, preflight);
    expect(granted.status).toBe(200);
    expect(['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-allow-headers'].map((name) => field(granted, name))).toEqual([
      'null',
      'true',
      'authorization,content-type',
    ]);
    expect(field(await post(faulty, 'alpha-orders-list', FIRST_PAGE), 'access-control-allow-origin')).toBeUndefined();
  },
};

describe('the red team faults of faults/access/misconfiguration.ts', () => {
  demonstrated(misconfigurationFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
