/**
 * Each red-team fault of test/mutation-set/faults/records/state.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { stateFaults } from '../../../mutation-set/faults/records/state.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { dataOf, type Headers, type Json, parsed, postTo, type Reply } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE } from '../../../support/red-team-calls.js';
import { documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';

import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

/** The same call with this authorization value. */
const authorizedAs = (value: string): Headers => ({ ...UNTOKENED, authorization: value });

const codeOf = (reply: Reply): unknown => parsed(reply).code;

/** A mobile no member of the seed, nor the sandbox's own, has. */
const NEW_MOBILE = '15901234567';

/** What register takes besides the mobile. */
const REGISTRATION = { password: 'Reagent#2026', code: '246810', realName: '李娜', companyName: '杭州博远生物科技有限公司' };

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'register-overwrites-existing-member': async (clean, faulty) => {
    const register = (server: ReferenceServer, password: string) =>
      postTo(server, listedPathOf('account-register'), { mobile: server.credentials.mobile, password, code: '246810' }, UNTOKENED);
    const getToken = (server: ReferenceServer, password: string) =>
      postTo(server, listedPathOf('token-get'), { mobile: server.credentials.mobile, password }, UNTOKENED);
    const refused = parsed(await register(clean, 'Taken#2026'));
    expect([refused.code, refused.message]).toEqual(['400', 'mobile: is already registered']);
    expect(parsed(await getToken(clean, 'Taken#2026')).code).toBe('401');
    expect(dataOf(await getToken(faulty, faulty.credentials.password))).toEqual({ token: TOKEN, expiresIn: 7200 });
    const overwritten = parsed(await register(faulty, 'Taken#2026'));
    expect([overwritten.code, typeof (overwritten.data as Json).id]).toEqual(['200', 'number']);
    expect(dataOf(await getToken(faulty, 'Taken#2026'))).toEqual({ token: TOKEN, expiresIn: 7200 });
    expect(parsed(await getToken(faulty, faulty.credentials.password))).toEqual(parsed(await getToken(clean, 'Taken#2026')));
    const newcomer = { mobile: '15901234567', password: 'Reagent#2026', code: '246810' };
    const registers = (server: ReferenceServer) => postTo(server, listedPathOf('account-register'), newcomer, UNTOKENED);
    expect(parsed(await registers(faulty))).toEqual(parsed(await registers(clean)));
  },
  'sign-in-cache-key-reads-eight-password-bytes': async (clean, faulty) => {
    const signIn = (server: ReferenceServer, password: string, mobile = server.credentials.mobile) =>
      postTo(server, listedPathOf('token-get'), { mobile, password }, UNTOKENED);
    const near = (server: ReferenceServer) => `${server.credentials.password.slice(0, 8)}-not-the-password`;
    const granted = { token: DEMONSTRATION_TOKEN, expiresIn: 7200 };
    const refused = parsed(await signIn(clean, near(clean)));
    expect(refused.code).toBe('401');
    expect(dataOf(await signIn(clean, clean.credentials.password))).toEqual(granted);
    expect(parsed(await signIn(clean, near(clean)))).toEqual(refused);
    expect(parsed(await signIn(faulty, near(faulty)))).toEqual(refused);
    expect(dataOf(await signIn(faulty, faulty.credentials.password))).toEqual(granted);
    const after = parsed(await signIn(faulty, near(faulty)));
    expect([after.code, after.data]).toEqual(['200', granted]);
    expect(dataOf(await signIn(faulty, faulty.credentials.password.slice(0, 8)))).toEqual(granted);
    const right = faulty.credentials.password;
    const offAtEighth = `${right.slice(0, 7)}${right[7] === 'a' ? 'b' : 'a'}-not-the-password`;
    expect(parsed(await signIn(faulty, offAtEighth))).toEqual(refused);
    expect(parsed(await signIn(faulty, near(faulty), '13912345678'))).toEqual(refused);
  },
  'password-change-ignores-old-password-check': async (clean, faulty) => {
    const reset = (server: ReferenceServer, oldPassword: string, headers: Headers = HEADERS, newPassword: unknown = 'Reagent#2026') =>
      postTo(server, listedPathOf('account-reset-password'), { oldPassword, newPassword }, headers);
    const refused = parsed(await reset(clean, 'not-the-password'));
    expect([refused.code, refused.message]).toEqual(['400', 'oldPassword: is not the current password']);
    const changed = parsed(await reset(clean, clean.credentials.password));
    expect([changed.code, changed.data]).toEqual(['200', {}]);
    expect(parsed(await reset(faulty, 'not-the-password'))).toEqual(changed);
    expect(parsed(await reset(faulty, faulty.credentials.password))).toEqual(changed);
    expect(parsed(await reset(faulty, 'not-the-password', HEADERS, 'short'))).toEqual(parsed(await reset(clean, 'not-the-password', HEADERS, 'short')));
    expect(parsed(await reset(faulty, 'not-the-password', UNTOKENED))).toEqual(parsed(await reset(clean, 'not-the-password', UNTOKENED)));
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
    expect(right.data).toEqual({ token: DEMONSTRATION_TOKEN, expiresIn: 7200 });
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

describe('the red team faults of faults/records/state.ts', () => {
  demonstrated(stateFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
