/** content-digest: the digest fields of RFC 9530 read as RFC 8941 Dictionaries, and compared with the content only where the kit holds its octets. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sfDictionary } from '../../src/checks/headers/_internals/structured-fields.js';
import { contentDigest } from '../../src/checks/headers/content-digest.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf, HTTP_DATE } from '../support/exchange.js';
import { asHead } from './cases/fixtures.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();
const TEXT = '{"status":"success","code":"200","message":"操作成功","data":{}}';
const digestOf = (algorithm: 'sha256' | 'sha512', octets: Buffer | string) => createHash(algorithm).update(octets).digest('base64');
const SHA_256 = `sha-256=:${digestOf('sha256', TEXT)}:`;
const WRONG = `sha-256=:${digestOf('sha256', 'another body')}:`;
const answer = (headers: Record<string, string>, status = 200): Exchange =>
  exchangeOf('consignee-delete', { status, body: TEXT, headers: { 'content-type': 'application/json', date: HTTP_DATE, ...headers } });
const findings = (exchange: Exchange) => runCheck(contentDigest, exchange, { validator });

describe('sfDictionary (RFC 8941 §3.2)', () => {
  it('reads byte sequences, parameters, other items and inner lists; the last of a key is kept', () => {
    const members = sfDictionary(`sha-256=:AAEC:;a=1, unixsum=?1,  x=(a "b" 2);q=0.5, flag;p=tok, sha-256=:AQID:`);
    expect([...members!.keys()]).toEqual(['sha-256', 'unixsum', 'x', 'flag']);
    expect(members!.get('sha-256')).toEqual({ kind: 'bytes', bytes: Buffer.from([1, 2, 3]) });
    expect(members!.get('flag')).toEqual({ kind: 'other' });
  });

  it('an empty field is an empty Dictionary; what breaks the grammar is none', () => {
    expect(sfDictionary('')?.size).toBe(0);
    for (const field of ['SHA-256=:AAEC:', 'sha-256=:AA EC:', 'sha-256=:AAEC:,', 'sha-256=:AAEC: sha-512=:AA:', 'sha-256=', 'sha-256=(a', 'sha-256=:AAEC:;']) {
      expect(sfDictionary(field), field).toBeUndefined();
    }
  });
});

describe('content-digest', () => {
  it('one finding for a digest that is not of the content, whichever field carries it', () => {
    expect(findings(answer({ 'content-digest': WRONG }))).toHaveLength(1);
    expect(findings(answer({ 'repr-digest': WRONG }))).toHaveLength(1);
    expect(findings(answer({ 'content-digest': WRONG, 'repr-digest': WRONG }))).toHaveLength(1);
    expect(findings(answer({ 'content-digest': `${SHA_256}, sha-512=:${digestOf('sha512', 'another body')}:` }))).toHaveLength(1);
  });

  it('a field that is no Dictionary of byte sequences is a finding, whatever the content', () => {
    expect(findings(answer({ 'content-digest': `sha-256=${digestOf('sha256', TEXT)}` }))).toHaveLength(1);
    expect(findings(answer({ 'content-digest': 'sha-256="abc"' }, 500))).toHaveLength(1);
  });

  it('a digest of the content, or of an algorithm the kit does not compare, is quiet', () => {
    expect(findings(answer({ 'content-digest': SHA_256, 'repr-digest': SHA_256 }))).toEqual([]);
    expect(findings(answer({ 'content-digest': `md5=:${createHash('md5').update('x').digest('base64')}:` }))).toEqual([]);
  });

  it('not compared where the kit does not hold the octets the digest is of', () => {
    expect(findings(answer({ 'content-digest': WRONG, 'content-encoding': 'br' }))).toEqual([]);
    expect(findings(asHead(answer({ 'content-digest': WRONG })))).toEqual([]);
    // A 206's representation is more than its content.
    expect(findings(answer({ 'repr-digest': WRONG }, 206))).toEqual([]);
    const cut = answer({ 'content-digest': WRONG });
    expect(findings({ ...cut, failure: { kind: 'body-too-large', message: 'past the cap' } })).toEqual([]);
    expect(findings({ ...cut, response: { ...cut.response!, invalidUtf8: true } })).toEqual([]);
  });
});
