import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { relations } from '../../src/checks/relations/index.js';
import { replayCall } from '../../src/engine/schedule/replay.js';
import { pageCallAt, walkCallsAtMost } from '../../src/engine/operation/page-walk.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { SEEDED_RECORDS } from '../../src/reference/seed.js';
import { PAGE_SIZE_LARGE } from '../../src/generators/coverage/pages.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { sharedValidator } from '../../src/validation/validator.js';
import { kitFor, line, testSettings } from '../support/kit.js';

const token = 'walk-token';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function walkOf(operationId: string, bounds: { walkPages?: number; walkRecords?: number }) {
  const reference = await startReferenceServer({ token });
  const { client, context } = kitFor(testSettings(reference.url, token, { runs: 0, hostileRuns: 0, authProbes: false, ...bounds }));
  stops.push(async () => {
    await client.close();
    await reference.close();
  });
  return runOperation(findOperation(operationId)!, context);
}

describe('the page walk', () => {
  it('validates every record of a seeded list, page by page to the last, then one past it', async () => {
    const result = await walkOf('bank-card-list', {});
    expect(result.coveragePass?.pageWalk).toEqual({ pageSize: 40, pages: 5, records: SEEDED_RECORDS, totalPage: 5, stoppedBy: 'last-page' });
    const classes = result.coveragePass?.classes.filter((c) => c.family === 'page').map((c) => c.class);
    expect(classes).toEqual([
      'page-1',
      'page-2',
      'page-3',
      'page-deep',
      'page-last',
      'page-past-last',
      'page-size-one',
      'page-size-two',
      'page-size-three',
      'page-size-default',
      'page-size-large',
      'page-without-number',
      'page-without-filter',
      'page-long',
      'page-asked-again',
    ]);
    expect(result.deviations.map(line)).toEqual([]);
  });

  it('reaches a second, third and deep page of a short list one record a page', async () => {
    const result = await walkOf('alpha-orders-list', {});
    expect(result.coveragePass?.pageWalk).toMatchObject({ pages: 1, records: 30, stoppedBy: 'last-page' });
    const pages = result.coveragePass?.classes.filter((c) => c.family === 'page').map((c) => c.class);
    expect(pages).toEqual(expect.arrayContaining(['page-2', 'page-3', 'page-deep', 'page-last', 'page-past-last']));
    expect(result.deviations.map(line)).toEqual([]);
  });

  it('stops at the bound: pages × page size reach the record bound, never more pages than allowed', async () => {
    expect((await walkOf('bank-card-list', { walkPages: 3, walkRecords: 60 })).coveragePass?.pageWalk).toEqual({
      pageSize: 20,
      pages: 3,
      records: 60,
      totalPage: 10,
      stoppedBy: 'record-bound',
    });
    expect((await walkOf('bank-card-list', { walkPages: 50, walkRecords: 30 })).coveragePass?.pageWalk).toMatchObject({ pageSize: 1, pages: 30, records: 30 });
  });
});

/** The body parsed, or nothing asked where it is not JSON (the coverage pass sends some that are not). */
function parsedOrEmpty(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

/**
 * A list of `count` records ({ id }) served for any body, paged as asked; every page asked for kept
 * as `<pageSize>:<pageNo>` (those asked with status null, the list without its filter, apart, and its long page apart again), and
 * every body without pageNo as it came.
 */
async function listServer(count: number) {
  const asked: string[] = [];
  const unfiltered: string[] = [];
  const unnumbered: string[] = [];
  const longPages: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parsedOrEmpty(text) as { pageSize?: unknown; pageNo?: unknown; status?: unknown };
      const pageSize = Number.isSafeInteger(body.pageSize) && (body.pageSize as number) > 0 ? (body.pageSize as number) : 10;
      const pageNo = Number.isSafeInteger(body.pageNo) && (body.pageNo as number) > 0 ? (body.pageNo as number) : 1;
      if (body.pageNo === undefined) unnumbered.push(text);
      else if (body.status === null && pageSize === PAGE_SIZE_LARGE) longPages.push(`${pageSize}:${pageNo}`);
      else if (body.status === null) unfiltered.push(`${pageSize}:${pageNo}`);
      else asked.push(`${pageSize}:${pageNo}`);
      const start = (pageNo - 1) * pageSize;
      const list = Array.from({ length: Math.max(0, Math.min(pageSize, count - start)) }, (_, index) => ({ id: start + index + 1 }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { totalPage: Math.ceil(count / pageSize), pageNo, list }, status: 'success', code: '200', message: '', error: {} }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, unfiltered, unnumbered, longPages };
}

/** The walk's own calls only: the relations' calls (test/relations/relations-phase.test.ts) left out. */
const WALK_ALONE = { excludedChecks: relations.map((relation) => relation.id) };

describe('the walk at one, two and three records a page', () => {
  const pagesOf = (asked: readonly string[], pageSize: number) =>
    asked
      .filter((page) => page.startsWith(`${pageSize}:`))
      .map((page) => Number(page.split(':')[1]))
      .sort((a, b) => a - b);

  it('reads each small size from page 1: the next pages in a row, a deep one (one a page), the last and one past it', async () => {
    const { url, asked, unfiltered, longPages } = await listServer(47);
    const { client, context } = kitFor(testSettings(url, token, { runs: 0, hostileRuns: 0, authProbes: false, ...WALK_ALONE }));
    stops.push(() => client.close());
    await runOperation(findOperation('custom-demand-list')!, context);
    // Pages 1 and 2 as the walk read them, then, once the operation's other calls are answered, page 1 again and page 2 twice.
    expect(pagesOf(asked, 40)).toEqual([1, 1, 2, 2, 2, 3]);
    // The list without its filter, at the walk's size to its last page, and no page past it.
    expect(unfiltered).toEqual(['40:1', '40:2']);
    // And the whole list in one long page: the same filter left out.
    expect(longPages).toEqual(['10000:1']);
    expect(pagesOf(asked, 1)).toEqual([1, 2, 3, 24, 47, 48]);
    expect(pagesOf(asked, 2)).toEqual([1, 2, 3, 24, 25]);
    expect(pagesOf(asked, 3)).toEqual([1, 2, 3, 16, 17]);
    expect(pagesOf(asked, 10)).toEqual([1]);
    expect(pagesOf(asked, 10_000)).toEqual([1]);
  });

  it('stays bounded on a list of 60,000 records: the bounds, then six pages a small size at most', async () => {
    const { url, asked, unfiltered, unnumbered } = await listServer(60_000);
    // The coverage pass asks for pages of 2^31 records: the whole list comes back, some 900 KB.
    const { client, context } = kitFor(testSettings(url, token, { runs: 0, hostileRuns: 0, authProbes: false, maxBodyBytes: 8 * 1024 * 1024, ...WALK_ALONE }));
    stops.push(() => client.close());
    const result = await runOperation(findOperation('custom-demand-list')!, context);
    expect(result.coveragePass?.pageWalk).toMatchObject({ pageSize: 40, pages: 50, records: 2000 });
    expect(pagesOf(asked, 1)).toEqual([1, 2, 3, 30_000, 60_000, 60_001]);
    expect(pagesOf(asked, 2)).toEqual([1, 2, 3, 30_000, 30_001]);
    expect(pagesOf(asked, 3)).toEqual([1, 2, 3, 20_000, 20_001]);
    expect(asked.length).toBe(50 + 6 + 5 + 5 + 2 + 3);
    // Page 1 as #1 documents the call, without pageNo, at the walk's size: one call. The most counts it, the page past the last, which a walk stopped by its bound does not read, and page 2 asked once more, which a page 2 asked again as the walk read it does not call for.
    expect(unnumbered.filter((body) => body === '{"pageSize":40,"status":0}')).toHaveLength(1);
    expect(unfiltered).toHaveLength(50);
    // The most also counts the long page and, read again alone, up to four records with U+FFFD of the walk's pages and four of the long one's.
    expect(walkCallsAtMost(findOperation('custom-demand-list')!, { pages: 50, records: 2000 })).toBe(asked.length + 1 + 1 + unfiltered.length + 1 + 4 + 4);
  });

  it('where the request names pageNo (#16), each walk also asks the pages whose offset passes 2^31 and 2^32, the same under every seed', async () => {
    const { url, asked } = await listServer(47);
    const pagesUnder = async (seed: number) => {
      asked.splice(0);
      const { client, context } = kitFor(testSettings(url, token, { runs: 0, hostileRuns: 0, authProbes: false, seed }));
      stops.push(() => client.close());
      const result = await runOperation(findOperation('beta-products-by-brand')!, context);
      const wrapped = result.coveragePass?.classes.find((c) => c.class === 'page-offset-past-int32');
      // The coverage pass names pageNo too (page 1 at pageSize 1, say): each page once.
      return { wrapped: wrapped && { requests: wrapped.requests, judgedAs: wrapped.judgedAs }, asked: [...new Set(asked)].sort() };
    };
    const first = await pagesUnder(1);
    expect(first.wrapped).toEqual({ requests: 5, judgedAs: ['hostile'] });
    expect(pagesOf(first.asked, 40)).toEqual([1, 2, 3, 53_687_093, 107_374_184]);
    expect(pagesOf(first.asked, 1)).toEqual([1, 2, 3, 24, 47, 48]);
    expect(pagesOf(first.asked, 2)).toEqual([1, 2, 3, 24, 25, 1_073_741_826]);
    expect(pagesOf(first.asked, 3)).toEqual([1, 2, 3, 16, 17, 715_827_884, 1_431_655_767]);
    expect(await pagesUnder(20261122)).toEqual(first);
    expect(walkCallsAtMost(findOperation('beta-products-by-brand')!, { pages: 50, records: 2000 })).toBe(50 + 1 + 2 + (6 + 6 + 7) + 2 + 3 + (1 + 4) + 4);
  });

  it('a small walk reads no more pages in a row than --walk-pages', async () => {
    const { url, asked } = await listServer(47);
    const { client, context } = kitFor(testSettings(url, token, { runs: 0, hostileRuns: 0, authProbes: false, walkPages: 2, walkRecords: 20, ...WALK_ALONE }));
    stops.push(() => client.close());
    await runOperation(findOperation('custom-demand-list')!, context);
    expect(pagesOf(asked, 10)).toEqual([1, 1, 2, 2, 2]);
    expect(pagesOf(asked, 1)).toEqual([1, 2, 24, 47, 48]);
    expect(pagesOf(asked, 3)).toEqual([1, 2, 16, 17]);
  });
});

describe('a server that dies in the middle of the coverage pass', () => {
  it('gives deviations and a result, never a hang', async () => {
    let answered = 0;
    const sockets = new Set<Socket>();
    const server: Server = createServer((req, res) => {
      req.resume();
      answered++;
      // Answers a few calls, then goes away: every later connection is refused or reset.
      if (answered === 5) {
        for (const socket of sockets) socket.destroy();
        server.close();
        res.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { totalPage: 9, pageNo: 1, list: [] }, status: 'success', code: '200', message: '', error: {} }));
    });
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { client, context } = kitFor(testSettings(url, token, { runs: 2, hostileRuns: 2, authProbes: false, timeoutMs: 1000 }));
    stops.push(async () => {
      await client.close();
      server.close();
    });
    const result = await runOperation(findOperation('custom-demand-list')!, context);
    expect(result.deviations.some((d) => d.check === 'response-received' && d.severity === 'error')).toBe(true);
    expect(result.coveragePass?.requests).toBeGreaterThan(0);
  });
});

describe('a server that stops answering in the middle of the coverage pass', () => {
  it('costs one timeout: the operation is abandoned, with a deviation and a result', async () => {
    let answered = 0;
    const server: Server = createServer((req, res) => {
      req.resume();
      // Answers a few calls, then holds every later one open without a word.
      if (++answered > 5) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { totalPage: 9, pageNo: 1, list: [] }, status: 'success', code: '200', message: '', error: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { client, context } = kitFor(testSettings(url, token, { runs: 2, hostileRuns: 2, authProbes: false, timeoutMs: 300 }));
    stops.push(async () => {
      await client.close();
      server.closeAllConnections();
      server.close();
    });
    const result = await runOperation(findOperation('beta-order-create')!, context);
    expect(result.deviations.find((d) => d.check === 'response-received')?.actual).toMatch(/timeout|time/i);
    expect(result.exchanges).toBeLessThan(5 + 8 + 1);
  });
});

describe('page 1 of the walk asked without pageNo', () => {
  it('is rebuilt from its path where the documented call has no pageNo: the base body at the page size, judged as a valid call', () => {
    expect(pageCallAt(findOperation('custom-demand-list')!, 'page-unnumbered:40')).toEqual({
      judgedAs: 'conforming',
      payload: { pageSize: 40, status: 0 },
      body: '{"pageSize":40,"status":0}',
    });
    // #13 and #16 name pageNo in their request: a call without it is not one the spec shows.
    for (const id of ['alpha-orders-list', 'beta-products-by-brand', 'custom-demand-create'])
      expect(pageCallAt(findOperation(id)!, 'page-unnumbered:40')).toBeUndefined();
  });

  it('replays from its path under any seed', async () => {
    const reference = await startReferenceServer({ token });
    const settings = testSettings(reference.url, token, { runs: 0, hostileRuns: 0, authProbes: false });
    const { client } = kitFor(settings);
    stops.push(async () => {
      await client.close();
      await reference.close();
    });
    const replayed = await replayCall('bank-card-list:page-unnumbered:40', { ...settings, seed: 7 }, client, sharedValidator());
    expect([replayed.path, replayed.answered, replayed.deviations]).toEqual(['page-unnumbered:40', true, []]);
  });
});

describe('the list without its filters', () => {
  it('is rebuilt from its path: the base body with each filter null, at the page asked, judged as a valid call', () => {
    expect(pageCallAt(findOperation('custom-demand-list')!, 'page-unfiltered:40:2')).toEqual({
      judgedAs: 'conforming',
      payload: { pageSize: 40, status: null, pageNo: 2 },
      body: '{"pageSize":40,"status":null,"pageNo":2}',
    });
    // Page 2 asked again after the walk: the base body at the page asked, as the walk asked it.
    expect(pageCallAt(findOperation('custom-demand-list')!, 'page-again:40:2:2')).toEqual({
      judgedAs: 'conforming',
      payload: { pageSize: 40, status: 0, pageNo: 2 },
      body: '{"pageSize":40,"status":0,"pageNo":2}',
    });
    // #4 filters by cusType too, which null does not leave out; #13 and #16 filter by nothing.
    for (const id of ['purchase-order-list', 'alpha-orders-list', 'beta-products-by-brand'])
      expect(pageCallAt(findOperation(id)!, 'page-unfiltered:40:1')).toBeUndefined();
    expect(walkCallsAtMost(findOperation('purchase-order-list')!, { pages: 50, records: 2000 })).toBe(50 + 1 + 1 + (6 + 5 + 5) + 2 + 3 + (1 + 4) + 4);
  });

  it('replays from its path under any seed', async () => {
    const reference = await startReferenceServer({ token });
    const settings = testSettings(reference.url, token, { runs: 0, hostileRuns: 0, authProbes: false });
    const { client } = kitFor(settings);
    stops.push(async () => {
      await client.close();
      await reference.close();
    });
    const replayed = await replayCall('custom-demand-list:page-unfiltered:40:5', { ...settings, seed: 7 }, client, sharedValidator());
    expect([replayed.path, replayed.answered, replayed.deviations]).toEqual(['page-unfiltered:40:5', true, []]);
  });
});

describe('a deviation the page walk or the coverage pass found', () => {
  it.each([
    ['deep-page-id-as-text', 'bank-card-list', /^page:40:4$/],
    ['crash-on-astral-character', 'beta-order-create', /^coverage:\d+$/],
  ])('%s: replays from its replay field under another seed', async (faultName, operationId, pathShape) => {
    const reference = await startReferenceServer({ token, fault: findFault(faultName)! });
    const settings = testSettings(reference.url, token, { runs: 0, hostileRuns: 0, authProbes: false });
    const { client, context } = kitFor(settings);
    stops.push(async () => {
      await client.close();
      await reference.close();
    });
    const found = (await runOperation(findOperation(operationId)!, context)).deviations.find((d) => d.check === findFault(faultName)!.expect.check)!;
    expect(found.path).toMatch(pathShape);
    const replayId = found.replay!.split('--replay ')[1]!;
    const replayed = await replayCall(replayId, { ...settings, seed: settings.seed + 1 }, client, sharedValidator());
    expect(replayed.deviations.map((d) => `${d.check} ${d.path}`)).toContain(`${found.check} ${found.path}`);
  });
});
