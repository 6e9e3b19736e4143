import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { operations } from '../catalogue/operations.js';
import { createClient } from '../client/client.js';
import type { RunConfig } from '../config/resolve.js';
import { replayCall } from '../engine/replay.js';
import type { RunSettings } from '../engine/settings.js';
import { KitError } from '../errors.js';
import { startReferenceServer } from '../reference/server.js';
import { ResultCollector } from '../report/collector.js';
import { groupLine, summaryText } from '../report/console.js';
import { buildReport, failsRun, type Report, writeReport } from '../report/report.js';
import { createValidator } from '../validation/validator.js';
import { probeTarget } from './probe.js';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface RunOutcome {
  readonly report?: Report;
  readonly reportFile?: string;
  readonly exitCode: 0 | 1;
}

export interface RunIo {
  log(line: string): void;
}

/**
 * A vitest test runs one operation: its calls, each bounded by the timeout, with the operation
 * abandoned at its first timeout, plus a bounded shrink. This leaves room for all of it.
 */
function testTimeoutMs(settings: RunSettings): number {
  return settings.timeoutMs * 4 + 60_000;
}

/** Runs the suites of the selected groups against the target and writes report.json. */
async function runSuites(settings: RunSettings, config: RunConfig, embedded: boolean, io: RunIo): Promise<RunOutcome> {
  const startedAt = new Date();
  io.log(
    `Checking ${settings.baseUrl} — ${settings.operations.length} operations, ${settings.runs} valid + ${settings.hostileRuns} hostile payloads each` +
      `${settings.authProbes ? ', auth probes' : ''}${settings.stateful ? ', stateful flows' : ''}, seed ${settings.seed}`,
  );
  const groups = [...new Set(operations.filter((op) => settings.operations.includes(op.id)).map((op) => op.group))];
  const collector = new ResultCollector((results, flows) => {
    if (results.length + flows.length > 0) io.log(groupLine(results, flows));
  });
  const vitest = await startVitest('test', groups.map((group) => `suites/${group}.suite.ts`), {
    config: false,
    root: packageRoot,
    include: ['suites/**/*.suite.ts'],
    watch: false,
    reporters: [collector],
    provide: { otpRun: settings },
    pool: 'threads',
    isolate: false,
    // A request rate holds per client: with --rate, one suite runs at a time.
    fileParallelism: settings.ratePerSecond === undefined,
    testTimeout: testTimeoutMs(settings),
  });
  await vitest.close();
  if (collector.kitFailures.length > 0) {
    throw new KitError('OTP_SUITE_FAILED', `The suites failed to run:\n${collector.kitFailures.join('\n')}`);
  }
  const report = buildReport({
    target: { baseUrl: settings.baseUrl, embedded, authScheme: settings.authScheme },
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    seed: settings.seed,
    runs: settings.runs,
    failOn: settings.failOn,
    results: collector.results,
    flows: collector.flows,
    skipped: config.skipped,
  });
  const reportFile = writeReport(report, config.reportDir);
  io.log(summaryText(report, reportFile));
  return { report, reportFile, exitCode: report.verdict === 'pass' ? 0 : 1 };
}

/** Re-sends one call of an earlier run and prints what the checks find now. */
async function replay(text: string, settings: RunSettings, io: RunIo): Promise<RunOutcome> {
  const client = createClient(settings);
  try {
    const result = await replayCall(text, settings, client, createValidator());
    io.log(`Replayed ${result.path} of ${result.operation} (seed ${settings.seed})`);
    io.log(`Repro: ${result.repro}`);
    for (const deviation of result.deviations) {
      io.log(`${deviation.severity.toUpperCase()} ${deviation.check}${deviation.instancePath ? ` ${deviation.instancePath}` : ''}`);
      io.log(deviation.message.split('\n').map((line) => `  ${line}`).join('\n'));
    }
    io.log(result.deviations.length === 0 ? 'No deviation: the call now conforms.' : `${result.deviations.length} deviations.`);
    return { exitCode: failsRun(result.deviations, settings.failOn) ? 1 : 0 };
  } finally {
    await client.close();
  }
}

/** A run, or a replay, against the target or the embedded reference server. */
export async function runConformance(config: RunConfig, io: RunIo): Promise<RunOutcome> {
  const embedded = config.baseUrl === undefined;
  const server = embedded ? await startReferenceServer({ token: randomBytes(16).toString('hex') }) : undefined;
  try {
    const settings: RunSettings = {
      ...config,
      baseUrl: server?.url ?? config.baseUrl!,
      token: server?.token ?? config.token!,
    };
    if (server) io.log(`No --base-url given: started the embedded reference server at ${server.url} (random token).`);
    await probeTarget(settings.baseUrl, Math.min(settings.timeoutMs, 5000));
    return config.replay === undefined ? await runSuites(settings, config, embedded, io) : await replay(config.replay, settings, io);
  } finally {
    await server?.close();
  }
}
