/** How each fault of red team round 12's HTTP semantics and message framing shows, by name. */
import { expect } from 'vitest';
import { callTo, converse, field, firstHead, parsed, requestText } from '../raw-http.js';
import { documentedCalls, FIRST_PAGE, pathOf } from '../red-team-calls.js';
import type { Demonstration } from '../red-team-round.js';
import { BETA_ORDER, DEMAND, documentedHeaders } from '../sample-bodies.js';
import { ROUND_12_TOKEN } from './token.js';

const DOCUMENTED_HEADERS = documentedHeaders(ROUND_12_TOKEN);
const { post } = documentedCalls(DOCUMENTED_HEADERS);

/** The documented call as a client that names itself sends it. */
const WITH_USER_AGENT = { ...DOCUMENTED_HEADERS, 'user-agent': 'okhttp/4.12.0' };

/** What a browser sends before a cross-origin POST with the token. */
const PREFLIGHT = {
  origin: 'https://member.example',
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, content-type',
};

/** The connection options a Connection field names, lower-cased. */
const connectionOptions = (value: string | undefined): string[] => (value ?? '').split(',').map((option) => option.trim().toLowerCase());

export const round12HttpDemonstrations: Readonly<Record<string, Demonstration>> = {
  'upgrade-offered-without-connection-option': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-list', FIRST_PAGE);
    expect(field(before, 'upgrade')).toBeUndefined();
    const after = await post(faulty, 'custom-demand-list', FIRST_PAGE);
    expect([after.status, parsed(after)]).toEqual([200, parsed(before)]);
    expect(field(after, 'upgrade')).toBe('h2,h2c');
    expect(connectionOptions(field(after, 'connection'))).not.toContain('upgrade');
    // On a connection kept open, as a client that reuses it sees it.
    const { head } = firstHead(await converse(faulty, requestText('POST', pathOf('bank-card-list'), DOCUMENTED_HEADERS, JSON.stringify(FIRST_PAGE))));
    expect(head).toMatch(/^upgrade: h2,h2c$/im);
    expect(head).toMatch(/^connection: keep-alive$/im);
    const refused = await post(faulty, 'custom-demand-create', DEMAND, { 'content-type': 'application/json' });
    expect([parsed(refused).code, field(refused, 'upgrade')]).toEqual(['401', 'h2,h2c']);
    const partner = await post(faulty, 'alpha-orders-list', FIRST_PAGE);
    expect([parsed(partner), field(partner, 'upgrade')]).toEqual([parsed(await post(clean, 'alpha-orders-list', FIRST_PAGE)), undefined]);
  },
  'preflight-204-with-content-length': async (clean, faulty) => {
    const path = pathOf('custom-demand-create');
    const before = await callTo(clean, 'OPTIONS', path, undefined, PREFLIGHT);
    expect([before.status, parsed(before).code, field(before, 'access-control-allow-origin')]).toEqual([200, '405', undefined]);
    const after = await callTo(faulty, 'OPTIONS', path, undefined, PREFLIGHT);
    expect([after.status, after.body.length]).toEqual([204, 0]);
    expect(field(after, 'content-length')).toBe('0');
    expect(field(after, 'access-control-allow-origin')).toBe('*');
    expect(field(after, 'access-control-allow-headers')).toMatch(/Authorization/);
    // On the wire: the 204's status line, then the field it must not carry.
    const { head } = firstHead(await converse(faulty, requestText('OPTIONS', pathOf('bank-card-list'), PREFLIGHT)));
    expect(head).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(head).toMatch(/^content-length: 0$/im);
    // The calls themselves, and OPTIONS under /openapi, are answered as by the clean server.
    const created = await post(faulty, 'custom-demand-create', DEMAND);
    expect([created.status, parsed(created)]).toEqual([200, parsed(await post(clean, 'custom-demand-create', DEMAND))]);
    const partner = await callTo(faulty, 'OPTIONS', pathOf('alpha-orders-list'), undefined, PREFLIGHT);
    expect([partner.status, parsed(partner).code]).toEqual([200, '405']);
  },
  'waf-refuses-calls-without-user-agent': async (clean, faulty) => {
    const before = await post(clean, 'beta-order-create', BETA_ORDER);
    expect([before.status, parsed(before).code]).toEqual([200, '200']);
    const after = await post(faulty, 'beta-order-create', BETA_ORDER);
    expect([after.status, field(after, 'server'), field(after, 'content-type')]).toEqual([403, 'awselb/2.0', 'text/html']);
    expect(after.body.toString('utf8')).toContain('<h1>403 Forbidden</h1>');
    const empty = await post(faulty, 'alpha-orders-list', FIRST_PAGE, { ...DOCUMENTED_HEADERS, 'user-agent': '' });
    expect(empty.status).toBe(403);
    // Nothing was placed: the faulty server's next order is the one the clean server's first was.
    const named = await post(faulty, 'beta-order-create', BETA_ORDER, WITH_USER_AGENT);
    expect([named.status, (parsed(named).data as { soId: unknown }).soId]).toEqual([200, (parsed(before).data as { soId: unknown }).soId]);
    const member = await post(faulty, 'custom-demand-list', FIRST_PAGE);
    expect([member.status, parsed(member)]).toEqual([200, parsed(await post(clean, 'custom-demand-list', FIRST_PAGE))]);
  },
  'field-name-with-a-space': async (clean, faulty) => {
    const path = pathOf('purchase-order-list');
    const body = JSON.stringify(FIRST_PAGE);
    const before = firstHead(await converse(clean, requestText('POST', path, DOCUMENTED_HEADERS, body)));
    const after = firstHead(await converse(faulty, requestText('POST', path, DOCUMENTED_HEADERS, body)));
    expect(before.head).not.toMatch(/^X-Execution Time:/m);
    expect(after.head).toMatch(/^X-Execution Time: \d+ms$/m);
    expect(after.head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(after.rest)).toEqual(JSON.parse(before.rest));
    // A strict parser refuses the whole answer; the clean one it reads.
    await expect(post(faulty, 'purchase-order-list', FIRST_PAGE)).rejects.toMatchObject({ code: 'HPE_INVALID_HEADER_TOKEN' });
    expect(parsed(await post(clean, 'purchase-order-list', FIRST_PAGE)).code).toBe('200');
    const refused = firstHead(await converse(faulty, requestText('POST', path, { 'content-type': 'application/json' }, body)));
    expect(refused.head).toMatch(/^X-Execution Time: \d+ms$/m);
    expect(JSON.parse(refused.rest)).toMatchObject({ code: '401' });
    expect(parsed(await post(faulty, 'custom-demand-list', FIRST_PAGE)).code).toBe('200');
  },
};
