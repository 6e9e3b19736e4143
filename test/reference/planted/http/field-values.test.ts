/**
 * Each red-team fault of test/mutation-set/faults/http/field-values.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { fieldValueFaults } from '../../../mutation-set/faults/http/field-values.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { field, type Headers, parsed, type Reply } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';

import { describe, expect } from 'vitest';

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A GMT date of an answer's field, in ms. */
const dateOf = (reply: Reply, name: string): number => Date.parse(field(reply, name)!);

/** The same call with a token the server never issued: one that has expired, or another server's. */
const WRONG_TOKEN: Headers = { 'content-type': 'application/json', authorization: 'bearerexpired-0d41a7' };

/** RFC 9110's token (5.6.2): one or more tchar. */
const TOKEN_CHARACTERS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A page of brand 1's products, the catalogue call the demonstrations send. */
const BRAND_PAGE = { brandId: 1, pageSize: 10, pageNo: 1 };

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'etag-without-quotes': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(field(before, 'etag')).toBeUndefined();
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(field(after, 'etag')).toMatch(/^[0-9a-f]{16}$/);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'last-modified-china-time-labelled-gmt': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(field(before, 'last-modified')).toBeUndefined();
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(field(after, 'last-modified')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Math.round((dateOf(after, 'last-modified') - dateOf(after, 'date')) / 60_000)).toBe(8 * 60);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'page-links-as-network-path': async (clean, faulty) => {
    const asked = { pageSize: 10, pageNo: 2 };
    const before = await post(clean, 'bank-card-list', asked);
    expect(field(before, 'link')).toBeUndefined();
    const after = await post(faulty, 'bank-card-list', asked);
    expect(parsed(after)).toEqual(parsed(before));
    const links = [...field(after, 'link')!.matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(([, target, rel]) => [rel, target]);
    expect(Object.fromEntries(links)).toEqual({
      first: '//pc/customer/bankCardList?pageSize=10&pageNo=1',
      prev: '//pc/customer/bankCardList?pageSize=10&pageNo=1',
      next: '//pc/customer/bankCardList?pageSize=10&pageNo=3',
      last: '//pc/customer/bankCardList?pageSize=10&pageNo=20',
    });
    const next = new URL(Object.fromEntries(links).next!, faulty.url);
    expect([next.host, next.pathname]).toEqual(['pc', '/customer/bankCardList']);
    expect(new URL(faulty.url).host).not.toBe('pc');
  },
  'content-language-as-java-locale': async (clean, faulty) => {
    const credentials = { mobile: '13812345678', password: 'Reagent#2026' };
    const before = await post(clean, 'login', credentials);
    expect(field(before, 'content-language')).toBeUndefined();
    const after = await post(faulty, 'login', credentials);
    expect(field(after, 'content-language')).toBe('zh_CN');
    expect(() => new Intl.Locale('zh_CN')).toThrow(RangeError);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'max-age-written-as-quoted-string': async (clean, faulty) => {
    const before = await post(clean, 'consignee-by-id', { id: 3 });
    expect(field(before, 'cache-control')).toBeUndefined();
    const after = await post(faulty, 'consignee-by-id', { id: 3 });
    expect(field(after, 'cache-control')).toBe('private, max-age="60"');
    expect(parsed(after)).toEqual(parsed(before));
  },
  'via-received-by-not-a-token': async (clean, faulty) => {
    const before = await post(clean, 'alpha-orders-list', FIRST_PAGE);
    expect(field(before, 'via')).toBeUndefined();
    const after = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect(parsed(after)).toEqual(parsed(before));
    const via = field(after, 'via');
    expect(via).toBe('1.1 kong/3.9.1');
    const [receivedProtocol, receivedBy] = via!.split(' ');
    expect(receivedProtocol).toBe('1.1');
    expect(receivedBy).not.toMatch(TOKEN_CHARACTERS);
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

describe('the red team faults of faults/http/field-values.ts', () => {
  demonstrated(fieldValueFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
