/**
 * Each red-team fault of test/mutation-set/faults/http/caching-and-cookies.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { cachingAndCookieFaults } from '../../../mutation-set/faults/http/caching-and-cookies.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { converse, field, firstHead, parsed, requestText } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { documentedHeaders } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

/** "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110, 5.6.7). */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const LOGIN = { mobile: '13812345678', password: 'Reagent2024' };

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'bank-cards-cacheable-by-shared-caches': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    expect(field(await sendByNodeHttp(clean, 'bank-card-list', asked), 'cache-control')).toBeUndefined();
    expect(field(await sendByNodeHttp(faulty, 'bank-card-list', asked), 'cache-control')).toBe('public, max-age=86400');
  },
  'not-modified-answered-to-post': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 0 };
    const before = await post(clean, 'custom-demand-list', asked);
    expect(field(before, 'etag')).toBeUndefined();
    expect((await post(clean, 'custom-demand-list', asked, { ...DOCUMENTED_HEADERS, 'if-none-match': '*' })).status).toBe(200);
    const first = await post(faulty, 'custom-demand-list', asked);
    const tag = field(first, 'etag')!;
    expect(tag).toMatch(/^"[0-9a-f]{20}"$/);
    expect(parsed(first)).toEqual(parsed(before));
    const again = await post(faulty, 'custom-demand-list', asked, { ...DOCUMENTED_HEADERS, 'if-none-match': tag });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  },
  'head-answered-with-content': async (clean, faulty) => {
    const path = pathOf('custom-demand-delete');
    const requests =
      requestText('HEAD', path, DOCUMENTED_HEADERS) + requestText('POST', path, { ...DOCUMENTED_HEADERS, connection: 'close' }, '{"demandId":7}');
    const before = firstHead(await converse(clean, requests));
    expect(before.rest).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const after = firstHead(await converse(faulty, requests));
    const length = Number(/^content-length: (\d+)$/im.exec(after.head)?.[1]);
    expect(after.rest.startsWith('{"data":{},"status":"fail","code":"405"')).toBe(true);
    expect(Buffer.byteLength(after.rest.slice(0, after.rest.indexOf('HTTP/1.1')))).toBe(length);
  },
  'member-cookie-with-raw-json': async (clean, faulty) => {
    expect(field(await post(clean, 'login', LOGIN), 'set-cookie')).toBeUndefined();
    const cookie = field(await post(faulty, 'login', LOGIN), 'set-cookie')!;
    const value = cookie.slice(cookie.indexOf('=') + 1, cookie.indexOf(';'));
    expect(cookie.startsWith('OTP_MEMBER={')).toBe(true);
    expect(value).toMatch(/[",]/);
    expect(JSON.parse(value)).toMatchObject({ id: 1, mobile: LOGIN.mobile });
    expect(cookie).not.toMatch(/HttpOnly/i);
  },
  'sms-cooldown-cookie-dated-by-to-string': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    expect(field(await post(clean, 'send-code', asked), 'set-cookie')).toBeUndefined();
    const after = await post(faulty, 'send-code', asked);
    expect(parsed(after).code).toBe('200');
    const cookie = field(after, 'set-cookie')!;
    const expires = /; Expires=([^;]+);/.exec(cookie)![1]!;
    expect(cookie.startsWith('smsCooldown=60; ')).toBe(true);
    expect(expires).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT\+0800 \(China Standard Time\)$/);
    expect(expires).not.toMatch(IMF_FIXDATE);
    // Read as RFC 6265 5.1.1 reads it (the zone dropped), the expiry is eight hours late.
    const [, month, day, year, time] = /^\w{3} (\w{3}) (\d{2}) (\d{4}) (\S+)/.exec(expires)!;
    const readAsUtc = Date.parse(`${day} ${month} ${year} ${time} GMT`);
    expect(Math.round((readAsUtc - Date.now()) / 60_000)).toBe(8 * 60 + 1);
  },
  'set-cookies-folded-into-one-field': async (clean, faulty) => {
    expect(field(await post(clean, 'login', LOGIN), 'set-cookie')).toBeUndefined();
    const after = await post(faulty, 'login', LOGIN);
    expect(parsed(after).code).toBe('200');
    const cookies = after.fields.filter(([name]) => name.toLowerCase() === 'set-cookie').map(([, value]) => value);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^OTP_SESSION=[0-9a-f]{32}; Path=\/; HttpOnly, OTP_MOBILE=13812345678; Path=\/; Max-Age=2592000$/);
    // Parsed as RFC 6265 5.2 parses a set-cookie-string: one name-value pair, the rest attributes.
    const [pair, ...attributes] = cookies[0]!.split(';').map((part) => part.trim());
    expect(pair!.split('=')[0]).toBe('OTP_SESSION');
    expect(attributes.map((attribute) => attribute.split('=')[0])).toEqual(['Path', 'HttpOnly, OTP_MOBILE', 'Path', 'Max-Age']);
  },
  'catalogue-max-age-negative': async (clean, faulty) => {
    const asked = { brandId: 1, pageSize: 10, pageNo: 1 };
    const before = await post(clean, 'beta-products-by-brand', asked);
    expect(field(before, 'cache-control')).toBeUndefined();
    const after = await post(faulty, 'beta-products-by-brand', asked);
    const maxAge = /^public, max-age=(-\d+)$/.exec(field(after, 'cache-control') ?? '')?.[1];
    expect(Number(maxAge)).toBeLessThan(0);
    expect(Number(maxAge)).toBeGreaterThan(-86_401);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'byte-range-served-for-post': async (clean, faulty) => {
    const ranged = { ...DOCUMENTED_HEADERS, range: 'bytes=0-99' };
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE, ranged);
    expect([before.status, field(before, 'content-range')]).toEqual([200, undefined]);
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE, ranged);
    expect(after.status).toBe(206);
    expect(field(after, 'content-range')).toBe(`bytes 0-99/${before.body.length}`);
    expect(after.body).toEqual(before.body.subarray(0, 100));
    const past = await post(faulty, 'alpha-orders-list', FIRST_PAGE, { ...DOCUMENTED_HEADERS, range: `bytes=${before.body.length}-` });
    expect([past.status, field(past, 'content-range')]).toEqual([416, `bytes */${before.body.length}`]);
    const whole = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect([whole.status, parsed(whole)]).toEqual([200, parsed(before)]);
  },
};

describe('the red team faults of faults/http/caching-and-cookies.ts', () => {
  demonstrated(cachingAndCookieFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
