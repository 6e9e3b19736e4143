/**
 * Each red-team fault of test/mutation-set/faults/http/codings.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import { gbkBytes } from '../../../mutation-set/faults/_internals/encodings.js';
import { codingFaults } from '../../../mutation-set/faults/http/codings.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { field, parsed, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { DEMAND, documentedHeaders } from '../../../support/sample-bodies.js';
import { createHash } from 'node:crypto';
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const sha256 = (bytes: Buffer): string => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'content-length-counts-utf16-units': async (clean, faulty) => {
    const [before, after] = [await sendByNodeHttp(clean, 'custom-demand-create', DEMAND), await sendByNodeHttp(faulty, 'custom-demand-create', DEMAND)];
    expect(parsed(before).code).toBe('200');
    expect(Number(field(after, 'content-length'))).toBe(Number(field(before, 'content-length')) - 8);
    expect(after.body.length).toBe(Number(field(after, 'content-length')));
    expect(() => parsed(after)).toThrow(SyntaxError);
  },
  'gzip-applied-twice-listed-once': async (clean, faulty) => {
    const before = await sendByNodeHttp(clean, 'alpha-orders-list', FIRST_PAGE);
    const after = await sendByNodeHttp(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect(field(before, 'content-encoding')).toBeUndefined();
    expect(field(after, 'content-encoding')).toBe('gzip');
    const once = gunzipSync(after.body);
    expect([...once.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(gunzipSync(once).toString('utf8'))).toEqual(parsed(before));
    // Where the client rules gzip out, nothing is compressed, so no other rule is broken.
    expect(
      field(await sendByNodeHttp(faulty, 'alpha-orders-list', FIRST_PAGE, { ...DOCUMENTED_HEADERS, 'accept-encoding': 'identity' }), 'content-encoding'),
    ).toBeUndefined();
  },
  'content-digest-of-platform-charset-bytes': async (clean, faulty) => {
    const brandPage = { brandId: 1, pageSize: 10, pageNo: 1 };
    const before = await post(clean, 'beta-products-by-brand', brandPage);
    expect(field(before, 'content-digest')).toBeUndefined();
    const after = await post(faulty, 'beta-products-by-brand', brandPage);
    expect(parsed(after)).toEqual(parsed(before));
    const digest = field(after, 'content-digest');
    expect(digest).toMatch(/^sha-256=:[A-Za-z0-9+/]{43}=:$/);
    expect(digest).not.toBe(sha256(after.body));
    expect(digest).toBe(sha256(gbkBytes(text(after))));
    const refused = await post(faulty, 'beta-products-by-brand', { ...brandPage, brandId: '1' });
    expect(parsed(refused).message).toBe('brandId: must be an integer');
    expect(field(refused, 'content-digest')).toBe(sha256(refused.body));
  },
  'content-encoding-names-charset': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1, cusType: '1' };
    const before = await post(clean, 'purchase-order-list', asked);
    const after = await post(faulty, 'purchase-order-list', asked);
    expect(field(before, 'content-encoding')).toBeUndefined();
    expect(field(after, 'content-encoding')).toBe('UTF-8');
    // No coding was applied: the bytes are the JSON as they are.
    expect(parsed(after)).toEqual(parsed(before));
  },
  'gzip-without-vary': async (clean, faulty) => {
    const asked = { pageSize: 10, status: 1 };
    const gzip = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip' };
    const before = await post(clean, 'custom-demand-list', asked, gzip);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'custom-demand-list', asked, gzip);
    expect([field(after, 'content-encoding'), field(after, 'vary')]).toEqual(['gzip', undefined]);
    expect(JSON.parse(gunzipSync(after.body).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'custom-demand-list', asked);
    expect(field(plain, 'content-encoding')).toBeUndefined();
    expect(parsed(plain)).toEqual(parsed(before));
  },
  'deflate-coding-without-zlib-wrapper': async (clean, faulty) => {
    const compressed = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip, deflate' };
    const before = await post(clean, 'consignment-delete', { cid: '12' }, compressed);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'consignment-delete', { cid: '12' }, compressed);
    expect(field(after, 'content-encoding')).toBe('deflate');
    expect(() => inflateSync(after.body)).toThrow(/incorrect header check/);
    expect(JSON.parse(inflateRawSync(after.body).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'consignment-delete', { cid: '13' });
    expect(field(plain, 'content-encoding')).toBeUndefined();
    expect(parsed(plain)).toEqual(parsed(await post(clean, 'consignment-delete', { cid: '13' })));
  },
  'chunked-coding-applied-twice': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-delete', { demandId: 12 });
    const after = await post(faulty, 'custom-demand-delete', { demandId: 12 });
    expect(field(after, 'transfer-encoding')).toBe('chunked');
    const decodedOnce = text(after);
    expect(decodedOnce).toMatch(/^[0-9a-f]+\r\n\{"data":/);
    expect(decodedOnce.endsWith('}\r\n0\r\n\r\n')).toBe(true);
    expect(() => JSON.parse(decodedOnce)).toThrow(SyntaxError);
    const decodedTwice = decodedOnce.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
    expect(JSON.parse(decodedTwice)).toEqual(parsed(before));
  },
  'gzip-despite-weight-zero': async (clean, faulty) => {
    const refused = { ...DOCUMENTED_HEADERS, 'accept-encoding': 'gzip;q=0, identity' };
    const before = await post(clean, 'bank-card-by-id', { id: 7 }, refused);
    expect(field(before, 'content-encoding')).toBeUndefined();
    const after = await post(faulty, 'bank-card-by-id', { id: 7 }, refused);
    expect(field(after, 'content-encoding')).toBe('gzip');
    expect([...after.body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(gunzipSync(after.body).toString('utf8'))).toEqual(parsed(before));
    const plain = await post(faulty, 'bank-card-by-id', { id: 7 });
    expect(field(plain, 'content-encoding')).toBeUndefined();
    expect(parsed(plain)).toEqual(parsed(before));
  },
};

describe('the red team faults of faults/http/codings.ts', () => {
  demonstrated(codingFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
