import { fileURLToPath } from 'node:url';
import type * as VitestNode from 'vitest/node';
import type { Operation } from '../catalogue/operations.js';
import type { RunConfig } from '../config/resolve.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import type { Progress } from '../report/progress.js';
import { ResultCollector } from '../report/collector.js';
import type { RunEnding } from '../report/status.js';
import type { FailureLimit } from './failure-limit.js';
import type { RunIo } from './io.js';
import { messageOf } from './run-ending.js';
import { type RunStop, RunStopped } from './run-stop.js';
import { limitSuiteHeaps } from './suite-heap.js';
import { endingAfterStop, missingResults, partScope, resultWatch, type SuitesOutcome } from './suite-part.js';

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
  const scope = partScope(settings, selected, config.shard);
  // Results that end before the flows are known wait for the watch; none can, as the worker loads the kit's modules first.
  const early: (OperationResult | FlowResult)[] = [];
  let onResult = (result: OperationResult | FlowResult): void => {
    early.push(result);
  };
  // The progress line, once the part's flows are known.
  const shown: { progress?: Progress } = {};
  const limitBy = limitSuiteHeaps(settings);
  const collector = new ResultCollector(
    (result) => onResult(result),
    (shortage) => stop.stop({ kind: 'out-of-memory', shortage, limitBy }),
  );
  const started = performance.now();
  const { startVitest } = await vitestLoading;
  const running = startVitest(
    'test',
    scope.groups.map((group) => `suites/${group}.suite.${suiteExtension}`),
    {
      config: false,
      root: suitesRoot,
      include: [`suites/*.suite.${suiteExtension}`],
      // Installed, the compiled suites are themselves under node_modules/, which vitest leaves out by default.
      exclude: [],
      watch: false,
      reporters: [collector],
      provide: { otpRun: scope.settings, otpStop: collector.stopChannel },
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
      shown.progress?.close();
      collector.close();
    });
  stop.whenStopped(() => collector.cancel());
  // Awaited below; observed here too, should the module load below throw first.
  running.catch(() => undefined);
  // The flows' and the model's modules load on this thread once the worker is under way: the part's flows, for the progress line and what is missing.
  const { withFlows } = await import('./part-flows.js');
  const part = withFlows(scope);
  const watch = resultWatch(part, config, io, stop, limit);
  if (watch.progress) shown.progress = watch.progress;
  onResult = watch.onResult;
  for (const result of early.splice(0)) onResult(result);
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
    const stopped = await endingAfterStop(cause, running, part, collector, config);
    return outcome(stopped.ending, stopped.leftRunning);
  }
  if (collector.kitFailures.length > 0) return outcome({ kind: 'crashed', error: `the suites failed to run: ${collector.kitFailures.join('; ')}` });
  const missing = missingResults(part, collector.results);
  if (missing) return outcome(missing);
  const { firstCollectedAt: collected, lastEndedAt: lastEnded } = collector;
  const marks = collected !== undefined && lastEnded !== undefined ? { started, collected, lastEnded, closed: performance.now() } : undefined;
  return { ...outcome({ kind: 'finished' }), ...(marks ? { marks } : {}) };
}
