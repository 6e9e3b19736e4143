import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type * as VitestNode from 'vitest/node';
import type { GroupId } from '../catalogue/groups.js';
import { type Operation, operations } from '../catalogue/operations.js';
import { createClient } from '../client/client.js';
import type { RunConfig } from '../config/resolve.js';
import { mappedForRun } from '../config/mapped.js';
import { secretsOfRun } from '../config/secrets.js';
import { replayCall } from '../engine/schedule/replay.js';
import { obtainToken } from '../engine/target/token.js';
import { withIssuedCredentials } from '../engine/target/issued-credentials.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { Deviation } from '../engine/judging/deviation.js';
import type { WireForm } from '../engine/target/first-contact.js';
import { Redactor, weakTokenWarning } from '../redaction/redactor.js';
import type { ReferenceServer } from '../reference/server.js';
import { ResultCollector } from '../report/collector.js';
import { flowsToRun } from '../flows/index.js';
import { readBaseline } from '../gate/baseline.js';
import type { GateSettings } from '../gate/gate.js';
import { readWaivers } from '../gate/waivers.js';
import { runHeader, summaryText } from '../report/console.js';
import { shippedSpec } from '../report/tested.js';
import { lockReportDir } from '../report/lock.js';
import { type ProgressOutput, Progress } from '../report/progress.js';
import { buildRunReport, checkInfos, excludedChecksOf, failsRun, type Report, type RunTimings } from '../report/report.js';
import { groupsOfPart, runShapeOf, shardPosition } from '../report/run-shape.js';
import type { ExitCode, RunEnding } from '../report/status.js';
import { preloadRenderers, writeReports } from '../report/write.js';
import { writeHar } from '../report/har.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import { sharedValidator } from '../validation/validator.js';
import { probeTarget } from './probe.js';
import { FailureLimit } from './failure-limit.js';
import { endingBeforeSuites, messageOf, notRunReason, skippedFlowsOf, stopEnding, stopLine } from './run-ending.js';
import { RunStop, RunStopped, type SignalSource } from './run-stop.js';
import { contactTarget } from './first-contact.js';
import { limitSuiteHeaps } from './suite-heap.js';

/**
 * The folder that holds suites/: the checkout when the kit runs from source (vitest compiles the
 * .ts suites), dist/ when it runs compiled (the .js suites beside this module's own tree).
 */
const suitesRoot = fileURLToPath(new URL('../../', import.meta.url));
const suiteExtension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
/**
 * Compiled, the kit's own modules are plain JavaScript: the suites import them with Node's own
 * loader rather than through vitest's transform, which would otherwise spend most of the start-up
 * reading them. From source they are TypeScript, and vitest compiles them.
 */
const kitModules = fileURLToPath(new URL('../', import.meta.url));
const externalKitModules =
  suiteExtension === 'js' ? { server: { deps: { external: [new RegExp(`^${kitModules.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)] } } } : {};

/** After a stop, how long the tests already running may take to finish before the report is written without them. */
const STOP_GRACE_MS = 2000;

export interface RunOutcome {
  readonly report?: Report;
  readonly reportFile?: string;
  readonly exitCode: ExitCode;
  /** The run was stopped with tests still running: the process has to be ended, not left to drain. */
  readonly leftRunning?: boolean;
}

export interface RunIo {
  log(line: string): void;
  /** What went wrong, for the error stream: one line, never a stack trace. */
  error(line: string): void;
  /** Where progress goes, and whether it is a terminal. */
  readonly progress: ProgressOutput;
  /** The CI job summary file to append the Markdown summary to ($GITHUB_STEP_SUMMARY). */
  readonly jobSummaryFile?: string;
  readonly now: Date;
  /** SIGINT and SIGTERM; without them nothing from outside interrupts the run. */
  readonly signals?: SignalSource;
}

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

/** What the suites gave back, and how they ended. */
interface SuitesOutcome {
  readonly results: readonly OperationResult[];
  readonly flows: readonly FlowResult[];
  readonly ending: RunEnding;
  readonly leftRunning: boolean;
  /** Requests that left for the server, finished operations or not, as the suites last posted. */
  readonly sent: number;
  /** The suites' phases, when the run got through them: performance.now() at each mark. */
  readonly marks?: { readonly started: number; readonly collected: number; readonly lastEnded: number; readonly closed: number };
}

/**
 * The settings narrowed to the groups of this part of the run. The ids of the mapped operations
 * stay beside the documented ones: a flow runs only where every operation it calls is selected.
 */
function settingsOfPart(settings: RunSettings, partGroups: readonly GroupId[]): RunSettings {
  const inPart = (op: Operation) => partGroups.includes(op.group);
  const mapped = settings.mapped.filter(inPart);
  return {
    ...settings,
    operations: [...operations.filter((op) => inPart(op) && settings.operations.includes(op.id)), ...mapped].map((op) => op.id),
    mapped,
  };
}

/**
 * Runs the suites of the selected groups in vitest: one worker thread, which starts the run's one
 * schedule (src/engine/schedule/run-plan.ts) and reports each group's tests as their results come.
 * Each result counts towards --max-failures. A stop (signal, --max-time, --max-failures) cancels
 * the run: no test starts after it, the schedule sends nothing more and cuts the calls in flight,
 * and the tests running get a short grace to finish. An exception of the kit or a suite that failed
 * to load ends it as crashed, with the results it had.
 */
async function runSuites(
  settings: RunSettings,
  config: RunConfig,
  selected: readonly Operation[],
  io: RunIo,
  stop: RunStop,
  vitestLoading: Promise<typeof VitestNode>,
  limit: FailureLimit | undefined,
): Promise<SuitesOutcome> {
  const partGroups = groupsOfPart(selected, shardPosition(config.shard));
  const partSettings = settingsOfPart(settings, partGroups);
  const partSelected = selected.filter((op) => partGroups.includes(op.group));
  const partFlows = partGroups.flatMap((group) => flowsToRun(group, partSettings));
  const progress =
    config.verbosity === 'quiet'
      ? undefined
      : new Progress(
          io.progress,
          partGroups.map((group) => ({
            group,
            tests: partSelected.filter((op) => op.group === group).length + partFlows.filter((flow) => flow.group === group).length,
          })),
        );
  const collector = new ResultCollector((result) => {
    // From the first result on, the checks are under way and this thread mostly waits for the worker's.
    preloadRenderers();
    progress?.advance(result);
    if (limit?.add(result.deviations)) stop.stop({ kind: 'max-failures', after: limit.after });
  });
  limitSuiteHeaps(settings);
  const started = performance.now();
  const { startVitest } = await vitestLoading;
  const running = startVitest(
    'test',
    partGroups.map((group) => `suites/${group}.suite.${suiteExtension}`),
    {
      config: false,
      root: suitesRoot,
      include: [`suites/*.suite.${suiteExtension}`],
      // Installed, the compiled suites are themselves under node_modules/, which vitest leaves out by default.
      exclude: [],
      watch: false,
      reporters: [collector],
      provide: { otpRun: partSettings, otpStop: collector.stopChannel },
      // One worker, without isolation: the kit's modules load and its schemas compile once, and the
      // suites share the run's one pool of requests (and its --rate) instead of each having its own.
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      // No test or hook timeout: every request is bounded by --timeout, and the whole run by --max-time.
      testTimeout: 0,
      hookTimeout: 0,
      ...externalKitModules,
    },
  )
    .then((vitest) => vitest.close())
    .finally(() => {
      progress?.close();
      collector.close();
    });
  stop.whenStopped(() => collector.cancel());
  const outcome = (ending: RunEnding, leftRunning = false): SuitesOutcome => ({
    results: collector.results,
    flows: collector.flows,
    ending,
    leftRunning,
    sent: collector.sent,
  });
  try {
    await stop.race(running);
  } catch (error) {
    if (!(error instanceof RunStopped)) return outcome({ kind: 'crashed', error: messageOf(error) });
    const finished = await Promise.race([
      running.then(
        () => true,
        () => true,
      ),
      sleep(STOP_GRACE_MS).then(() => false),
    ]);
    const done = {
      operations: { done: collector.results.length, total: partSelected.length },
      flows: { done: collector.flows.length, total: partFlows.length },
    };
    return outcome(stopEnding(stop.cause!, done, config), !finished);
  }
  if (collector.kitFailures.length > 0) return outcome({ kind: 'crashed', error: `the suites failed to run: ${collector.kitFailures.join('; ')}` });
  const ran = new Set(collector.results.map((result) => result.operationId));
  const missing = partSelected.filter((op) => !ran.has(op.id));
  if (missing.length > 0) {
    return outcome({ kind: 'crashed', error: `the suites gave no result for ${missing.map((op) => op.id).join(', ')}` });
  }
  const { firstCollectedAt: collected, lastEndedAt: lastEnded } = collector;
  const marks = collected !== undefined && lastEnded !== undefined ? { started, collected, lastEnded, closed: performance.now() } : undefined;
  return { ...outcome({ kind: 'finished' }), ...(marks ? { marks } : {}) };
}

/** Where the run's time went, from the suites' marks and the moment the run began. */
function timingsOf(enteredAt: number, marks: NonNullable<SuitesOutcome['marks']>): RunTimings {
  return {
    startUpMs: Math.round(enteredAt),
    targetMs: Math.round(marks.started - enteredAt),
    suitesStartMs: Math.round(marks.collected - marks.started),
    checksMs: Math.round(marks.lastEnded - marks.collected),
    suitesEndMs: Math.round(marks.closed - marks.lastEnded),
  };
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

/** The HAR of the run's exchanges; a failure to write it is said, and leaves the verdict as it is. */
async function writeRunHar(file: string, exchangeLogDir: string, redactor: Redactor, io: RunIo): Promise<void> {
  try {
    const entries = await writeHar(exchangeLogDir, file, redactor);
    io.log(`HAR: ${file} (${entries} exchanges)`);
  } catch (error) {
    io.error(`the HAR file ${file} could not be written: ${messageOf(error)}`);
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

/** Everything a run needs but the token, from the config and the embedded server (if any). */
function baseSettings(config: RunConfig, server: { url: string; credentials: { mobile: string; password: string } } | undefined) {
  // The embedded server's credentials feed the map's ${OTP_USERNAME} and ${OTP_PASSWORD}.
  const variables = server ? { ...config.variables, OTP_USERNAME: server.credentials.mobile, OTP_PASSWORD: server.credentials.password } : config.variables;
  const mapped = mappedForRun(config.operationMap?.map, config.operations, variables);
  // The environment, the map and the run's own clock stay here: workers get the filled-in operations only.
  const {
    variables: _variables,
    operationMap: _operationMap,
    maxTime: _maxTime,
    allowUnverified: _allowUnverified,
    har: _har,
    maxFailures: _maxFailures,
    dryRun: _dryRun,
    checksLeftOutBy: _checksLeftOutBy,
    ...runConfig
  } = config;
  return { ...runConfig, ...mapped, baseUrl: server?.url ?? config.baseUrl! };
}

/** Where re-sent calls go: the target probed and its token obtained, or a fresh embedded server when the run had none. */
export interface ReplayTarget {
  readonly settings: RunSettings;
  readonly redactor: Redactor;
  /** The embedded server started for the replay, if any. */
  readonly server: ReferenceServer | undefined;
}

/** The embedded reference server, with a random token; its modules are loaded only for it, not when --base-url is given. */
const startEmbeddedServer = async (): Promise<ReferenceServer> =>
  (await import('../reference/server.js')).startReferenceServer({ token: randomBytes(16).toString('hex') });

/** Runs `use` against the replay target, and stops the embedded server it may have started. */
export async function withReplayTarget<T>(config: RunConfig, use: (target: ReplayTarget) => Promise<T>): Promise<T> {
  const server = config.baseUrl === undefined ? await startEmbeddedServer() : undefined;
  try {
    const base = baseSettings(config, server);
    await probeTarget(base.baseUrl, Math.min(base.timeoutMs, 5000), config.transport);
    const token = await tokenFor(config, base, server?.token);
    const secrets = secretsOfRunWith(token, base.secrets, config);
    return await use({ settings: { ...base, token, secrets }, redactor: new Redactor(secrets), server });
  } finally {
    await server?.close();
  }
}

/** The token, the template values, credentials in the environment and the secrets the options carry. */
function secretsOfRunWith(token: string, templateSecrets: readonly string[], config: RunConfig): string[] {
  return [...new Set([...secretsOfRun(token, templateSecrets, config), ...config.optionSecrets])];
}

/**
 * A run against the target or the embedded reference server. Whatever happens once it has
 * started — the target unreachable, the token refused, a signal, --max-time, an exception of the
 * kit — it ends with a report whose status says what was checked, written atomically into a
 * report folder no other run writes to at the same time.
 */
export async function runConformance(config: RunConfig, io: RunIo): Promise<RunOutcome> {
  // performance.now() counts from the process's start: what came before this line is start-up.
  const enteredAt = performance.now();
  const gate = gateSettings(config, io.now);
  const embedded = config.baseUrl === undefined;
  if (config.dryRun) return (await import('./dry-run.js')).dryRun(config, io);
  if (config.replay !== undefined) {
    const call = config.replay;
    return withReplayTarget(config, ({ settings, redactor }) => replay(call, settings, { ...io, log: (line) => io.log(redactor.text(line)) }));
  }
  // Loaded by a run only, not with the CLI (--version, list or serve never load vitest's node side),
  // and from the start: it loads while the embedded server starts and the target is probed.
  const vitestLoading = import('vitest/node');
  vitestLoading.catch(() => undefined);

  const lock = lockReportDir(config.reportDir);
  // Console lines pass the redactor too; it learns the token once the run has it.
  let redactor = new Redactor(secretsOfRunWith('', [], config));
  const given = io;
  io = { ...given, log: (line) => given.log(redactor.text(line)), error: (line) => given.error(redactor.text(line)) };
  const stop = new RunStop(config.maxTime?.ms, io.signals);
  stop.whenStopped((cause) => io.log(`\n${stopLine(cause, config)}: stopping the run and writing the report…`));
  const limit = config.maxFailures === undefined ? undefined : new FailureLimit(config.maxFailures, gate);
  const startedAt = new Date();
  const spec = shippedSpec();
  const excludedChecks = excludedChecksOf(config.excludedChecks, config.checksLeftOutBy);
  // The form the run sends in: as configured, until first contact finds the server serves another.
  let form: WireForm = { authScheme: config.authScheme, pathForm: config.pathForm };
  /** What the run tests, with what: for the console header and every report. */
  const testedOf = (server: string | undefined) => ({
    tool: TOOL_NAME,
    version: TOOL_VERSION,
    target: {
      baseUrl,
      embedded,
      authScheme: form.authScheme,
      pathForm: form.pathForm,
      ...(config.label === undefined ? {} : { label: config.label }),
      ...(server === undefined ? {} : { server }),
    },
    spec,
    node: process.version,
    seed: config.seed,
    runs: config.runs,
    failOn: config.failOn,
    options: runShapeOf(config),
    excludedChecks,
  });
  const quiet = config.verbosity === 'quiet';
  let server: ReferenceServer | undefined;
  let mapped: readonly Operation[] = [];
  let baseUrl = config.baseUrl ?? '';
  let serverHeader: string | undefined;
  let suites: SuitesOutcome = { results: [], flows: [], ending: { kind: 'finished' }, leftRunning: false, sent: 0 };
  /** What first contact found wrong with the documented form, and the sentence that says the run went on in another. */
  let firstContactDeviations: readonly Deviation[] = [];
  const warnings = [...config.warnings];
  // With --har, the workers append their exchanges here; the HAR is joined from it at the end.
  const exchangeLogDir = config.har === undefined ? undefined : mkdtempSync(join(tmpdir(), 'otp-exchanges-'));
  try {
    try {
      server = embedded ? await startEmbeddedServer() : undefined;
      const base = baseSettings(config, server);
      ({ mapped, baseUrl } = base);
      if (server && !quiet) io.log(`No --base-url given: started the embedded reference server at ${server.url} (random token).`);
      for (const warning of config.warnings) io.log(warning);
      const selected: Operation[] = [...operations.filter((op) => base.operations.includes(op.id)), ...base.mapped];
      serverHeader = await stop.race(probeTarget(base.baseUrl, Math.min(base.timeoutMs, 5000), config.transport));
      const givenToken = await stop.race(tokenFor(config, base, server?.token));
      redactor = new Redactor(secretsOfRunWith(givenToken, base.secrets, config));
      const weak = weakTokenWarning(givenToken);
      if (weak) io.log(weak);
      const contacted = await stop.race(contactTarget(base, givenToken, selected, io, quiet));
      const { token } = contacted;
      form = contacted.form;
      firstContactDeviations = contacted.deviations;
      if (contacted.adopted) {
        warnings.push(contacted.adopted);
        io.log(contacted.adopted);
      }
      if (limit?.add(firstContactDeviations)) {
        stop.stop({ kind: 'max-failures', after: limit.after });
        throw new RunStopped();
      }
      // What the auth probes send besides the token, asked for before the suites as the token is.
      const settings: RunSettings = await stop.race(
        withIssuedCredentials({
          ...base,
          ...form,
          token,
          secrets: [...new Set([givenToken, ...secretsOfRunWith(token, base.secrets, config)])],
          ...(exchangeLogDir ? { exchangeLogDir } : {}),
        }),
      );
      redactor = new Redactor(settings.secrets);
      if (!quiet) io.log(runHeader(testedOf(serverHeader)));
      if (!quiet)
        io.log(
          `Checking ${settings.baseUrl} — ${settings.operations.length} operations, ${settings.runs} valid + ${settings.hostileRuns} hostile payloads each` +
            `${settings.authProbes ? ', auth probes' : ''}${settings.httpProbes !== false ? ', HTTP probes' : ''}${settings.stateful ? ', stateful flows' : ''}, seed ${settings.seed}` +
            (settings.readOnly
              ? `; read-only: nothing that changes state is sent (${config.skipped.length} operations and ${skippedFlowsOf(config, [], { kind: 'finished' }).length} flows left out)`
              : '; this run creates and deletes records on the server (--read-only to avoid it)'),
        );
      suites = await runSuites(settings, config, selected, io, stop, vitestLoading, limit);
    } catch (error) {
      suites = { ...suites, ending: endingBeforeSuites(error, stop, config) };
    }
    const { ending } = suites;
    if (ending.kind === 'not-run') io.error(ending.reason);
    if (ending.kind === 'crashed') io.error(`the kit failed: ${ending.error}`);
    const ran = new Set(suites.results.map((result) => result.operationId));
    const { report: built, exitCode } = buildRunReport({
      target: testedOf(serverHeader).target,
      spec,
      node: process.version,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      ...(suites.marks ? { timings: timingsOf(enteredAt, suites.marks) } : {}),
      seed: config.seed,
      runs: config.runs,
      results: suites.results,
      sent: suites.sent,
      firstContact: firstContactDeviations,
      flows: suites.flows,
      skippedFlows: skippedFlowsOf(config, suites.flows, ending),
      skipped: [
        ...config.skipped,
        ...config.operations.filter((id) => !ran.has(id)).map((operationId) => ({ operationId, reason: notRunReason(ending, config.shard) })),
      ],
      mapped,
      gate,
      ending,
      allowUnverified: config.allowUnverified,
      ...(config.shard ? { shard: shardPosition(config.shard)! } : {}),
      options: runShapeOf(config),
      warnings,
      excludedChecks,
    });
    // The last net: whatever reached the report, keys and values, is redacted before it is written or printed.
    const report = redactor.deep(built);
    const files = await writeReports(report, config.reportDir, io.jobSummaryFile);
    if (files.jobSummaryProblem) io.error(files.jobSummaryProblem);
    io.log(summaryText(report, files, config.verbosity));
    if (config.har && exchangeLogDir) await writeRunHar(config.har, exchangeLogDir, redactor, io);
    // A stop may leave calls in flight (a pre-flight waiting out --timeout, tests past their grace).
    return { report, reportFile: files.json, exitCode, leftRunning: suites.leftRunning || stop.cause !== undefined };
  } finally {
    stop.dispose();
    await server?.close();
    lock.release();
    if (exchangeLogDir) rmSync(exchangeLogDir, { recursive: true, force: true });
  }
}
