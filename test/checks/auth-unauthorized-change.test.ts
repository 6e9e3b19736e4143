import { describe, expect, it } from 'vitest';
import { authUnauthorizedChange } from '../../src/checks/auth/unauthorized-change.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';

const validator = createValidator();
const envelope = (code: string, message: string, reason?: string) => ({
  data: {},
  status: reason ? 'fail' : 'success',
  code,
  message,
  error: reason ? { reason } : {},
});
const deleted = envelope('200', 'deleted');
const noSuchDemand = envelope('404', 'no such demand', 'not found');
const missingToken = envelope('401', 'unauthorized', 'unauthorized');

/** A call of custom_demand/delDemand: a valid one (`conforming:<n>`), one of the coverage pass, or an auth probe. */
const call = (path: string, body: unknown): Exchange => {
  const intent = path.startsWith('auth-probe:') ? 'auth-probe' : path.startsWith('coverage:') ? 'hostile' : 'conforming';
  return exchangeOf('custom-demand-delete', { intent, path, payload: { demandId: 7 }, body });
};

const judge = (exchanges: Exchange[]) =>
  authUnauthorizedChange.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    { validator },
  );

describe('auth-unauthorized-change: a token the server never checked, where no records show it', () => {
  it('fires once when a wrong token deletes as the valid token does, while no header is refused', () => {
    const findings = judge([call('conforming:0', deleted), call('auth-probe:no-header', missingToken), call('auth-probe:wrong-token', deleted)]);
    expect(findings.map((finding) => finding.actual)).toEqual(['answered as calls with the valid token are (HTTP 200, code "200"): wrong-token']);
  });

  it('fires when the wrong token gets "no such demand", as calls with the valid token do, the first call having deleted it', () => {
    const findings = judge([
      call('conforming:0', deleted),
      call('coverage:0', noSuchDemand),
      call('auth-probe:no-header', missingToken),
      call('auth-probe:empty-value', missingToken),
      call('auth-probe:wrong-token', noSuchDemand),
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.calls?.map((record) => record.path)).toEqual(['auth-probe:no-header', 'auth-probe:wrong-token']);
  });

  it('stays quiet when a wrong token is refused in a code of its own, one no valid call got', () => {
    const invalidToken = envelope('10001', 'invalid token', 'invalid token');
    expect(judge([call('conforming:0', deleted), call('auth-probe:no-header', missingToken), call('auth-probe:wrong-token', invalidToken)])).toEqual([]);
  });

  it('stays quiet on a server that answers every failure with one code, a missing token too', () => {
    const failed = envelope('-1', 'failed', 'failed');
    expect(judge([call('conforming:0', failed), call('auth-probe:no-header', failed), call('auth-probe:wrong-token', failed)])).toEqual([]);
  });

  it('does not judge the operations of signing in, nor those whose answers hold records', () => {
    expect(
      ['send-code', 'login', 'custom-demand-list', 'custom-demand-delete'].map((id) => authUnauthorizedChange.appliesTo!(exchangeOf(id).operation)),
    ).toEqual([false, false, false, true]);
  });
});
