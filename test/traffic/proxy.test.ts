import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { ANSWER_GUARD_MS } from '../mutation-set/run-against.js';
import { startReferenceServer } from '../../src/reference/server.js';
import type { ObservedExchange } from '../../src/traffic/observed.js';
import { startTrafficProxy, type TrafficProxyOptions } from '../../src/traffic/proxy-server.js';
import { causesOf, sessionThroughProxy, trafficJudge } from '../support/through-proxy.js';
import { rawExchange } from '../support/traffic-client.js';

const TOKEN = 'proxy-test-token-51c9';
const withoutDate = (bytes: Buffer) => bytes.toString('latin1').replace(/\r\nDate: [^\r]*/i, '');

/** A proxy in front of `target` that keeps what it saw; stopped after the test. */
const proxies: Array<{ stop(graceMs: number): Promise<number> }> = [];
afterAll(async () => {
  for (const proxy of proxies) await proxy.stop(0);
});
async function proxyTo(target: string, options: Partial<TrafficProxyOptions> = {}) {
  const seen: ObservedExchange[] = [];
  const proxy = await startTrafficProxy({
    target,
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: 1024 * 1024,
    // The reference server answers every request: the proxy's wait is only a guard against a hang.
    timeoutMs: ANSWER_GUARD_MS,
    onExchange: (exchange) => seen.push(exchange),
    ...options,
  });
  proxies.push(proxy);
  return { proxy, seen };
}

describe('a client driven through the proxy to the reference server', () => {
  it('a clean server: every operation the session called is verified, and nothing is found', async () => {
    const { judge } = await sessionThroughProxy();
    const results = judge.results();
    expect(results.length).toBeGreaterThan(12);
    expect(results.flatMap((result) => result.deviations).map((d) => `${d.check} at ${d.operationId}`)).toEqual([]);
    expect(results.filter((result) => result.unverified !== undefined).map((result) => `${result.operationId}: ${result.unverified}`)).toEqual([]);
    expect(judge.seen()).toMatchObject({ unknownExchanges: 0, cut: 0 });
  });

  // One fault or more of each kind the session's requests can show: transport, envelope, data, paging, auth.
  it.each([
    'http-500',
    'connection-reset',
    'html-error-page',
    'gzip-label-on-plain-body',
    'envelope-code-missing',
    'alpha-create-full-envelope',
    'demand-field-missing',
    'page-total-string',
    'total-page-one-too-many',
    'page-number-off-by-one',
    'pages-overlap-by-one',
    'past-last-page-repeats-last',
    'data-without-token',
    'bearer-space-only',
    'documented-header-refused',
  ])('%s is reported by the check that catches it, at its operation', async (name) => {
    const fault = findFault(name)!;
    const { judge } = await sessionThroughProxy(fault);
    expect(causesOf(judge.results().flatMap((result) => result.deviations))).toContain(`${fault.expect.check} at ${fault.expect.at ?? fault.operationId}`);
  });
});

describe('what the client receives through the proxy', () => {
  const cases: Array<{ fault?: string; path: string; body: string }> = [
    { path: '//pc/custom_demand/list', body: '{"pageSize":3,"status":1}' },
    { fault: 'html-error-page', path: '//pc/purchase_order/list', body: '{"pageSize":3,"status":1,"cusType":"1"}' },
    { fault: 'gzip-label-on-plain-body', path: '//pc/customer/deleteConsignee', body: '{"id":199}' },
    { fault: 'json-in-latin-1', path: '//pc/consignmentorder/delConsignment', body: '{"cid":"1"}' },
    { fault: 'short-body', path: '//pc/customer/consigneeInfoById', body: '{"id":1}' },
    { fault: 'connection-reset', path: '//pc/auth/login', body: '{"mobile":"13800138000","password":"pw"}' },
    { path: '//pc/no/such/path', body: '{}' },
  ];

  it.each(cases)('is byte for byte what the server sent, date aside: $path ($fault)', async ({ fault, path, body }) => {
    // Two servers in the same state, one called directly, one through the proxy: a call may change state.
    const options = { token: TOKEN, ...(fault ? { fault: findFault(fault)! } : {}) };
    const [direct, behind] = await Promise.all([startReferenceServer(options), startReferenceServer(options)]);
    try {
      const { proxy, seen } = await proxyTo(behind.url);
      const headers = { 'Content-Type': 'application/json', authorization: `bearer${TOKEN}`, 'X-Client-Case': 'Kept' };
      const [straight, proxied] = await Promise.all([
        rawExchange(direct.url, 'POST', path, headers, body),
        rawExchange(proxy.url, 'POST', path, headers, body),
      ]);
      expect(withoutDate(proxied.bytes)).toBe(withoutDate(straight.bytes));
      if (fault === 'connection-reset') expect(proxied.bytes.length).toBe(0);
      await proxy.stop(1000);
      expect(seen).toHaveLength(1);
      // The request went on as the client wrote it: the path with its doubled slash, header names in their case.
      expect(seen[0]!.request.url).toBe(`${behind.url}${path}`);
      expect(Object.keys(seen[0]!.request.headers)).toEqual(expect.arrayContaining(['Content-Type', 'X-Client-Case']));
    } finally {
      await Promise.all([direct.close(), behind.close()]);
    }
  });

  it('a silent server stays silent: the client gets nothing, the judge a timeout, and stopping cuts the wait', async () => {
    const server = await startReferenceServer({ token: TOKEN, fault: findFault('never-answers')! });
    try {
      const { proxy, seen } = await proxyTo(server.url, { timeoutMs: 200 });
      const client = rawExchange(proxy.url, 'POST', '//pc/custom_demand/create', { authorization: `bearer${TOKEN}` }, '{}');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(seen.map((exchange) => exchange.failure?.kind)).toEqual(['timeout']);
      // Judged already, the exchange is cut at the stop but not counted as left unjudged.
      expect(await proxy.stop(100)).toBe(0);
      expect((await client).bytes.length).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('a status line Node reads but will not write again: the client gets no answer, the judge invalid-http, the proxy goes on', async () => {
    const server = createTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 099 Odd\r\ncontent-length: 2\r\n\r\n{}')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { proxy, seen } = await proxyTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const first = await rawExchange(proxy.url, 'POST', '//pc/custom_demand/list', {}, '{}');
      const second = await rawExchange(proxy.url, 'POST', '//pc/custom_demand/list', {}, '{}');
      expect([first.bytes.length, second.bytes.length]).toEqual([0, 0]);
      await proxy.stop(1000);
      expect(seen.map((exchange) => exchange.failure?.kind)).toEqual(['invalid-http', 'invalid-http']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a body longer than the cap reaches the client whole; the judge reads its beginning, and does not call it broken', async () => {
    const big = JSON.stringify({ data: { list: Array.from({ length: 4000 }, (_, id) => ({ id })) }, status: 'ok', code: '200', message: '', error: {} });
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { proxy, seen } = await proxyTo(target, { maxBodyBytes: 1000 });
      const request = ['POST', '//pc/custom_demand/list', { authorization: 'bearerx1234' }, '{"pageSize":10,"status":1}'] as const;
      const [proxied, straight] = await Promise.all([rawExchange(proxy.url, ...request), rawExchange(target, ...request)]);
      expect(withoutDate(proxied.bytes)).toBe(withoutDate(straight.bytes));
      expect(proxied.bytes.toString('utf8')).toContain(big);
      await proxy.stop(1000);
      expect(seen[0]!.responseCut).toMatch(/body cap of 1000 bytes/);
      const judge = trafficJudge();
      judge.add(seen[0]!);
      expect(causesOf(judge.results().flatMap((result) => result.deviations))).toEqual([]);
      expect(judge.seen().cut).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
