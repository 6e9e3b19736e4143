import { describe, expect, it } from 'vitest';
import { authNearMissToken } from '../../src/checks/auth/near-miss-token.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';

const validator = createValidator();
const refused = { data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } };

/** An auth probe of the bank card list, answered with the clean records unless `body` says otherwise. */
const probe = (name: string, body?: unknown): Exchange =>
  exchangeOf('bank-card-list', { intent: 'auth-probe', path: `auth-probe:${name}`, payload: { pageSize: 5, status: 1 }, ...(body ? { body } : {}) });

const judge = (exchanges: Exchange[]) =>
  authNearMissToken.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    { validator },
  );

describe('auth-near-miss-token: a token one slip away from the valid one must not get in', () => {
  it('fires once, naming every near miss let in, when the wrong token is refused', () => {
    const findings = judge([probe('wrong-token', refused), probe('token-appended'), probe('token-last-changed'), probe('token-half', refused)]);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.actual).toBe('accepted: token-appended, token-last-changed');
  });

  it('fires on an operation that answers an empty object: a create let in by a near miss', () => {
    const created = { data: {}, status: 'success', code: '200', message: 'ok', error: {} };
    const wrong = exchangeOf('custom-demand-create', { intent: 'auth-probe', path: 'auth-probe:wrong-token', body: refused });
    const nearMiss = exchangeOf('custom-demand-create', { intent: 'auth-probe', path: 'auth-probe:token-case-changed', body: created });
    expect(judge([wrong, nearMiss]).map((finding) => finding.instancePath)).toEqual(['']);
  });

  it('stays quiet when every near miss is refused', () => {
    const names = ['wrong-token', 'token-appended', 'token-last-changed', 'token-half', 'token-case-changed'];
    expect(judge(names.map((name) => probe(name, refused)))).toEqual([]);
  });

  it('stays quiet when the server lets the wrong token in too: that is auth-unauthorized-data, one cause one deviation', () => {
    expect(judge([probe('wrong-token'), probe('token-appended')])).toEqual([]);
  });

  it('stays quiet when the wrong-token probe got no answer, or was not sent (--no-auth-probes)', () => {
    const unanswered = exchangeOf('bank-card-list', {
      intent: 'auth-probe',
      path: 'auth-probe:wrong-token',
      noResponse: true,
      failure: { kind: 'timeout', message: 'no response in 10 ms' },
    });
    expect(judge([unanswered, probe('token-appended')])).toEqual([]);
    expect(judge([exchangeOf('bank-card-list')])).toEqual([]);
  });

  it('the valid token written other ways (Bearer <TOKEN>, the bare token) is not a near miss', () => {
    expect(judge([probe('wrong-token', refused), probe('bearer-space'), probe('token-only')])).toEqual([]);
  });
});
