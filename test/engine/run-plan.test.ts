import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { findOperation, type Operation, wirePath } from '../../src/catalogue/operations.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import type { RunSettings } from '../../src/engine/schedule/settings.js';
import { allFlows } from '../../src/flows/index.js';
import { SELF_CHECK_CLOCK_MS, selfCheckOperations } from '../mutation-set/run-against.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { testSettings } from '../support/kit.js';

const token = 'run-plan-token';

/** Decides when the answer to a call goes back: `release` passes it on. */
type Hold = (call: { readonly path: string; readonly index: number; readonly body: string }, release: () => void) => void;

/**
 * A server in front of the reference server (127.0.0.1 only) that passes every call on, counts
 * the calls in flight (the most at once too), and lets a test hold answers back.
 */
async function startCountingFront(hold: Hold = (_call, release) => release()) {
  const reference = await startReferenceServer({ token, now: () => SELF_CHECK_CLOCK_MS });
  const upstream = new URL(reference.url);
  let inFlight = 0;
  let mostInFlight = 0;
  let answered = 0;
  let calls = 0;
  let received = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const onward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        hold({ path: req.url ?? '', index: calls++, body: body.toString('utf8') }, () => {
          inFlight--;
          answered++;
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
        }),
      );
    });
    onward.end(body);
  };
  const server = createServer((req, res) => {
    received++;
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mostInFlight: () => mostInFlight,
    answered: () => answered,
    received: () => received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await reference.close();
    },
  };
}

type Front = Awaited<ReturnType<typeof startCountingFront>>;
let fronts: Front[] = [];
afterEach(async () => {
  await Promise.all(fronts.map((front) => front.close()));
  fronts = [];
});
async function front(hold?: Hold): Promise<Front> {
  const started = await startCountingFront(hold);
  fronts.push(started);
  return started;
}

/** Operations of several groups that only read: nothing in the schedule orders them. */
const reads = ['alpha-orders-list', 'beta-products-by-brand', 'custom-demand-list', 'purchase-order-list', 'bank-card-list', 'consignee-by-id'].map((id) =>
  findOperation(id)!,
);
const small = (url: string, overrides: Partial<RunSettings> = {}) =>
  testSettings(url, token, { runs: 6, hostileRuns: 6, authProbes: false, coveragePass: false, stateful: false, ...overrides });

describe('the run has one pool of requests', () => {
  test('never more than --concurrency in flight across every operation, and the pool is filled', async () => {
    const server = await front((_call, release) => setTimeout(release, 5));
    const run = startRun(small(server.url, { concurrency: 4 }), { operations: reads, flows: [] });
    const { operations } = await run.finished;
    expect(operations.map((result) => result.operationId)).toEqual(reads.map((op) => op.id));
    expect(server.mostInFlight()).toBe(4);
    expect(run.progress()).toMatchObject({ done: server.answered(), queued: server.answered() });
  });

  test('a pool wider than ten: no warning from Node about listeners, however many calls of one operation are in flight', async () => {
    const warnings: string[] = [];
    const heard = (warning: Error) => warnings.push(warning.name);
    process.on('warning', heard);
    try {
      const server = await front((_call, release) => setTimeout(release, 2));
      await startRun(small(server.url, { concurrency: 24, runs: 20, hostileRuns: 20 }), { operations: reads, flows: [] }).finished;
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', heard);
    }
    expect(warnings).toEqual([]);
  });

  test('--concurrency 1 sends one request at a time', async () => {
    const server = await front((_call, release) => setTimeout(release, 1));
    await startRun(small(server.url, { concurrency: 1 }), { operations: reads, flows: [] }).finished;
    expect(server.mostInFlight()).toBe(1);
  });

  test('a slow answer holds one slot: the other operations are answered while it waits', async () => {
    const slowPath = wirePath(reads[0]!);
    let releasedBy: 'the others' | 'the safety limit' | undefined;
    let slowRelease: (() => void) | undefined;
    let othersAnswered = 0;
    const otherCalls = (reads.length - 1) * 12;
    const server = await front((call, release) => {
      if (call.path === slowPath && !slowRelease && releasedBy === undefined) {
        slowRelease = release;
        // A safety limit, so that a run which waits on it fails here rather than hangs.
        setTimeout(() => {
          if (releasedBy) return;
          releasedBy = 'the safety limit';
          release();
        }, 20_000).unref();
        return;
      }
      release();
      if (call.path !== slowPath && ++othersAnswered === otherCalls && !releasedBy) {
        releasedBy = 'the others';
        slowRelease?.();
      }
    });
    await startRun(small(server.url, { concurrency: 4 }), { operations: reads, flows: [] }).finished;
    expect(releasedBy).toBe('the others');
  });
});

describe('a cancelled run', () => {
  test('sends nothing after the cancel and cuts the calls in flight: held by a server that never answers, it settles at once', async () => {
    const silent = await front(() => {});
    const create = findOperation('custom-demand-create')!;
    const flows = allFlows.filter((flow) => flow.id === 'flow-demand-lifecycle');
    const run = startRun(small(silent.url, { concurrency: 4, timeoutMs: 600_000, stateful: true }), { operations: [...reads, create], flows });
    while (silent.received() < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    run.cancel();
    const cancelledAt = performance.now();
    await run.finished;
    expect(performance.now() - cancelledAt).toBeLessThan(2000);
    // The pool's four slots were all the server ever got: the reads left, the state change and the flow sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(silent.received()).toBe(4);
  });
});

describe('a page walk reads a list the run does not change', () => {
  test('no state change of any group starts before every walk has read its last page', async () => {
    // #6 answers a purchase order record: publishing a consignment may change the purchase order list.
    const list = findOperation('purchase-order-list')!;
    const publish = findOperation('consignment-publish')!;
    const heard: Array<'walk' | 'publish'> = [];
    const server = await front((call, release) => {
      const walking = call.path === wirePath(list) && call.body.includes('"pageNo"');
      if (walking) heard.push('walk');
      if (call.path === wirePath(publish)) heard.push('publish');
      // The walk's answers come slowly: a run that did not wait for it would publish meanwhile.
      setTimeout(release, walking ? 15 : 0);
    });
    await startRun(small(server.url, { coveragePass: true, runs: 2, hostileRuns: 2 }), { operations: [list, publish], flows: [] }).finished;
    expect(heard.filter((event) => event === 'walk').length).toBeGreaterThan(10);
    expect(heard.lastIndexOf('walk')).toBeLessThan(heard.indexOf('publish'));
  });
});

describe('the same seed gives the same results, however the answers arrive', () => {
  /**
   * Results without their timings (durations, answer times), and with the server's address (a port of the test's) taken out; the ids
   * of the records left on the server too, which the server hands out in the order the creates reach it.
   */
  const comparable = (value: unknown, url: string) =>
    JSON.parse(
      JSON.stringify(value, (key, field: unknown) =>
        key === 'durationMs' || key === 'latency'
          ? undefined
          : key === 'leftOnServer' && Array.isArray(field)
            ? field.map(({ id: _id, ...rest }) => rest)
            : field,
      ).replaceAll(url, 'http://server'),
    );

  test('every operation and flow, answers in order or shuffled by delays', async () => {
    const operations: Operation[] = [...selfCheckOperations];
    const flows = allFlows;
    const settings = (url: string) => testSettings(url, token, { runs: 4, hostileRuns: 8, seed: 4242 });
    const inOrder = await front();
    // A delay drawn from the call's index: answers overtake one another, the same way on every run of the test.
    const shuffled = await front((call, release) => setTimeout(release, (call.index * 7919) % 13));
    // Side by side: each run has its own server and client, and the shuffled one spends its time waiting.
    const [first, second] = await Promise.all([
      startRun(settings(inOrder.url), { operations, flows }).finished,
      startRun(settings(shuffled.url), { operations, flows }).finished,
    ]);
    expect(comparable(second, shuffled.url)).toEqual(comparable(first, inOrder.url));
  });
});
