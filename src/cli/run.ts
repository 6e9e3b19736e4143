import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { type Operation, operations } from '../catalogue/operations.js';
import { createClient } from '../client/client.js';
import type { RunConfig } from '../config/resolve.js';
import { mappedForRun } from '../config/mapped.js';
import { replayCall } from '../engine/replay.js';
import { obtainToken } from '../engine/token.js';
import type { RunSettings } from '../engine/settings.js';
import { KitError } from '../errors.js';
import { startReferenceServer } from '../reference/server.js';
import { ResultCollector } from '../report/collector.js';
import { flowsToRun } from '../flows/index.js';
import { readBaseline } from '../gate/baseline.js';
import type { GateSettings } from '../gate/gate.js';
import { readWaivers } from '../gate/waivers.js';
import { summaryText } from '../report/console.js';
import { type ProgressOutput, Progress } from '../report/progress.js';
import { buildReport, checkInfos, failsRun, type Report } from '../report/report.js';
import { writeReports } from '../report/write.js';
import { sharedValidator } from '../validation/validator.js';
import { probeTarget } from './probe.js';
import { limitSuiteHeaps } from './suite-heap.js';

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface RunOutcome {
  readonly report?: Report;
  readonly reportFile?: string;
  readonly exitCode: 0 | 1;
}

export interface RunIo {
  log(line: string): void;
  /** Where progress goes, and whether it is a terminal. */
  readonly progress: ProgressOutput;
  /** The CI job summary file to append the Markdown summary to ($GITHUB_STEP_SUMMARY). */
  readonly jobSummaryFile?: string;
  readonly now: Date;
}

/** Reads --baseline and --waivers before anything is sent, so a bad file costs no run. */
function gateSettings(config: RunConfig, now: Date): GateSettings {
  return {
    failOn: config.failOn,
    failOnNew: config.failOnNew,
    baseline: config.baseline === undefined ? undefined : readBaseline(config.baseline),
    baselineFile: config.baseline,
    waivers:
      config.waivers === undefined
        ? []
        : readWaivers(
            config.waivers,
            checkInfos.map((check) => check.id),
          ),
    waiversFile: config.waivers,
    now,
  };
}

/**
 * A vitest test runs one operation: its calls, each bounded by the timeout, with the operation
 * abandoned at its first timeout, plus a bounded shrink. This leaves room for all of it.
 */
function testTimeoutMs(settings: RunSettings): number {
  return settings.timeoutMs * 4 + 60_000;
}

/** Selected operations that produced no result: with --shard, those of the other parts. */
function notRun(settings: RunSettings, results: readonly { operationId: string }[], shard: string | undefined) {
  const ran = new Set(results.map((result) => result.operationId));
  return settings.operations
    .filter((id) => !ran.has(id))
    .map((operationId) => ({ operationId, reason: shard ? `in another part of the run (--shard ${shard})` : 'not run' }));
}

/** Runs the suites of the selected groups against the target and writes report.json. */
async function runSuites(settings: RunSettings, config: RunConfig, gate: GateSettings, embedded: boolean, io: RunIo): Promise<RunOutcome> {
  const startedAt = new Date();
  const quiet = config.verbosity === 'quiet';
  if (!quiet)
    io.log(
      `Checking ${settings.baseUrl} — ${settings.operations.length} operations, ${settings.runs} valid + ${settings.hostileRuns} hostile payloads each` +
        `${settings.authProbes ? ', auth probes' : ''}${settings.stateful ? ', stateful flows' : ''}, seed ${settings.seed}`,
    );
  const selected: Operation[] = [...operations.filter((op) => settings.operations.includes(op.id)), ...settings.mapped];
  const groups = [...new Set(selected.map((op) => op.group))];
  const progress = quiet
    ? undefined
    : new Progress(
        io.progress,
        groups.map((group) => ({
          group,
          tests: selected.filter((op) => op.group === group).length + flowsToRun(group, settings).length,
        })),
      );
  const collector = new ResultCollector((result) => progress?.advance(result));
  limitSuiteHeaps(settings);
  const vitest = await startVitest(
    'test',
    groups.map((group) => `suites/${group}.suite.ts`),
    {
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
      ...(config.shard ? { shard: config.shard } : {}),
    },
  );
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
    results: collector.results,
    flows: collector.flows,
    skipped: [...config.skipped, ...notRun(settings, collector.results, config.shard)],
    mapped: settings.mapped,
    gate,
  });
  const files = writeReports(report, config.reportDir, io.jobSummaryFile);
  io.log(summaryText(report, files, config.verbosity));
  return { report, reportFile: files.json, exitCode: report.verdict === 'pass' ? 0 : 1 };
}

/** Re-sends one call of an earlier run and prints what the checks find now. */
async function replay(text: string, settings: RunSettings, io: RunIo): Promise<RunOutcome> {
  const client = createClient(settings);
  try {
    const result = await replayCall(text, settings, client, sharedValidator());
    io.log(`Replayed ${result.path} of ${result.operation} (seed ${settings.seed})`);
    io.log(`Repro: ${result.repro}`);
    for (const deviation of result.deviations) {
      io.log(`${deviation.severity.toUpperCase()} ${deviation.check}${deviation.instancePath ? ` ${deviation.instancePath}` : ''}`);
      io.log(
        deviation.message
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n'),
      );
    }
    io.log(result.deviations.length === 0 ? 'No deviation: the call now conforms.' : `${result.deviations.length} deviations.`);
    return { exitCode: failsRun(result.deviations, settings.failOn) ? 1 : 0 };
  } finally {
    await client.close();
  }
}

/** The token of the run: --token, else the token operation of the map, else the embedded server's. */
async function tokenFor(config: RunConfig, base: Omit<RunSettings, 'token'>, fallback: string | undefined): Promise<string> {
  if (config.token) return config.token;
  if (base.tokenSource) {
    const client = createClient({ ...base, token: '' });
    try {
      return await obtainToken(client, base.tokenSource);
    } finally {
      await client.close();
    }
  }
  return fallback!;
}

/** A run, or a replay, against the target or the embedded reference server. */
export async function runConformance(config: RunConfig, io: RunIo): Promise<RunOutcome> {
  const gate = gateSettings(config, io.now);
  const embedded = config.baseUrl === undefined;
  const server = embedded ? await startReferenceServer({ token: randomBytes(16).toString('hex') }) : undefined;
  try {
    // The embedded server's credentials feed the map's ${OTP_USERNAME} and ${OTP_PASSWORD}.
    const variables = server ? { ...config.variables, OTP_USERNAME: server.credentials.mobile, OTP_PASSWORD: server.credentials.password } : config.variables;
    const mapped = mappedForRun(config.operationMap?.map, config.operations, variables);
    // The environment and the map stay here: workers get the filled-in operations only.
    const { variables: _variables, operationMap: _operationMap, ...runConfig } = config;
    const base = { ...runConfig, ...mapped, baseUrl: server?.url ?? config.baseUrl! };
    if (server && config.verbosity !== 'quiet') io.log(`No --base-url given: started the embedded reference server at ${server.url} (random token).`);
    await probeTarget(base.baseUrl, Math.min(base.timeoutMs, 5000));
    const token = await tokenFor(config, base, server?.token);
    const settings: RunSettings = { ...base, token, secrets: [token, ...mapped.secrets] };
    return config.replay === undefined ? await runSuites(settings, config, gate, embedded, io) : await replay(config.replay, settings, io);
  } finally {
    await server?.close();
  }
}
