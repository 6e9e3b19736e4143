/**
 * Each red-team fault of test/mutation-set/faults/access/auth.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { findOperation } from '../../../../src/catalogue/operations.js';
import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { authFaults } from '../../../mutation-set/faults/access/auth.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, field, type Headers, type Json, listOf, parsed, postTo } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';

import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = documentedHeaders(TOKEN);

const LOGIN = { mobile: '13812345678', password: 'Reagent2024' };

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A JWT segment: the JSON in base64url. */
const segment = (value: Json): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The products of brand 1, page 1, as #16 asks for them. */
const BRAND_PAGE = { brandId: 1, pageSize: 10, pageNo: 1 };

/** The same call with this authorization value. */
const authorizedAs = (value: string): Headers => ({ ...UNTOKENED, authorization: value });

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'single-slash-path-skips-authorization': async (clean, faulty) => {
    const singleSlash = findOperation('bank-card-by-id')!.path;
    expect(parsed(await postTo(clean, singleSlash, { id: 3 }, UNTOKENED)).code).toBe('404');
    const card = dataOf(await post(clean, 'bank-card-by-id', { id: 3 }));
    const after = await postTo(faulty, singleSlash, { id: 3 }, UNTOKENED);
    expect([parsed(after).code, dataOf(after)]).toEqual(['200', card]);
    expect(parsed(await post(faulty, 'bank-card-by-id', { id: 3 }, UNTOKENED)).code).toBe('401');
  },
  'any-token-after-bearer-accepted': async (clean, faulty) => {
    const forged: Headers = { ...DOCUMENTED_HEADERS, authorization: 'bearerforged-0000' };
    expect(parsed(await post(clean, 'custom-demand-delete', { demandId: 7 }, forged)).code).toBe('401');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 7 }, forged)).code).toBe('200');
    // It was deleted: the member's own call finds nothing left.
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 7 })).code).toBe('404');
    expect(parsed(await post(faulty, 'custom-demand-delete', { demandId: 8 }, UNTOKENED)).code).toBe('401');
  },
  'bearer-needs-a-space': async (clean, faulty) => {
    const asked = { brandId: 1, ...FIRST_PAGE };
    const before = await post(clean, 'beta-products-by-brand', asked);
    expect(parsed(before).code).toBe('200');
    expect(parsed(await post(faulty, 'beta-products-by-brand', asked)).code).toBe('401');
    const spaced = await post(faulty, 'beta-products-by-brand', asked, { ...DOCUMENTED_HEADERS, authorization: `Bearer ${TOKEN}` });
    expect(parsed(spaced)).toEqual(parsed(before));
  },
  'empty-password-skips-check': async (clean, faulty) => {
    for (const password of ['', null, undefined]) {
      const asked = { mobile: LOGIN.mobile, password };
      expect(parsed(await post(clean, 'login', asked)).code).toBe('400');
      expect(parsed(await post(faulty, 'login', asked)).code).toBe('200');
    }
    expect(parsed(await post(faulty, 'login', { mobile: '138', password: '' })).code).toBe('400');
  },
  'bank-cards-of-member-named-in-body': async (clean, faulty) => {
    const asked = { pageSize: 10, memberId: 5 };
    const own = listOf(await post(clean, 'bank-card-list', { pageSize: 10 }));
    expect(listOf(await post(clean, 'bank-card-list', asked))).toEqual(own);
    const after = dataOf(await post(faulty, 'bank-card-list', asked));
    const cards = after.list as Json[];
    expect([after.totalPage, cards.length]).toEqual([1, 4]);
    expect(new Set(cards.map((card) => card.accountName)).size).toBe(1);
    expect(cards.some((card) => own.some((mine) => mine.id === card.id))).toBe(false);
    expect(listOf(await post(faulty, 'bank-card-list', { pageSize: 10, memberId: 1 }))).toEqual(own);
  },
  'unsigned-jwt-accepted': async (clean, faulty) => {
    const claims = segment({ sub: '1', mobile: '13800138000', exp: 4_102_444_800 });
    const withToken = (token: string): Headers => ({ 'content-type': 'application/json', authorization: `bearer${token}` });
    const unsigned = withToken(`${segment({ alg: 'none', typ: 'JWT' })}.${claims}.`);
    expect(parsed(await post(clean, 'alpha-order-create', ALPHA_ORDER, unsigned))).toEqual({ data: {} });
    const placed = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER, unsigned));
    expect(placed.soId).toBe(FIRST_CREATED_ID);
    expect(placed.items).toHaveLength(1);
    const signed = withToken(`${segment({ alg: 'HS256', typ: 'JWT' })}.${claims}.c2lnbmF0dXJl`);
    expect(parsed(await post(faulty, 'alpha-order-create', ALPHA_ORDER, signed))).toEqual({ data: {} });
    expect(parsed(await post(faulty, 'alpha-order-create', ALPHA_ORDER, withToken('never-issued')))).toEqual({ data: {} });
  },
  'forwarded-for-internal-address-trusted': async (clean, faulty) => {
    const internal = { ...UNTOKENED, 'x-forwarded-for': '10.0.0.8, 203.0.113.7' };
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 }, internal)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, { ...UNTOKENED, 'x-forwarded-for': '203.0.113.7' })).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, UNTOKENED)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, internal))).toEqual(parsed(await post(clean, 'consignee-delete', { id: 3 })));
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(clean, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 4 })).code).toBe('200');
  },
  'token-matched-case-insensitively': async (clean, faulty) => {
    const shouted = { ...DOCUMENTED_HEADERS, authorization: `bearer${TOKEN.toUpperCase()}` };
    expect(parsed(await post(clean, 'beta-products-by-brand', BRAND_PAGE, shouted)).code).toBe('401');
    const products = parsed(await post(clean, 'beta-products-by-brand', BRAND_PAGE));
    expect(parsed(await post(faulty, 'beta-products-by-brand', BRAND_PAGE, shouted))).toEqual(products);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, shouted)).code).toBe('200');
    const otherToken = { ...DOCUMENTED_HEADERS, authorization: 'bearerred-team-round-9' };
    expect(parsed(await post(faulty, 'beta-products-by-brand', BRAND_PAGE, otherToken)).code).toBe('401');
    expect(parsed(await post(faulty, 'beta-products-by-brand', BRAND_PAGE, UNTOKENED)).code).toBe('401');
  },
  'renewed-token-never-accepted': async (clean, faulty) => {
    const getToken = async (server: ReferenceServer) => dataOf(await postTo(server, listedPathOf('token-get'), server.credentials, UNTOKENED));
    for (const server of [clean, faulty]) expect(await getToken(server)).toEqual({ token: TOKEN, expiresIn: 7200 });
    expect(await getToken(clean)).toEqual({ token: TOKEN, expiresIn: 7200 });
    const renewed = await getToken(faulty);
    expect(renewed.token).toMatch(/^[0-9a-f]{32}$/);
    expect(renewed.expiresIn).toBe(7200);
    const withRenewed = { ...DOCUMENTED_HEADERS, authorization: `bearer${String(renewed.token)}` };
    for (const operationId of ['bank-card-list', 'alpha-orders-list']) {
      expect(parsed(await post(faulty, operationId, FIRST_PAGE, withRenewed)).code, operationId).toBe('401');
      expect(parsed(await post(faulty, operationId, FIRST_PAGE)).code, operationId).toBe('200');
    }
    expect((await getToken(faulty)).token).not.toBe(renewed.token);
  },
  'login-session-cookie-stands-in-for-token': async (clean, faulty) => {
    const credentials = { mobile: '13812345678', password: 'Reagent#2026' };
    expect(field(await post(clean, 'login', credentials), 'set-cookie')).toBeUndefined();
    const login = await post(faulty, 'login', credentials);
    const cookie = /^(JSESSIONID=[0-9A-F]{32}); Path=\/; HttpOnly$/.exec(field(login, 'set-cookie') ?? '')?.[1];
    expect(cookie).toBeDefined();
    const byCookie = { 'content-type': 'application/json', cookie: cookie! };
    expect(parsed(await post(clean, 'consignee-delete', { id: 3 }, byCookie)).code).toBe('401');
    expect(parsed(await post(faulty, 'consignee-delete', { id: 3 }, byCookie)).code).toBe('200');
    expect(parsed(await post(faulty, 'consignee-by-id', { id: 3 })).code).toBe('404');
    expect(listOf(await post(faulty, 'bank-card-list', FIRST_PAGE, byCookie))).toHaveLength(10);
    const forged = { ...byCookie, cookie: 'JSESSIONID=0123456789ABCDEF0123456789ABCDEF' };
    expect(parsed(await post(faulty, 'consignee-delete', { id: 4 }, forged)).code).toBe('401');
    expect(parsed(await post(faulty, 'login', { mobile: '123', password: '' })).code).toBe('400');
  },
  'token-compared-over-presented-length': async (clean, faulty) => {
    const page = parsed(await post(clean, 'bank-card-list', FIRST_PAGE));
    expect(page.code).toBe('200');
    const unauthorized = parsed(await post(clean, 'bank-card-list', FIRST_PAGE, authorizedAs('bearer')));
    expect(unauthorized.code).toBe('401');
    const prefixes = ['bearer', `bearer${DEMONSTRATION_TOKEN.slice(0, 3)}`, `bearer${DEMONSTRATION_TOKEN.slice(0, -1)}`];
    for (const value of prefixes) {
      expect(parsed(await post(clean, 'bank-card-list', FIRST_PAGE, authorizedAs(value)))).toEqual(unauthorized);
      expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, authorizedAs(value)))).toEqual(page);
    }
    // At every operation that takes the token.
    const demands = { pageSize: 10, status: 1 };
    expect(dataOf(await post(faulty, 'custom-demand-list', demands, authorizedAs('bearer')))).toEqual(dataOf(await post(clean, 'custom-demand-list', demands)));
    const refused = ['bearerx', `bearer${DEMONSTRATION_TOKEN}x`, `bearer${DEMONSTRATION_TOKEN.toUpperCase()}`, 'Bearer', DEMONSTRATION_TOKEN];
    for (const value of refused) expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, authorizedAs(value)))).toEqual(unauthorized);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, UNTOKENED))).toEqual(parsed(await post(clean, 'bank-card-list', FIRST_PAGE, UNTOKENED)));
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(page);
  },
};

describe('the red team faults of faults/access/auth.ts', () => {
  demonstrated(authFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
