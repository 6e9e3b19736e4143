import { describe, expect, it } from 'vitest';
import { authUnsignedJwt } from '../../src/checks/auth/unsigned-jwt.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';

const validator = createValidator();
const refused = { data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } };

/** An auth probe of the alpha order create, answered with the clean order unless `body` says otherwise. */
const probe = (name: string, body?: unknown): Exchange =>
  exchangeOf('alpha-order-create', { intent: 'auth-probe', path: `auth-probe:${name}`, ...(body ? { body } : {}) });

const judge = (exchanges: Exchange[]) =>
  authUnsignedJwt.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    { validator },
  );

describe('auth-unsigned-jwt: a JWT with "alg": "none" and no signature must not get in', () => {
  it('fires once when the unsigned JWT places the order and the wrong token is refused', () => {
    const findings = judge([probe('wrong-token', refused), probe('unsigned-jwt')]);
    expect(findings.map((finding) => finding.instancePath)).toEqual(['']);
  });

  it('stays quiet when the unsigned JWT is refused too', () => {
    expect(judge([probe('wrong-token', refused), probe('unsigned-jwt', refused)])).toEqual([]);
  });

  it('stays quiet when the server lets the wrong token in too: that is another check, one cause one deviation', () => {
    expect(judge([probe('wrong-token'), probe('unsigned-jwt')])).toEqual([]);
  });

  it('stays quiet when the wrong-token probe got no answer, or no probe was sent (--no-auth-probes)', () => {
    const unanswered = exchangeOf('alpha-order-create', {
      intent: 'auth-probe',
      path: 'auth-probe:wrong-token',
      noResponse: true,
      failure: { kind: 'timeout', message: 'no response in 10 ms' },
    });
    expect(judge([unanswered, probe('unsigned-jwt')])).toEqual([]);
    expect(judge([exchangeOf('alpha-order-create')])).toEqual([]);
  });

  it('stays quiet where the unsigned JWT was not sent (the token is that JWT already)', () => {
    expect(judge([probe('wrong-token', refused), probe('token-appended')])).toEqual([]);
  });
});
