/**
 * Each red-team fault of test/mutation-set/faults/http/headers.ts changes what the reference server sends, in
 * the way it says: the same call, in the documented form (doubled slash, `authorization: bearer<TOKEN>`)
 * or of the request class the fault names, is sent to a clean server and to one with the fault, and
 * the answers compared.
 */

import type { ReferenceServer } from '../../../../src/reference/server.js';
import { headerFaults } from '../../../mutation-set/faults/http/headers.js';
import { isRedTeam } from '../../../mutation-set/planted-fault.js';
import { demonstrated, type Demonstration, DEMONSTRATION_TOKEN, redTeamServers } from '../../../support/demonstrations.js';
import { callTo, converse, dataOf, field, firstHead, type Json, listOf, parsed, requestText } from '../../../support/raw-http.js';
import { documentedCalls, FIRST_CREATED_ID, FIRST_PAGE, pathOf } from '../../../support/red-team-calls.js';
import { ALPHA_ORDER, CONSIGNMENT, DEMAND, documentedHeaders, UNTOKENED } from '../../../support/sample-bodies.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { type HttpReply, sendByNodeHttp } from '../../../support/node-http.js';
import { describe, expect } from 'vitest';

const TOKEN = DEMONSTRATION_TOKEN;

const DOCUMENTED_HEADERS = { 'content-type': 'application/json', authorization: `bearer${TOKEN}` };

const values = (reply: HttpReply, name: string): string[] => reply.fields.filter(([field]) => field.toLowerCase() === name).map(([, value]) => value);

/** "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110, 5.6.7). */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const { post } = documentedCalls(documentedHeaders(DEMONSTRATION_TOKEN));

/** A POST in HTTP/1.0, as nginx's proxy_pass sends it by default. */
function http10Post(path: string, payload: unknown): string {
  const body = JSON.stringify(payload);
  const head = [
    `POST ${path} HTTP/1.0`,
    'Host: 127.0.0.1',
    'content-type: application/json',
    `authorization: bearer${TOKEN}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  return [...head, '', body].join('\r\n');
}

/** The connection options a Connection field names, lower-cased. */
const connectionOptions = (value: string | undefined): string[] => (value ?? '').split(',').map((option) => option.trim().toLowerCase());

const demonstrations: Readonly<Record<string, Demonstration>> = {
  'content-type-sent-twice': async (clean, faulty) => {
    expect(values(await sendByNodeHttp(clean, 'consignee-delete', { id: 3 }), 'content-type')).toEqual(['application/json; charset=utf-8']);
    expect(values(await sendByNodeHttp(faulty, 'consignee-delete', { id: 3 }), 'content-type')).toEqual([
      'application/json; charset=utf-8',
      'text/html; charset=UTF-8',
    ]);
  },
  'date-header-iso-8601': async (clean, faulty) => {
    expect(field(await sendByNodeHttp(clean, 'consignee-delete', { id: 3 }), 'date')).toMatch(IMF_FIXDATE);
    const date = field(await sendByNodeHttp(faulty, 'consignee-delete', { id: 3 }), 'date');
    expect(date).not.toMatch(IMF_FIXDATE);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  },
  'unauthorized-without-challenge': async (clean, faulty) => {
    const untokened = { 'content-type': 'application/json' };
    const before = await sendByNodeHttp(clean, 'bank-card-by-id', { id: 3 }, untokened);
    expect([before.status, parsed(before).code]).toEqual([200, '401']);
    const after = await sendByNodeHttp(faulty, 'bank-card-by-id', { id: 3 }, untokened);
    expect(after.status).toBe(401);
    expect(field(after, 'www-authenticate')).toBeUndefined();
    expect(parsed(await sendByNodeHttp(faulty, 'bank-card-by-id', { id: 3 }))).toEqual(parsed(await sendByNodeHttp(clean, 'bank-card-by-id', { id: 3 })));
  },
  'hsts-sent-over-cleartext': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-delete', { demandId: 12 });
    expect(field(before, 'strict-transport-security')).toBeUndefined();
    const after = await post(faulty, 'custom-demand-delete', { demandId: 12 });
    expect(field(after, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(parsed(after)).toEqual(parsed(before));
    const refused = await post(faulty, 'custom-demand-delete', { demandId: 12 }, UNTOKENED);
    expect([parsed(refused).code, field(refused, 'strict-transport-security')]).toEqual(['401', 'max-age=31536000; includeSubDomains']);
    const otherMethod = await callTo(faulty, 'GET', pathOf('custom-demand-delete'), undefined, DOCUMENTED_HEADERS);
    expect([parsed(otherMethod).code, field(otherMethod, 'strict-transport-security')]).toEqual(['405', 'max-age=31536000; includeSubDomains']);
    expect(field(await post(faulty, 'custom-demand-list', FIRST_PAGE), 'strict-transport-security')).toBeUndefined();
  },
  'http-1-0-refused-426-without-upgrade': async (clean, faulty) => {
    const placed = firstHead(await converse(clean, http10Post(pathOf('alpha-order-create'), ALPHA_ORDER)));
    expect(placed.head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect((JSON.parse(placed.rest) as Json).data).toMatchObject({ soId: FIRST_CREATED_ID, soCaName: ALPHA_ORDER.soCaName });
    const refused = await converse(faulty, http10Post(pathOf('alpha-order-create'), ALPHA_ORDER));
    const { head, rest } = firstHead(refused);
    const [statusLine, ...lines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 426 Upgrade Required');
    const names = lines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase());
    expect(names).not.toContain('upgrade');
    expect(lines).toContain('content-length: 0');
    expect([rest, refused.closedByServer]).toEqual(['', true]);
    expect(listOf(await post(faulty, 'alpha-orders-list', FIRST_PAGE))[0]!.soId).not.toBe(FIRST_CREATED_ID);
    const placedIn11 = dataOf(await post(faulty, 'alpha-order-create', ALPHA_ORDER));
    expect(placedIn11.soId).toBe(FIRST_CREATED_ID);
  },
  'content-type-parameter-with-colon': async (clean, faulty) => {
    const before = await post(clean, 'consignment-publish', CONSIGNMENT);
    const after = await post(faulty, 'consignment-publish', CONSIGNMENT);
    expect(field(before, 'content-type')).toBe('application/json; charset=utf-8');
    expect(field(after, 'content-type')).toBe('application/json; charset:utf-8');
    expect(parsed(after)).toEqual(parsed(before));
  },
  'method-not-allowed-without-allow': async (clean, faulty) => {
    const path = pathOf('custom-demand-create');
    const before = await callTo(clean, 'GET', path, undefined, DOCUMENTED_HEADERS);
    expect([before.status, parsed(before).code]).toEqual([200, '405']);
    const after = await callTo(faulty, 'GET', path, undefined, DOCUMENTED_HEADERS);
    expect([after.status, parsed(after).code, field(after, 'allow')]).toEqual([405, '405', undefined]);
    expect(parsed(await post(faulty, 'custom-demand-create', DEMAND)).code).toBe('200');
  },
  'server-banner-of-unsupported-stack': async (clean, faulty) => {
    const before = await post(clean, 'custom-demand-create', DEMAND);
    expect([field(before, 'server'), field(before, 'x-powered-by')]).toEqual([undefined, undefined]);
    const after = await post(faulty, 'custom-demand-create', DEMAND);
    expect([field(after, 'server'), field(after, 'x-powered-by')]).toEqual(['Apache/2.2.15 (CentOS)', 'PHP/5.4.16']);
    expect(parsed(after)).toEqual(parsed(before));
  },
  'date-frozen-at-first-call': async (clean, faulty) => {
    const asked = { mobile: '13812345678', source: 1 };
    const datesOf = async (server: ReferenceServer) => {
      const first = field(await post(server, 'send-code', asked), 'date')!;
      await sleep(1100);
      const second = await post(server, 'send-code', asked);
      expect(parsed(second).code).toBe('200');
      return [first, field(second, 'date')!];
    };
    const [cleanFirst, cleanSecond] = await datesOf(clean);
    expect(cleanSecond).not.toBe(cleanFirst);
    const [faultyFirst, faultySecond] = await datesOf(faulty);
    expect(faultySecond).toBe(faultyFirst);
    expect(Date.now() - Date.parse(faultySecond!)).toBeGreaterThanOrEqual(1000);
  },
  'refusal-without-content-type': async (clean, faulty) => {
    for (const refused of [{}, { pageSize: 0 }]) {
      const before = await post(clean, 'bank-card-list', refused);
      expect([parsed(before).code, field(before, 'content-type')]).toEqual(['400', 'application/json; charset=utf-8']);
      const after = await post(faulty, 'bank-card-list', refused);
      expect(field(after, 'content-type')).toBeUndefined();
      expect(parsed(after)).toEqual(parsed(before));
    }
    const page = await post(faulty, 'bank-card-list', FIRST_PAGE);
    expect(field(page, 'content-type')).toBe('application/json; charset=utf-8');
    expect(parsed(page)).toEqual(parsed(await post(clean, 'bank-card-list', FIRST_PAGE)));
  },
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
};

describe('the red team faults of faults/http/headers.ts', () => {
  demonstrated(headerFaults.filter(isRedTeam), demonstrations, redTeamServers(DEMONSTRATION_TOKEN));
});
