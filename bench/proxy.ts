/**
 * What `proxy` costs a client: the same requests to the reference server (`serve`, a process of its
 * own) straight and through `proxy` (a process of its own, every exchange judged, --quiet), one at a
 * time and alternating, for the time the proxy adds to an exchange (p50, p99); then many at once
 * through it, for the exchanges a second it passes and judges.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { root } from './measure.js';

const token = 'bench-proxy-token-5e21';
/** Requests of each side before anything is timed: connections made, code warmed. */
const WARM_UP = 300;
/** Exchanges timed one at a time on each side, alternating. */
const TIMED = 2000;
/** Exchanges through the proxy, this many at once, for the throughput. */
const THROUGHPUT_REQUESTS = 6000;
const CONCURRENCY = 8;

/** Valid calls of four list operations in turn: the checks of data, pages and the envelope judge every one. */
const calls = [
  { path: '//pc/custom_demand/list', body: { pageSize: 10, status: 1 } },
  { path: '//pc/customer/bankCardList', body: { pageSize: 10, status: null } },
  { path: '/openapi/alpha/orders/getAlphaOrders', body: { pageSize: 10, pageNo: 1 } },
  { path: '/openapi/beta/products/getProductsByBrandId', body: { brandId: 1, pageSize: 10, pageNo: 2 } },
].map((call) => ({ path: call.path, body: JSON.stringify(call.body) }));

export interface ProxyBench {
  readonly timed: number;
  readonly directP50Ms: number;
  readonly directP99Ms: number;
  readonly proxiedP50Ms: number;
  readonly proxiedP99Ms: number;
  /** What the proxy adds to an exchange: proxied − direct, at each percentile. */
  readonly overheadP50Ms: number;
  readonly overheadP99Ms: number;
  readonly concurrency: number;
  readonly throughputRequests: number;
  readonly exchangesPerSecond: number;
  readonly directRequestsPerSecond: number;
  /** Exchanges report.json says were judged: every request the proxy saw. */
  readonly judged: number;
  readonly exitCode: number | null;
}

/** A child process of the kit, once the line that names its URL appears. */
function started(args: readonly string[], urlLine: RegExp): Promise<{ url: string; child: ChildProcessWithoutNullStreams; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['bin/otp-conformance.js', ...args], { cwd: root, env: { ...process.env, OTP_TOKEN: undefined } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = urlLine.exec(out);
      if (match) resolve({ url: match[1]!, child, exited });
    });
    void exited.then((code) => reject(new Error(`${args[0]} exited ${code}: ${out}`)));
  });
}

const percentile = (sorted: readonly number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
const hundredths = (ms: number) => Math.round(ms * 100) / 100;

export async function benchProxy(line: (text: string) => void): Promise<ProxyBench> {
  line('proxy: the reference server straight and through the proxy, judging every exchange');
  const server = await started(['serve', '--port', '0', '--token', token], /^URL: +(\S+)/m);
  const reportDir = mkdtempSync(join(tmpdir(), 'otp-bench-proxy-'));
  const seen = WARM_UP + TIMED + THROUGHPUT_REQUESTS;
  const proxy = await started(
    ['proxy', '--target', server.url, '--port', '0', '--quiet', '--report-dir', reportDir, '--max-requests', String(seen)],
    /^Proxy of .*?: (http:\/\/\S+)/m,
  );
  const pools = { direct: new Pool(server.url, { connections: CONCURRENCY }), proxied: new Pool(proxy.url, { connections: CONCURRENCY }) };
  const send = async (side: keyof typeof pools, index: number): Promise<number> => {
    const call = calls[index % calls.length]!;
    const begun = performance.now();
    const response = await pools[side].request({
      method: 'POST',
      path: call.path,
      headers: { 'content-type': 'application/json', authorization: `bearer${token}` },
      body: call.body,
    });
    await response.body.arrayBuffer();
    return performance.now() - begun;
  };
  const inParallel = async (side: keyof typeof pools, count: number): Promise<number> => {
    let next = 0;
    const begun = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < count) await send(side, next++);
      }),
    );
    return performance.now() - begun;
  };
  try {
    for (let i = 0; i < WARM_UP; i++) {
      await send('direct', i);
      await send('proxied', i);
    }
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let i = 0; i < TIMED; i++) {
      direct.push(await send('direct', i));
      proxied.push(await send('proxied', i));
    }
    const directWall = await inParallel('direct', THROUGHPUT_REQUESTS);
    const proxiedWall = await inParallel('proxied', THROUGHPUT_REQUESTS);
    const exitCode = await proxy.exited;
    const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as { source?: { judged: number } };
    direct.sort((a, b) => a - b);
    proxied.sort((a, b) => a - b);
    const figures: ProxyBench = {
      timed: TIMED,
      directP50Ms: hundredths(percentile(direct, 0.5)),
      directP99Ms: hundredths(percentile(direct, 0.99)),
      proxiedP50Ms: hundredths(percentile(proxied, 0.5)),
      proxiedP99Ms: hundredths(percentile(proxied, 0.99)),
      overheadP50Ms: hundredths(percentile(proxied, 0.5) - percentile(direct, 0.5)),
      overheadP99Ms: hundredths(percentile(proxied, 0.99) - percentile(direct, 0.99)),
      concurrency: CONCURRENCY,
      throughputRequests: THROUGHPUT_REQUESTS,
      exchangesPerSecond: Math.round(THROUGHPUT_REQUESTS / (proxiedWall / 1000)),
      directRequestsPerSecond: Math.round(THROUGHPUT_REQUESTS / (directWall / 1000)),
      judged: report.source?.judged ?? 0,
      exitCode,
    };
    line(
      `  added per exchange: p50 ${figures.overheadP50Ms} ms, p99 ${figures.overheadP99Ms} ms (straight ${figures.directP50Ms}/${figures.directP99Ms}, through ${figures.proxiedP50Ms}/${figures.proxiedP99Ms}; ${TIMED} each)`,
    );
    line(
      `  ${figures.exchangesPerSecond} exchanges/s through it, ${CONCURRENCY} at once (${figures.directRequestsPerSecond} req/s straight); ${figures.judged} of ${seen} judged, exit ${exitCode}`,
    );
    return figures;
  } finally {
    await Promise.all([pools.direct.close(), pools.proxied.close()]);
    proxy.child.kill('SIGTERM');
    server.child.kill('SIGTERM');
  }
}
