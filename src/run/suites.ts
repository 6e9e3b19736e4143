import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type * as VitestNode from 'vitest/node';
import type { GroupId } from '../catalogue/groups.js';
import { type Operation, operations } from '../catalogue/operations.js';
import type { RunConfig } from '../config/resolve.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import { statefulRunsOf } from '../model/index.js';
import { ResultCollector } from '../report/collector.js';
import { Progress } from '../report/progress.js';
import type { RunTimings } from '../report/report.js';
import { groupsOfPart, shardPosition } from './shard.js';
import type { RunEnding } from '../report/status.js';
import { preloadRenderers } from '../report/write.js';
import type { FailureLimit } from './failure-limit.js';
import type { RunIo } from './io.js';
import { messageOf, stopEnding } from './run-ending.js';
import { type RunStop, RunStopped } from './run-stop.js';
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

/** What the suites gave back, and how they ended. */
export interface SuitesOutcome {
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
 * Each result counts towards --max-failures. A stop (signal, --max-time, --max-failures, the
 * worker's heap run short) cancels the run: no test starts after it, the schedule sends nothing
 * more and cuts the calls in flight, and the tests running get a short grace to finish. An exception of the kit or a suite that failed
 * to load ends it as crashed, with the results it had.
 */
export async function runSuites(
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
  const partFlows = partGroups.flatMap((group) => statefulRunsOf(group, partSettings));
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
  const limitBy = limitSuiteHeaps(settings);
  const collector = new ResultCollector(
    (result) => {
      // From the first result on, the checks are under way and this thread mostly waits for the worker's.
      preloadRenderers();
      progress?.advance(result);
      if (limit?.add(result.deviations)) stop.stop({ kind: 'max-failures', after: limit.after });
    },
    (shortage) => stop.stop({ kind: 'out-of-memory', shortage, limitBy }),
  );
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
    const cause = stop.cause;
    if (!(error instanceof RunStopped) || cause === undefined) return outcome({ kind: 'crashed', error: messageOf(error) });
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
    return outcome(stopEnding(cause, done, config), !finished);
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
export function timingsOf(enteredAt: number, marks: NonNullable<SuitesOutcome['marks']>): RunTimings {
  return {
    startUpMs: Math.round(enteredAt),
    targetMs: Math.round(marks.started - enteredAt),
    suitesStartMs: Math.round(marks.collected - marks.started),
    checksMs: Math.round(marks.lastEnded - marks.collected),
    suitesEndMs: Math.round(marks.closed - marks.lastEnded),
  };
}
