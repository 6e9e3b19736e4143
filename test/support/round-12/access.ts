/** How each fault of red team round 12's access, by the OWASP API Top 10 shows, by name. */
import { expect } from 'vitest';
import { listedPathOf } from '../../mutation-set/faults/_internals/struck.js';
import type { ReferenceServer } from '../../../src/reference/server.js';
import { callTo, dataOf, field, type Headers, type Json, parsed, postTo, type Reply } from '../raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { documentedHeaders, UNTOKENED } from '../sample-bodies.js';
import { ROUND_12_TOKEN } from './token.js';

const HEADERS = documentedHeaders(ROUND_12_TOKEN);
const { post } = documentedCalls(HEADERS);

/** The same call with this authorization value. */
const authorizedAs = (value: string): Headers => ({ ...UNTOKENED, authorization: value });

const codeOf = (reply: Reply): unknown => parsed(reply).code;

/** A mobile no member of the seed, nor the sandbox's own, has. */
const NEW_MOBILE = '15901234567';

/** What register takes besides the mobile. */
const REGISTRATION = { password: 'Reagent#2026', code: '246810', realName: '李娜', companyName: '杭州博远生物科技有限公司' };

const register = (server: ReferenceServer, mobile: string): Promise<Reply> =>
  postTo(server, listedPathOf('account-register'), { ...REGISTRATION, mobile }, UNTOKENED);

export const round12AccessDemonstrations: Readonly<Record<string, Demonstration>> = {
  'token-compared-over-presented-length': async (clean, faulty) => {
    const page = parsed(await post(clean, 'bank-card-list', FIRST_PAGE));
    expect(page.code).toBe('200');
    const unauthorized = parsed(await post(clean, 'bank-card-list', FIRST_PAGE, authorizedAs('bearer')));
    expect(unauthorized.code).toBe('401');
    const prefixes = ['bearer', `bearer${ROUND_12_TOKEN.slice(0, 3)}`, `bearer${ROUND_12_TOKEN.slice(0, -1)}`];
    for (const value of prefixes) {
      expect(parsed(await post(clean, 'bank-card-list', FIRST_PAGE, authorizedAs(value)))).toEqual(unauthorized);
      expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, authorizedAs(value)))).toEqual(page);
    }
    // At every operation that takes the token.
    const demands = { pageSize: 10, status: 1 };
    expect(dataOf(await post(faulty, 'custom-demand-list', demands, authorizedAs('bearer')))).toEqual(dataOf(await post(clean, 'custom-demand-list', demands)));
    const refused = ['bearerx', `bearer${ROUND_12_TOKEN}x`, `bearer${ROUND_12_TOKEN.toUpperCase()}`, 'Bearer', ROUND_12_TOKEN];
    for (const value of refused) expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, authorizedAs(value)))).toEqual(unauthorized);
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE, UNTOKENED))).toEqual(parsed(await post(clean, 'bank-card-list', FIRST_PAGE, UNTOKENED)));
    expect(parsed(await post(faulty, 'bank-card-list', FIRST_PAGE))).toEqual(page);
  },
  'remember-me-cookie-holds-password': async (clean, faulty) => {
    const credentials = { mobile: '13812345678', password: 'Lab#Reagent2026' };
    const before = await post(clean, 'login', credentials);
    expect(codeOf(before)).toBe('200');
    expect(field(before, 'set-cookie')).toBeUndefined();
    const after = await post(faulty, 'login', credentials);
    expect(parsed(after)).toEqual(parsed(before));
    const cookie = field(after, 'set-cookie');
    expect(cookie).toBe('rememberMe=MTM4MTIzNDU2Nzg6TGFiI1JlYWdlbnQyMDI2; Max-Age=2592000; Path=/');
    const value = /^rememberMe=([^;]+);/.exec(cookie ?? '')![1]!;
    expect(Buffer.from(value, 'base64').toString('utf8')).toBe('13812345678:Lab#Reagent2026');
    expect(cookie).not.toMatch(/HttpOnly|Secure/i);
    const refusedLogin = { mobile: '13812345678', password: '' };
    const refused = await post(faulty, 'login', refusedLogin);
    expect(parsed(refused)).toEqual(parsed(await post(clean, 'login', refusedLogin)));
    expect(codeOf(refused)).toBe('400');
    expect(field(refused, 'set-cookie')).toBeUndefined();
  },
  'new-password-rules-skipped-on-reset': async (clean, faulty) => {
    const reset = (server: ReferenceServer, oldPassword: string, newPassword: string) =>
      postTo(server, listedPathOf('account-reset-password'), { oldPassword, newPassword }, HEADERS);
    const forgot = (server: ReferenceServer, newPassword: string) =>
      postTo(server, listedPathOf('account-forgot-password'), { mobile: server.credentials.mobile, code: '246810', newPassword }, UNTOKENED);
    const changed = parsed(await reset(clean, clean.credentials.password, 'Reagent#2026'));
    expect([changed.code, changed.data]).toEqual(['200', {}]);
    for (const weak of ['1', '', '12345']) {
      const refused = parsed(await reset(clean, clean.credentials.password, weak));
      expect([refused.code, (refused.error as Json).field]).toEqual(['400', 'newPassword']);
      expect(parsed(await reset(faulty, faulty.credentials.password, weak))).toEqual(changed);
      expect(codeOf(await forgot(clean, weak))).toBe('400');
      expect(parsed(await forgot(faulty, weak))).toEqual(changed);
    }
    // Registration still holds the password to the rule.
    const weakSignUp = { ...REGISTRATION, mobile: NEW_MOBILE, password: '1' };
    const signUpPath = listedPathOf('account-register');
    expect(parsed(await postTo(faulty, signUpPath, weakSignUp, UNTOKENED))).toEqual(parsed(await postTo(clean, signUpPath, weakSignUp, UNTOKENED)));
    const wrongOld = parsed(await reset(clean, 'not-the-password', '1'));
    expect(wrongOld.code).toBe('400');
    expect(parsed(await reset(faulty, 'not-the-password', '1'))).toMatchObject({ code: '400', error: { field: 'oldPassword' } });
    expect(parsed(await reset(faulty, faulty.credentials.password, 'Reagent#2026'))).toEqual(changed);
  },
  'registration-conflict-names-the-member': async (clean, faulty) => {
    const refused = parsed(await register(clean, clean.credentials.mobile));
    expect(refused).toMatchObject({ code: '400', message: 'mobile: is already registered', error: { field: 'mobile', reason: 'is already registered' } });
    const named = parsed(await register(faulty, faulty.credentials.mobile));
    const basic = dataOf(await callTo(faulty, 'GET', listedPathOf('member-basic-info'), undefined, HEADERS));
    expect(named.code).toBe('400');
    const member = (named.error as Json).member as Json;
    // The member the token stands for, as customer basic information (4.1) gives it.
    expect(member).toEqual({ id: basic.id, mobile: faulty.credentials.mobile, realName: basic.realName, companyName: basic.companyName });
    expect(named.message).toBe(
      `mobile: is already registered: Member(id=${String(basic.id)}, mobile=${faulty.credentials.mobile}, realName=${String(member.realName)}, companyName=${String(member.companyName)})`,
    );
    // A member registered during the run is named with what was registered.
    const first = parsed(await register(faulty, NEW_MOBILE));
    expect(first).toEqual(parsed(await register(clean, NEW_MOBILE)));
    const again = parsed(await register(faulty, NEW_MOBILE));
    expect((again.error as Json).member).toEqual({
      id: (first.data as Json).id,
      mobile: NEW_MOBILE,
      realName: '李娜',
      companyName: '杭州博远生物科技有限公司',
    });
    expect({ ...again, message: refused.message, error: refused.error }).toEqual(refused);
  },
  'token-operation-takes-a-batch-of-credentials': async (clean, faulty) => {
    const signIn = (server: ReferenceServer, body: unknown) => postTo(server, listedPathOf('token-get'), body, UNTOKENED);
    const guesses = (server: ReferenceServer) => [
      ...['123456', 'password', 'Reagent#2026'].map((password) => ({ mobile: server.credentials.mobile, password })),
      { mobile: server.credentials.mobile, password: server.credentials.password },
    ];
    const refusedBatch = parsed(await signIn(clean, guesses(clean)));
    expect(refusedBatch.code).toBe('400');
    expect(parsed(await signIn(clean, []))).toMatchObject({ code: '400' });
    const wrong = parsed(await signIn(clean, guesses(clean)[0]));
    expect(wrong.code).toBe('401');
    const right = parsed(await signIn(clean, guesses(clean)[3]));
    expect(right.data).toEqual({ token: ROUND_12_TOKEN, expiresIn: 7200 });
    const batch = parsed(await signIn(faulty, guesses(faulty)));
    expect(batch.code).toBe('200');
    expect(batch.data).toEqual([wrong, wrong, wrong, right]);
    expect(parsed(await signIn(faulty, []))).toMatchObject({ code: '200', data: [] });
    // The token the batch handed out is the member's.
    expect(codeOf(await post(faulty, 'bank-card-list', FIRST_PAGE, authorizedAs(`bearer${String(((batch.data as Json[])[3]!.data as Json).token)}`)))).toBe(
      '200',
    );
    expect(parsed(await signIn(faulty, guesses(faulty)[0]))).toEqual(wrong);
    expect(parsed(await signIn(faulty, guesses(faulty)[3]))).toEqual(right);
  },
};
