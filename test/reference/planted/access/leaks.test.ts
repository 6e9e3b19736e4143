/**
 * Each red-team fault of test/mutation-set/faults/access/leaks.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { listedPathOf } from '../../../mutation-set/faults/_internals/struck.js';
import { leakFaults } from '../../../mutation-set/faults/access/leaks.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callTo, dataOf, field, type Json, listOf, parsed, postTo, type Reply, text } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { BETA_ORDER, DEMAND, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

const HEADERS = documentedHeaders(DEMONSTRATION_TOKEN);

const codeOf = (reply: Reply): unknown => parsed(reply).code;

/** A mobile no member of the seed, nor the sandbox's own, has. */
const NEW_MOBILE = '15901234567';

/** What register takes besides the mobile. */
const REGISTRATION = { password: 'Reagent#2026', code: '246810', realName: '李娜', companyName: '杭州博远生物科技有限公司' };

const register = (server: ReferenceServer, mobile: string): Promise<Reply> =>
  postTo(server, listedPathOf('account-register'), { ...REGISTRATION, mobile }, UNTOKENED);

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'send-code-returns-the-code': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    expect(dataOf(await sendByNodeHttp(clean, 'send-code', asked))).toEqual({});
    expect(dataOf(await sendByNodeHttp(faulty, 'send-code', asked)).verifyCode).toMatch(/^\d{6}$/);
  },
  'login-returns-password-hash': async (clean, faulty) => {
    const asked = { mobile: '13812345678', password: 'Reagent2024' };
    expect(dataOf(await sendByNodeHttp(clean, 'login', asked))).toEqual({});
    expect(dataOf(await sendByNodeHttp(faulty, 'login', asked)).password).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
  },
  'internal-upstream-in-headers': async (clean, faulty) => {
    expect(field(await sendByNodeHttp(clean, 'beta-order-create', BETA_ORDER), 'x-upstream-addr')).toBeUndefined();
    const after = await sendByNodeHttp(faulty, 'beta-order-create', BETA_ORDER);
    expect(field(after, 'x-upstream-addr')).toMatch(/^10\.\d+\.\d+\.\d+:\d+$/);
    expect(field(after, 'x-served-by')).toMatch(/\.internal$/);
  },
  'refusal-echoes-request-headers': async (clean, faulty) => {
    const { cas: _cas, ...withoutCas } = DEMAND;
    const before = await post(clean, 'custom-demand-create', withoutCas);
    expect(parsed(before).code).toBe('400');
    expect(text(before)).not.toContain(TOKEN);
    const after = await post(faulty, 'custom-demand-create', withoutCas);
    expect(parsed(after).code).toBe('400');
    expect(parsed(after).error).toMatchObject({ field: 'cas', request: { headers: { authorization: `bearer${TOKEN}` } } });
    expect(parsed(await post(faulty, 'custom-demand-create', DEMAND))).toEqual(parsed(await post(clean, 'custom-demand-create', DEMAND)));
  },
  'purchase-orders-embed-publisher': async (clean, faulty) => {
    const asked = { pageSize: 10 };
    const before = listOf(await post(clean, 'purchase-order-list', asked));
    const after = listOf(await post(faulty, 'purchase-order-list', asked));
    expect(before.some((record) => 'member' in record)).toBe(false);
    for (const [index, record] of after.entries()) {
      const { member, ...rest } = record as Json & { member: Json };
      expect(rest).toEqual(before[index]);
      expect(member.mobile).toMatch(/^1\d{10}$/);
      expect(member.id).not.toBe(1);
    }
  },
  'trace-reflects-authorization': async (clean, faulty) => {
    const path = pathOf('consignee-by-id');
    const before = await callTo(clean, 'TRACE', path, undefined, DOCUMENTED_HEADERS);
    expect(parsed(before).code).toBe('405');
    expect(text(before)).not.toContain(TOKEN);
    const after = await callTo(faulty, 'TRACE', path, undefined, DOCUMENTED_HEADERS);
    expect([after.status, field(after, 'content-type')]).toEqual([200, 'message/http']);
    expect(text(after)).toMatch(new RegExp(`^TRACE ${path} HTTP/1\\.1\\r\\n`));
    expect(text(after)).toContain(`authorization: bearer${TOKEN}\r\n`);
  },
  'page-links-carry-access-token': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-list', FIRST_PAGE);
    expect(field(before, 'link')).toBeUndefined();
    const after = await post(faulty, 'bank-card-list', FIRST_PAGE);
    const origin = faulty.url;
    expect(field(after, 'link')).toBe(
      `<${origin}//pc/customer/bankCardList?pageSize=10&pageNo=2&access_token=${TOKEN}>; rel="next", ` +
        `<${origin}//pc/customer/bankCardList?pageSize=10&pageNo=20&access_token=${TOKEN}>; rel="last"`,
    );
    expect(parsed(after)).toEqual(parsed(before));
  },
  'profiler-left-on-in-production': async (clean, faulty) => {
    const before = await post(clean, 'bank-card-list', FIRST_PAGE);
    expect(field(before, 'x-debug-token')).toBeUndefined();
    const after = await post(faulty, 'bank-card-list', FIRST_PAGE);
    expect(parsed(after)).toEqual(parsed(before));
    const token = field(after, 'x-debug-token')!;
    expect(token).toMatch(/^[0-9a-f]{6}$/);
    const link = new URL(field(after, 'x-debug-token-link')!);
    expect(link.pathname).toBe(`/_profiler/${token}`);
    for (const path of ['/_profiler/latest', link.pathname]) {
      const profile = await callTo(faulty, 'GET', path, undefined, {});
      expect(profile.status).toBe(200);
      expect(text(profile)).toContain(`<tr><th>authorization</th><td>bearer${TOKEN}</td></tr>`);
    }
    const unprofiled = await callTo(clean, 'GET', '/_profiler/latest', undefined, {});
    expect([unprofiled.status, parsed(unprofiled).code]).toEqual([200, '404']);
  },
  'cus-type-concatenated-into-sql': async (clean, faulty) => {
    const quoted = { pageSize: 10, cusType: "1'" };
    expect(dataOf(await post(clean, 'purchase-order-list', quoted))).toEqual({ totalPage: 0, pageNo: 1, list: [] });
    const failed = parsed(await post(faulty, 'purchase-order-list', quoted));
    expect([failed.status, failed.code]).toEqual(['fail', '500']);
    expect(failed.message).toContain(
      "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near ''1''",
    );
    expect((failed.error as Json).sql).toContain("FROM purchase_order WHERE member_id = 1 AND cus_type = '1'' ORDER BY id DESC LIMIT 0, 10");
    const truth = { pageSize: 10, pageNo: 2, status: 1, cusType: "1' OR '1'='1" };
    expect(listOf(await post(clean, 'purchase-order-list', truth))).toEqual([]);
    const everything = { pageSize: 10, pageNo: 2 };
    expect(parsed(await post(faulty, 'purchase-order-list', truth))).toEqual(parsed(await post(clean, 'purchase-order-list', everything)));
    const ofType = { pageSize: 10, status: 1, cusType: '2' };
    expect(parsed(await post(faulty, 'purchase-order-list', ofType))).toEqual(parsed(await post(clean, 'purchase-order-list', ofType)));
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
};

describe('the red team faults of faults/access/leaks.ts', () => {
  demonstrated(leakFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
