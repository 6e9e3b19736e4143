/** How each fault of red team round 11's HTTP semantics and message framing shows, by name. */
import { expect } from 'vitest';
import { type Headers, field, parsed } from '../raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { documentedHeaders, UNTOKENED } from '../sample-bodies.js';
import { ROUND_11_TOKEN } from './token.js';

const DOCUMENTED_HEADERS = documentedHeaders(ROUND_11_TOKEN);
const { post } = documentedCalls(DOCUMENTED_HEADERS);

/** The same call with a token the server never issued: one that has expired, or another server's. */
const WRONG_TOKEN: Headers = { 'content-type': 'application/json', authorization: 'bearerexpired-0d41a7' };

/** RFC 9110's token (5.6.2): one or more tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A page of brand 1's products, the catalogue call the demonstrations send. */
const BRAND_PAGE = { brandId: 1, pageSize: 10, pageNo: 1 };

export const round11HttpDemonstrations: Readonly<Record<string, Demonstration>> = {
  'via-received-by-not-a-token': async (clean, faulty) => {
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE);
    expect(field(before, 'via')).toBeUndefined();
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect(parsed(after)).toEqual(parsed(before));
    const via = field(after, 'via');
    expect(via).toBe('1.1 kong/3.9.1');
    const [receivedProtocol, receivedBy] = via!.split(' ');
    expect(receivedProtocol).toBe('1.1');
    expect(receivedBy).not.toMatch(TOKEN);
    const catalogue = await post(faulty, 'beta-products-by-brand', BRAND_PAGE);
    expect([field(catalogue, 'via'), parsed(catalogue)]).toEqual(['1.1 kong/3.9.1', parsed(await post(clean, 'beta-products-by-brand', BRAND_PAGE))]);
    const refused = await post(faulty, 'alpha-orders-list', FIRST_PAGE, UNTOKENED);
    expect([parsed(refused).code, field(refused, 'via')]).toEqual(['401', '1.1 kong/3.9.1']);
    expect(field(await post(faulty, 'custom-demand-list', FIRST_PAGE), 'via')).toBeUndefined();
  },
  'cache-status-with-nginx-keyword': async (clean, faulty) => {
    const before = await post(clean, 'beta-products-by-brand', BRAND_PAGE);
    expect(field(before, 'cache-status')).toBeUndefined();
    const first = await post(faulty, 'beta-products-by-brand', BRAND_PAGE);
    expect([field(first, 'cache-status'), parsed(first)]).toEqual(['otp-edge; MISS', parsed(before)]);
    const again = await post(faulty, 'beta-products-by-brand', BRAND_PAGE);
    expect([field(again, 'cache-status'), parsed(again)]).toEqual(['otp-edge; HIT', parsed(before)]);
    // The parameter's key starts with an upper-case letter, which no Structured Fields key does.
    expect(field(again, 'cache-status')!.split(';')[1]!.trim()).not.toMatch(/^[a-z*][a-z0-9_\-.*]*(=|$)/);
    const otherPage = await post(faulty, 'beta-products-by-brand', { ...BRAND_PAGE, pageNo: 2 });
    expect(field(otherPage, 'cache-status')).toBe('otp-edge; MISS');
    const untokened = await post(faulty, 'beta-products-by-brand', BRAND_PAGE, UNTOKENED);
    expect([parsed(untokened).code, field(untokened, 'cache-status')]).toEqual(['401', 'otp-edge; MISS']);
    expect(field(await post(faulty, 'alpha-orders-list', FIRST_PAGE), 'cache-status')).toBeUndefined();
  },
  'deprecation-field-written-true': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-by-id', { id: 3 });
    expect(parsed(before).code).toBe('200');
    expect([field(before, 'deprecation'), field(before, 'sunset')]).toEqual([undefined, undefined]);
    const after = await post(faulty, 'bank-card-by-id', { id: 3 });
    expect(parsed(after)).toEqual(parsed(before));
    const deprecation = field(after, 'deprecation');
    expect(deprecation).toBe('true');
    expect(deprecation).not.toMatch(/^@-?\d{1,15}$/);
    const sunset = field(after, 'sunset')!;
    expect(new Date(sunset).toUTCString()).toBe(sunset);
    expect(field(await post(faulty, 'bank-card-list', FIRST_PAGE), 'deprecation')).toBeUndefined();
  },
  'bearer-error-description-in-utf-8': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-list', FIRST_PAGE, WRONG_TOKEN);
    expect([parsed(before).code, field(before, 'www-authenticate')]).toEqual(['401', undefined]);
    const after = await post(faulty, 'bank-card-list', FIRST_PAGE, WRONG_TOKEN);
    expect([after.status, parsed(after)]).toEqual([200, parsed(before)]);
    // node:http reads each octet of a field value as one Latin-1 character.
    const octets = Buffer.from(field(after, 'www-authenticate')!, 'latin1');
    expect(octets.toString('utf8')).toBe('Bearer realm="otp-member", error="invalid_token", error_description="令牌无效或已过期"');
    expect(octets.some((octet) => octet > 0x7e)).toBe(true);
    const deleteRefused = await post(faulty, 'consignee-delete', { id: 4 }, WRONG_TOKEN);
    expect([parsed(deleteRefused).code, field(deleteRefused, 'www-authenticate')]).toEqual(['401', octets.toString('latin1')]);
    const untokened = await post(faulty, 'bank-card-list', FIRST_PAGE, UNTOKENED);
    expect([parsed(untokened).code, field(untokened, 'www-authenticate')]).toEqual(['401', undefined]);
    const tokened = await post(faulty, 'bank-card-list', FIRST_PAGE);
    expect([parsed(tokened), field(tokened, 'www-authenticate')]).toEqual([parsed(await post(clean, 'bank-card-list', FIRST_PAGE)), undefined]);
    expect(field(await post(faulty, 'alpha-orders-list', FIRST_PAGE, WRONG_TOKEN), 'www-authenticate')).toBeUndefined();
  },
};
