import { describe, expect, it } from 'vitest';
import { jwtClaims, unsignedJwt } from '../../src/client/auth.js';

const segment = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const decoded = (text: string): unknown => JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));

const CLAIMS = segment({ sub: 'member-42', exp: 4102444800 });
const SIGNED = `${segment({ alg: 'HS256', typ: 'JWT' })}.${CLAIMS}.c2lnbmF0dXJl`;

describe('unsignedJwt: an Unsecured JWT (RFC 7519 §6.1) for the run’s token', () => {
  it('keeps the claims of a token that is a JWT, unchanged, under a header of alg none and with an empty signature', () => {
    const [header, claims, signature, ...rest] = unsignedJwt(SIGNED).split('.');
    expect(decoded(header!)).toEqual({ alg: 'none', typ: 'JWT' });
    expect(claims).toBe(CLAIMS);
    expect(signature).toBe('');
    expect(rest).toEqual([]);
  });

  it('gives the fixed claims {"sub":"1"} for a token that is not a JWT', () => {
    for (const token of ['3f9c2a7e51d04b68', 'a.b.c', `${segment(['alg'])}.${CLAIMS}.x`, `${segment({ typ: 'JWT' })}.${CLAIMS}.x`, `${SIGNED}.more`, '']) {
      const [header, claims, signature] = unsignedJwt(token).split('.');
      expect(decoded(header!)).toEqual({ alg: 'none', typ: 'JWT' });
      expect(decoded(claims!)).toEqual({ sub: '1' });
      expect(signature).toBe('');
      expect(jwtClaims(token)).toBeUndefined();
    }
  });

  it('takes a JWT whose signature is already empty for one, and is the same for the same token', () => {
    const unsigned = `${segment({ alg: 'none' })}.${CLAIMS}.`;
    expect(jwtClaims(unsigned)).toBe(CLAIMS);
    expect(unsignedJwt(SIGNED)).toBe(unsignedJwt(SIGNED));
  });
});
