import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as VitestNode from 'vitest/node';
import type { Operation } from '../catalogue/operations.js';
import type { RunConfig } from '../config/resolve.js';
import type { Deviation } from '../engine/judging/deviation.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import type { WireForm } from '../engine/target/first-contact.js';
import { withIssuedCredentials } from '../engine/target/issued-credentials.js';
import { readBaseline } from '../gate/baseline.js';
import type { GateSettings } from '../gate/gate.js';
import { readWaivers } from '../gate/waivers.js';
import { Redactor, weakTokenWarning } from '../redaction/redactor.js';
import { runHeader, summaryText } from '../report/console.js';
import { writeHar } from '../report/har.js';
import { lockReportDir } from '../report/lock.js';
import { buildRunReport, checkInfos, excludedChecksOf } from '../report/report.js';
import { runShapeOf } from '../report/run-shape.js';
import { shardPosition } from './shard.js';
import { shippedSpec, type Tested } from '../report/tested.js';
import { writeReports } from '../report/write.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { FailureLimit } from './failure-limit.js';
import { contactTarget } from './first-contact.js';
import { type RunHosting, type RunIo, type RunOutcome, standaloneRun } from './io.js';
import { probeTarget } from './probe.js';
import { endingBeforeSuites, messageOf, notRunReason, stopLine } from './run-ending.js';
import { RunStop, RunStopped } from './run-stop.js';
import { selectedOperations, type SuitesOutcome, timingsOf } from './suite-part.js';
import { runSuites } from './suites.js';
import { baseSettings, secretsOfRunWith, startTarget, type Target, tokenFor } from './target.js';

export type { RunHosting, RunIo, RunOutcome } from './io.js';

/** Reads --baseline and --waivers before anything is sent, so a bad file costs no run. The map's flows can be waived like the kit's. */
function gateSettings(config: RunConfig, now: Date): GateSettings {
  return {
    failOn: config.failOn,
    failOnNew: config.failOnNew,
    baseline: config.baseline === undefined ? undefined : readBaseline(config.baseline),
    baselineFile: config.baseline,
    waivers:
      config.waivers === undefined
        ? []
        : readWaivers(config.waivers, [...checkInfos.map((check) => check.id), ...(config.operationMap?.map.flows ?? []).map((flow) => flow.id)]),
    waiversFile: config.waivers,
    now,
  };
}

/** The HAR of the run's exchanges; a failure to write it is said, and leaves the verdict as it is. */
async function writeRunHar(file: string, exchangeLogDir: string, redactor: Redactor, io: RunIo): Promise<void> {
  try {
    const entries = await writeHar(exchangeLogDir, file, redactor);
    io.log(`HAR: ${file} (${entries} exchanges)`);
  } catch (error) {
    io.error(`the HAR file ${file} could not be written: ${messageOf(error)}`);
  }
}

/**
 * What a run has learnt of its target so far, for the report it writes however it ends: filled in
 * as the target starts, answers the probe and takes the token.
 */
class RunSoFar {
  target: Target | undefined;
  /** The Server header the probe saw. */
  serverHeader: string | undefined;
  /** The form the run sends in: as configured, until first contact finds the server serves another. */
  form: WireForm;
  /** What first contact found wrong with the documented form. */
  firstContact: readonly Deviation[] = [];
  /** The operations the map placed. */
  mapped: readonly Operation[] = [];
  readonly warnings: string[];
  /** Console lines and the report pass it; it learns each secret as the run learns it. */
  readonly redactor: Redactor;

  constructor(
    private readonly config: RunConfig,
    private readonly spec: Tested['spec'],
    private readonly excludedChecks: Tested['excludedChecks'],
  ) {
    this.form = { authScheme: config.authScheme, pathForm: config.pathForm };
    this.warnings = [...config.warnings];
    this.redactor = new Redactor(secretsOfRunWith('', [], config));
  }

  /** What the run tests, with what: for the console header and every report. */
  tested(): Tested {
    const { config } = this;
    return {
      tool: TOOL_NAME,
      version: TOOL_VERSION,
      target: {
        baseUrl: this.target?.baseUrl ?? config.baseUrl ?? '',
        embedded: config.baseUrl === undefined,
        authScheme: this.form.authScheme,
        pathForm: this.form.pathForm,
        ...(config.label === undefined ? {} : { label: config.label }),
        ...(this.serverHeader === undefined ? {} : { server: this.serverHeader }),
      },
      spec: this.spec,
      node: process.version,
      seed: config.seed,
      runs: config.runs,
      failOn: config.failOn,
      options: runShapeOf(config),
      excludedChecks: this.excludedChecks,
    };
  }
}

/** The line that says what the run is about to send; `flowsLeftOut`: the flows --read-only leaves out. */
function checkingLine(settings: RunSettings, config: RunConfig, flowsLeftOut: number): string {
  return (
    `Checking ${settings.baseUrl} — ${settings.operations.length} operations, ${settings.runs} valid + ${settings.hostileRuns} hostile payloads each` +
    `${settings.authProbes ? ', auth probes' : ''}${settings.httpProbes !== false ? ', HTTP probes' : ''}${settings.stateful ? ', stateful flows' : ''}, seed ${settings.seed}` +
    (settings.readOnly
      ? `; read-only: nothing that changes state is sent (${config.skipped.length} operations and ${flowsLeftOut} flows left out)`
      : '; this run creates and deletes records on the server (--read-only to avoid it)')
  );
}

/**
 * Everything before the suites: the target started or probed, the token obtained, first contact
 * made, and what the auth probes send besides the token asked for. Each step is raced against the
 * run's stop; what it learns goes into `so` far, for the report.
 */
async function prepareSuites(
  config: RunConfig,
  so: RunSoFar,
  io: RunIo,
  stop: RunStop,
  limit: FailureLimit | undefined,
  exchangeLogDir: string | undefined,
): Promise<{ settings: RunSettings; selected: Operation[] }> {
  const quiet = config.verbosity === 'quiet';
  const target = await startTarget(config);
  so.target = target;
  const base = baseSettings(config, target);
  so.mapped = base.mapped;
  if (target.server && !quiet) io.log(`No --base-url given: started the embedded reference server at ${target.baseUrl} (random token).`);
  for (const warning of config.warnings) io.log(warning);
  const selected = selectedOperations(base);
  so.serverHeader = await stop.race(probeTarget(base.baseUrl, Math.min(base.timeoutMs, 5000), config.transport));
  const givenToken = await stop.race(tokenFor(config, base, target.server?.token));
  for (const secret of secretsOfRunWith(givenToken, base.secrets, config)) so.redactor.add(secret);
  const weak = weakTokenWarning(givenToken);
  if (weak) io.log(weak);
  const contacted = await stop.race(contactTarget(base, givenToken, selected, io, quiet));
  so.form = contacted.form;
  so.firstContact = contacted.deviations;
  if (contacted.adopted) {
    so.warnings.push(contacted.adopted);
    io.log(contacted.adopted);
  }
  if (limit?.add(contacted.deviations)) {
    stop.stop({ kind: 'max-failures', after: limit.after });
    throw new RunStopped();
  }
  const settings: RunSettings = await stop.race(
    withIssuedCredentials({
      ...base,
      ...contacted.form,
      token: contacted.token,
      secrets: [...new Set([givenToken, ...secretsOfRunWith(contacted.token, base.secrets, config)])],
      ...(exchangeLogDir ? { exchangeLogDir } : {}),
    }),
  );
  for (const secret of settings.secrets) so.redactor.add(secret);
  if (!quiet) io.log(runHeader(so.tested()));
  if (!quiet) {
    const flowsLeftOut = settings.readOnly ? (await import('./part-flows.js')).skippedFlowsOf(config, [], { kind: 'finished' }).length : 0;
    io.log(checkingLine(settings, config, flowsLeftOut));
  }
  return { settings, selected };
}

/**
 * The run: the one function the command line, the library API and the vitest adapter call, with
 * the config their options resolved to. Against the target or the embedded reference server;
 * whatever happens once it has started — the target unreachable, the token refused, a signal,
 * --max-time, an exception of the kit — it ends with a report whose status says what was checked,
 * written atomically into a report folder no other run writes to at the same time, or (hosted
 * in-process, writing nothing) only returned.
 */
export async function runConformance(config: RunConfig, given: RunIo, hosting: RunHosting = standaloneRun): Promise<RunOutcome> {
  // performance.now() counts from the process's start: what came before this line is start-up.
  const enteredAt = performance.now();
  const gate = gateSettings(config, given.now);
  if (config.dryRun) return (await import('./dry-run.js')).dryRun(config, given);
  if (config.replay !== undefined) {
    const call = config.replay;
    const { replay, withReplayTarget } = await import('./replay.js');
    return withReplayTarget(config, ({ settings, redactor }) => replay(call, settings, { ...given, log: (line) => given.log(redactor.text(line)) }));
  }
  const writes = hosting.writes === 'report-dir';
  // Loaded by a run in vitest only, not with the CLI (--version, list or serve never load vitest's node side),
  // and from the start: it loads while the embedded server starts and the target is probed.
  const vitestLoading: Promise<typeof VitestNode> | undefined = hosting.suites === 'vitest' ? import('vitest/node') : undefined;
  vitestLoading?.catch(() => undefined);

  const lock = writes ? lockReportDir(config.reportDir) : undefined;
  const spec = shippedSpec();
  const so = new RunSoFar(config, spec, excludedChecksOf(config.excludedChecks, config.checksLeftOutBy));
  const io: RunIo = { ...given, log: (line) => given.log(so.redactor.text(line)), error: (line) => given.error(so.redactor.text(line)) };
  const stop = new RunStop(config.maxTime?.ms, io.signals);
  stop.whenStopped((cause) => io.log(`\n${stopLine(cause, config)}: stopping the run${writes ? ' and writing the report' : ''}…`));
  const limit = config.maxFailures === undefined ? undefined : new FailureLimit(config.maxFailures, gate);
  const startedAt = new Date();
  // With --har, the workers append their exchanges here; the HAR is joined from it at the end.
  const exchangeLogDir = config.har === undefined || !writes ? undefined : mkdtempSync(join(tmpdir(), 'otp-exchanges-'));
  const checkSuites = (settings: RunSettings, selected: Operation[]) =>
    vitestLoading
      ? runSuites(settings, config, selected, io, stop, vitestLoading, limit)
      : import('./suites-in-process.js').then(({ runSuitesInProcess }) => runSuitesInProcess(settings, config, selected, io, stop, limit));
  try {
    const suites: SuitesOutcome = await prepareSuites(config, so, io, stop, limit, exchangeLogDir)
      .then(({ settings, selected }) => checkSuites(settings, selected))
      .catch(async (error: unknown) => {
        const { flowCountOf } = await import('./part-flows.js');
        return { results: [], flows: [], ending: endingBeforeSuites(error, stop, config, flowCountOf(config)), leftRunning: false, sent: 0 };
      });
    const { ending } = suites;
    if (ending.kind === 'not-run') io.error(ending.reason);
    if (ending.kind === 'crashed') io.error(`the kit failed: ${ending.error}`);
    const ran = new Set(suites.results.map((result) => result.operationId));
    const { skippedFlowsOf } = await import('./part-flows.js');
    const shard = shardPosition(config.shard);
    const { report: built, exitCode } = buildRunReport({
      target: so.tested().target,
      spec,
      node: process.version,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      ...(suites.marks ? { timings: timingsOf(enteredAt, suites.marks) } : {}),
      seed: config.seed,
      runs: config.runs,
      results: suites.results,
      sent: suites.sent,
      firstContact: so.firstContact,
      flows: suites.flows,
      skippedFlows: skippedFlowsOf(config, suites.flows, ending),
      skipped: [
        ...config.skipped,
        ...config.operations.filter((id) => !ran.has(id)).map((operationId) => ({ operationId, reason: notRunReason(ending, config.shard) })),
      ],
      mapped: so.mapped,
      gate,
      ending,
      allowUnverified: config.allowUnverified,
      requireRecords: config.requireRecords,
      ...(shard ? { shard } : {}),
      options: runShapeOf(config),
      warnings: so.warnings,
      excludedChecks: so.tested().excludedChecks,
    });
    // The last net: whatever reached the report, keys and values, is redacted before it is written or printed.
    const report = so.redactor.deep(built);
    // A stop may leave calls in flight (a pre-flight waiting out --timeout, tests past their grace).
    const leftRunning = suites.leftRunning || stop.cause !== undefined;
    if (!writes) return { report, exitCode, leftRunning };
    const files = await writeReports(report, config.reportDir, io.jobSummaryFile);
    if (files.jobSummaryProblem) io.error(files.jobSummaryProblem);
    io.log(summaryText(report, files, config.verbosity));
    if (config.har && exchangeLogDir) await writeRunHar(config.har, exchangeLogDir, so.redactor, io);
    return { report, reportFile: files.json, exitCode, leftRunning };
  } finally {
    stop.dispose();
    await so.target?.server?.close();
    lock?.release();
    if (exchangeLogDir) rmSync(exchangeLogDir, { recursive: true, force: true });
  }
}
