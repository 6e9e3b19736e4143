import { describe, expect, it } from 'vitest';
import { markupEcho } from '../../src/checks/hygiene/markup-echo.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const context = { validator: createValidator() };
const refusal = (message: string) => ({ data: {}, status: 'fail', code: '400', message, error: { field: 'password' } });

/** A hostile login whose request body is the text given, as a generator writes it. */
const login = (requestBody: string, answer: unknown) => exchangeOf('login', { intent: 'hostile', payload: requestBody, body: answer });

describe('markup-echo', () => {
  it('finds markup the request sent as JSON escapes, once the server decoded and echoed it', () => {
    const findings = runCheck(
      markupEcho,
      login('{"mobile":"13800138000","password":"\\u003cscript\\u003ealert(1)"}', refusal('bad <script>alert(1)')),
      context,
    );
    expect(findings).toEqual([{ instancePath: '', expected: 'markup escaped or not echoed', actual: 'echoed "<script>"' }]);
  });

  it('finds an event handler and a javascript: URL echoed from a body that is not JSON', () => {
    expect(runCheck(markupEcho, login('x onerror=alert(1)', 'Bad request: x onerror=alert(1)'), context)).toHaveLength(1);
    expect(runCheck(markupEcho, login('JavaScript:alert(1)', refusal('JavaScript:alert(1) is not a password')), context)).toHaveLength(1);
  });

  it('stays quiet on a request without markup, and on markup that comes back only in data', () => {
    expect(runCheck(markupEcho, login('{"mobile":"13800138000","password":"p4ss"}', refusal('bad password p4ss')), context)).toEqual([]);
    expect(runCheck(markupEcho, login('{"password":"<img src=x>"}', { ...refusal('bad password'), data: { echo: '<img src=x>' } }), context)).toEqual([]);
  });
});
