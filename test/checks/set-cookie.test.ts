/** set-cookie: a field line holding two cookies (RFC 6265 §3) told from an Expires date's comma and from two field lines. */
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../src/checks/headers/set-cookie.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf, HTTP_DATE } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();
/** The answer to login with these Set-Cookie field lines, kept as the client keeps them (client/field-lines.ts). */
const findings = (...lines: string[]) =>
  runCheck(setCookie, exchangeOf('login', { headers: { 'content-type': 'application/json', date: HTTP_DATE, 'set-cookie': lines.join('\n') } }), { validator });

describe('set-cookie: folding', () => {
  it('two cookies folded into one field line, as a gateway with single-valued headers joins them', () => {
    const [finding, ...more] = findings('OTP_SESSION=5d41402a; Path=/; HttpOnly, OTP_MOBILE=13812345678; Path=/; Max-Age=2592000');
    expect(more).toEqual([]);
    expect(finding?.expected).toContain('RFC 6265 §3');
  });

  it('a folded line after an Expires date, and a second cookie right after the comma', () => {
    expect(findings('a=1; Expires=Wed, 09 Jun 2027 10:18:14 GMT, b=2')).toHaveLength(1);
    expect(findings('a=1,b=2')).toHaveLength(1);
  });

  it("no false alarm on one cookie with an Expires date, whose comma is the date's", () => {
    expect(findings('SESSION=3f9a; Expires=Wed, 09 Jun 2027 10:18:14 GMT; Path=/; Secure; HttpOnly')).toEqual([]);
    expect(findings('SESSION=3f9a; Path=/; Expires=Wed, 09 Jun 2027 10:18:14 GMT')).toEqual([]);
  });

  it('no false alarm on two cookies in two field lines, each with an Expires date', () => {
    expect(findings('a=1; Expires=Wed, 09 Jun 2027 10:18:14 GMT; Path=/', 'b=2; Expires=Thu, 10 Jun 2027 10:18:14 GMT')).toEqual([]);
  });

  it('folding and a broken cookie in one answer: one finding that names both', () => {
    const found = findings('a=1; Path=/, b=2', 'c={"id":1}');
    expect(found).toHaveLength(1);
    expect(found[0]!.expected).toContain('RFC 6265 §3');
    expect(found[0]!.expected).toContain('RFC 6265 §4.1.1');
  });

  it('the cookies of a folded line are judged each on its own: a valid pair after the comma is no broken value', () => {
    expect(findings('a=1; Max-Age=60, b=2; Max-Age=60')[0]!.expected).not.toContain('§4.1.1');
  });
});
