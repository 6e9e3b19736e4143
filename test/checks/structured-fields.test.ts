/** The Structured Fields the header checks read: Lists (cache-status) and Items (deprecation-header), beside the Dictionaries of content-digest. */
import { describe, expect, it } from 'vitest';
import { sfItem, sfList } from '../../src/checks/headers/_internals/structured-fields.js';

describe('sfList (RFC 8941 §3.1)', () => {
  it('reads items and inner lists with their parameters; an empty field is an empty List', () => {
    expect(sfList('otp-edge; fwd=miss; stored, "CDN"; hit; ttl=30, (a b);q=1, ?1')?.map(({ kind }) => kind)).toEqual([
      'token',
      'string',
      'inner-list',
      'other',
    ]);
    expect(sfList('')).toEqual([]);
  });

  it('a parameter key in upper case, a dangling comma or two items without one make no List', () => {
    for (const field of ['otp-edge; HIT', 'otp-edge; MISS', 'otp-edge,', 'otp-edge otp-origin', 'otp-edge;', '(a']) {
      expect(sfList(field), field).toBeUndefined();
    }
  });
});

describe('sfItem (RFC 9651 §3.3)', () => {
  it('reads a Date as its seconds, and tells a Token from it', () => {
    expect(sfItem('@1688169599')).toEqual({ kind: 'date', seconds: 1688169599 });
    expect(sfItem(' @-1 ')).toEqual({ kind: 'date', seconds: -1 });
    expect(sfItem('true')).toEqual({ kind: 'token' });
  });

  it('what is no single Item is none', () => {
    for (const field of ['', '@', '@1.5', '@1688169599, @1', 'Thu, 31 Dec 2026 16:00:00 GMT', '@1688169599;']) {
      expect(sfItem(field), field).toBeUndefined();
    }
  });
});
