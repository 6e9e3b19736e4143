import { describe, expect, it } from 'vitest';
import { findingsOn } from '../support/judge.js';
import { envelope } from '../../src/checks/envelope/envelope.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();

describe('envelope: one cause, one deviation', () => {
  it('an envelope broken in three fields is one finding naming each field', () => {
    const exchange = exchangeOf('custom-demand-delete', { body: { data: {}, status: 1, code: 200, error: {} } });
    const findings = runCheck(envelope, exchange, { validator });
    expect(findings).toHaveLength(1);
    expect(findings[0]!.instancePath).toBe('');
    for (const field of ['/status', '/code', '/message']) expect(findings[0]!.actual).toContain(field);
  });

  it('an envelope broken in one field points at it', () => {
    const { code: _code, ...body } = { data: {}, status: 'ok', code: '200', message: 'ok', error: {} };
    expect(runCheck(envelope, exchangeOf('custom-demand-delete', { body }), { validator }).map((f) => f.instancePath)).toEqual(['/code']);
  });

  it('an auth probe answered with a broken envelope is judged like any other answer', () => {
    const probe = exchangeOf('bank-card-list', {
      intent: 'auth-probe',
      path: 'auth-probe:no-header',
      requestHeaders: { authorization: '' },
      body: { error: 'unauthorized' },
    });
    expect(findingsOn(probe)).toContain('error envelope ');
  });

  it('an auth probe refused with the envelope gives no envelope finding', () => {
    const refused = { data: {}, status: 'fail', code: '401', message: 'unauthorized', error: { reason: 'unauthorized' } };
    const probe = exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:no-header', body: refused });
    expect(findingsOn(probe).filter((line) => line.includes('envelope'))).toEqual([]);
  });
});
