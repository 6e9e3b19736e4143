/**
 * The kit against a distant, uneven server: `npm start`'s default run against `serve` in its own
 * process, with no added latency, with every answer 50 ms late, and with answers 0–60 ms late and
 * every 50th 1.5 s late. Each run is set against what a pool of `--concurrency` requests in flight
 * allows: start-up (the same run against the server with no latency) + requests × mean answer
 * time ÷ concurrency. A ratio near 1 means slow answers held one slot each, not the run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Latency, meanLatencyMs } from '../src/reference/latency.js';
import { median, root, runCli } from './measure.js';

/** The default of --concurrency, given explicitly so the bound and the run agree. */
const CONCURRENCY = 8;
const token = 'bench-latency-token';
/** The token operation's credentials, for the operations of 4.1 the reference map places. */
const credentials = { OTP_USERNAME: '13800138000', OTP_PASSWORD: 'bench-latency-password' };

interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly latency: Latency;
  /** The options of `serve` that set it. */
  readonly flags: readonly string[];
}

const scenarios: readonly Scenario[] = [
  { name: 'fixed50', description: 'every answer 50 ms late', latency: { addedMs: 50 }, flags: ['--latency', '50'] },
  {
    name: 'uneven',
    description: 'answers 0–60 ms late, every 50th 1.5 s late',
    latency: { addedMs: { min: 0, max: 60 }, slow: { every: 50, ms: 1500 } },
    flags: ['--latency', '0-60', '--slow-every', '50', '--slow-ms', '1500'],
  },
];

export interface LatencyRun {
  readonly name: string;
  readonly description: string;
  readonly wallMs: number;
  readonly requests: number;
  /** Mean answer time the kit measured (report.json's per-operation latency, weighted by requests). */
  readonly meanAnswerMs: number;
  /** Mean delay the server was told to add. */
  readonly addedMeanMs: number;
  /** start-up + requests × meanAnswerMs ÷ concurrency. */
  readonly poolBoundMs: number;
  /** wallMs ÷ poolBoundMs. */
  readonly ratio: number;
  readonly exitCode: number | null;
  /** Top-level fields of report.json that differ, timings and counts aside, from the run without latency (none: the same report, as the same seed must give). */
  readonly reportDiffersIn: readonly string[];
}

export interface LatencyBench {
  readonly concurrency: number;
  /** Wall time of the same run against the server with no added latency (median). */
  readonly startUpMs: number;
  readonly startUpRequests: number;
  /** Fields of report.json in which the runs without latency differ among themselves, timings aside. */
  readonly startUpReportDiffersIn: readonly string[];
  readonly runs: readonly LatencyRun[];
}

/** `serve` in a child process with these options; resolves once it prints its URL. */
function serve(flags: readonly string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['bin/otp-conformance.js', 'serve', '--port', '0', '--token', token, ...flags], {
    cwd: root,
    env: { ...process.env, ...credentials },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /^URL:\s+(\S+)/m.exec(out)?.[1];
      if (url) resolve({ url, stop: () => (child.kill('SIGTERM'), exited) });
    });
    child.once('exit', (code) => reject(new Error(`serve ${flags.join(' ')} ended (exit ${code}) before printing its URL`)));
  });
}

interface RunFigures {
  readonly wallMs: number;
  readonly requests: number;
  readonly meanAnswerMs: number;
  readonly exitCode: number | null;
  /** report.json with its timings and the server's address taken out: what must not depend on latency. */
  readonly verdict: Readonly<Record<string, unknown>>;
}

/**
 * Fields that are timings (or, like the slowest calls, chosen by them), and counts of calls and of
 * their checks: a call answered slowly (backtracking-answer-time) is sent once more and judged again.
 */
const timingFields = new Set(['durationMs', 'startedAt', 'timings', 'latency', 'slowestRequests', 'requests', 'checks', 'passed', 'skipped']);

/**
 * report.json without timings, the server's address written as BASE_URL, and the records left
 * without their ids (the server numbers the run's creates in the order they arrive, which the
 * latency sets): equal across servers for the same seed.
 */
function withoutTimings(reportText: string, baseUrl: string): Record<string, unknown> {
  const report = JSON.parse(reportText.replaceAll(baseUrl, 'BASE_URL'), (key, value: unknown) => (timingFields.has(key) ? undefined : value)) as Record<
    string,
    unknown
  >;
  const left = report.leftOnServer;
  return Array.isArray(left) ? { ...report, leftOnServer: left.map((record: Record<string, unknown>) => ({ ...record, id: undefined })) } : report;
}

/** The top-level fields of report.json in which two runs differ, timings aside. */
function differingFields(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/** One default run of the kit (seed fixed, so every scenario sends the same requests) against `serve` with these options. */
async function runAgainst(flags: readonly string[]): Promise<RunFigures> {
  const server = await serve(flags);
  const dir = mkdtempSync(join(tmpdir(), 'otp-bench-latency-'));
  try {
    const args = ['--base-url', server.url, '--token', token, '--operation-map', 'src/reference/operation-map.json', '--concurrency', String(CONCURRENCY)];
    const run = await runCli([...args, '--seed', '1', '--report-dir', dir, '--quiet'], credentials);
    const reportText = readFileSync(join(dir, 'report.json'), 'utf8');
    const report = JSON.parse(reportText) as {
      summary: { requests: number };
      operations: { latency?: { requests: number; meanMs: number } }[];
    };
    const timed = report.operations.flatMap((operation) => (operation.latency ? [operation.latency] : []));
    const calls = timed.reduce((total, latency) => total + latency.requests, 0);
    const meanAnswerMs = calls === 0 ? 0 : timed.reduce((total, latency) => total + latency.meanMs * latency.requests, 0) / calls;
    return { wallMs: run.wallMs, requests: report.summary.requests, meanAnswerMs, exitCode: run.code, verdict: withoutTimings(reportText, server.url) };
  } finally {
    await server.stop();
  }
}

/** Runs the scenarios; `startUpRepeats` runs without latency give the start-up (median). */
export async function benchLatency(line: (text: string) => void, startUpRepeats = 3): Promise<LatencyBench> {
  line(`a distant, uneven server (npm start's default run against serve in its own process, --concurrency ${CONCURRENCY}, seed 1)`);
  await runAgainst([]);
  const plain: RunFigures[] = [];
  for (let i = 0; i < startUpRepeats; i++) plain.push(await runAgainst([]));
  const startUpMs = Math.round(median(plain.map((run) => run.wallMs)));
  const startUpRequests = median(plain.map((run) => run.requests));
  const startUpReportDiffersIn = [...new Set(plain.flatMap((run) => differingFields(run.verdict, plain[0]!.verdict)))];
  line(
    `  no added latency        wall ${startUpMs} ms · ${startUpRequests} requests (start-up, median of ${startUpRepeats}) · report.json ${startUpReportDiffersIn.length === 0 ? 'the same in each' : `differs in ${startUpReportDiffersIn.join(', ')}`}`,
  );
  const runs: LatencyRun[] = [];
  for (const scenario of scenarios) {
    const run = await runAgainst(scenario.flags);
    const poolBoundMs = startUpMs + (run.requests * run.meanAnswerMs) / CONCURRENCY;
    const figures: LatencyRun = {
      name: scenario.name,
      description: scenario.description,
      wallMs: Math.round(run.wallMs),
      requests: run.requests,
      meanAnswerMs: Number(run.meanAnswerMs.toFixed(1)),
      addedMeanMs: Number(meanLatencyMs(scenario.latency).toFixed(1)),
      poolBoundMs: Math.round(poolBoundMs),
      ratio: Number((run.wallMs / poolBoundMs).toFixed(2)),
      exitCode: run.exitCode,
      reportDiffersIn: differingFields(run.verdict, plain[0]!.verdict),
    };
    runs.push(figures);
    line(
      `  ${scenario.description.padEnd(44)} wall ${figures.wallMs} ms · ${figures.requests} requests · mean answer ${figures.meanAnswerMs} ms (${figures.addedMeanMs} added) · pool bound ${figures.poolBoundMs} ms · ${figures.ratio}× · exit ${figures.exitCode} · report.json ${figures.reportDiffersIn.length === 0 ? 'the same' : `differs in ${figures.reportDiffersIn.join(', ')}`} (timings aside)`,
    );
  }
  return { concurrency: CONCURRENCY, startUpMs, startUpRequests, startUpReportDiffersIn, runs };
}
