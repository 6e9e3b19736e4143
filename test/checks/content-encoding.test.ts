import { describe, expect, it } from 'vitest';
import { NO_CODING } from '../../src/checks/http-probes.js';
import { contentEncoding } from '../../src/checks/transport/content-encoding.js';
import type { CheckContext } from '../../src/checks/types.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const context = {} as CheckContext;
/** An answer in `coding` to a request that sent `acceptEncoding` (none where undefined). */
const answered = (coding: string, acceptEncoding?: string) =>
  exchangeOf('bank-card-by-id', {
    intent: 'http-probe',
    path: 'http-probe:persistent',
    headers: { 'content-type': 'application/json', 'content-encoding': coding },
    ...(acceptEncoding === undefined ? {} : { requestHeaders: { 'Accept-Encoding': acceptEncoding } }),
  });

describe('content-encoding: a coding the request refused', () => {
  it('reports a coding the request gave weight 0, or named none of', () => {
    expect(runCheck(contentEncoding, answered('gzip', NO_CODING), context)).toEqual([
      { instancePath: '', expected: `no content coding the request refused (accept-encoding: ${NO_CODING})`, actual: 'content-encoding: gzip' },
    ]);
    expect(runCheck(contentEncoding, answered('br', 'gzip, deflate'), context)).toHaveLength(1);
    expect(runCheck(contentEncoding, answered('gzip', 'identity, *;q=0'), context)).toHaveLength(1);
    expect(runCheck(contentEncoding, answered('gzip', 'gzip;q=0.000'), context)).toHaveLength(1);
  });

  it('stays quiet on a coding the request accepts, by name, by x- name or by *, or weighs with no number, and where it sent no Accept-Encoding', () => {
    for (const [coding, accepted] of [
      ['gzip', 'gzip, deflate, br'],
      ['gzip', 'deflate, gzip;q=0.5'],
      ['x-gzip', 'gzip'],
      ['br', '*'],
      ['gzip', 'gzip;q=high'],
      ['identity', NO_CODING],
      ['gzip', undefined],
    ] as const) {
      expect(runCheck(contentEncoding, answered(coding, accepted), context), `${coding} / ${accepted}`).toEqual([]);
    }
  });
});
