import type { Operation } from '../catalogue/operations.js';
import type { RunConfig } from '../config/resolve.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import { HeapWatch } from '../engine/schedule/heap-watch.js';
import { startRun } from '../engine/schedule/run-plan.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import type { FailureLimit } from './failure-limit.js';
import type { RunIo } from './io.js';
import { messageOf } from './run-ending.js';
import { type RunStop, RunStopped } from './run-stop.js';
import { suitePart } from './part-flows.js';
import { endingAfterStop, resultWatch, type SuitesOutcome } from './suite-part.js';

/** How often a progress line on a terminal reads the schedule's request counts. */
const PROGRESS_EVERY_MS = 250;

/**
 * Runs the checks of the selected groups in the calling process, with no vitest of the kit's own:
 * the run's one schedule (`startRun`) over the same operations and flows, in the same order, as the
 * suites give it in vitest's worker, each result collected as it comes. For a caller that is itself
 * a test file (defineConformanceSuites), which already runs inside vitest. A stop cancels the
 * schedule: nothing more is sent, the calls in flight are cut, and results that settle after it
 * are left out, since a call cut short would report the kit's own doing as the server's.
 */
export async function runSuitesInProcess(
  settings: RunSettings,
  config: RunConfig,
  selected: readonly Operation[],
  io: RunIo,
  stop: RunStop,
  limit: FailureLimit | undefined,
): Promise<SuitesOutcome> {
  const part = suitePart(settings, selected, config.shard);
  const { progress, onResult } = resultWatch(part, config, io, stop, limit);
  const started = performance.now();
  // The heap of the calling process, whose limit its own starter set: a shortage stops the run as in the worker.
  const heap = new HeapWatch();
  heap.whenShort((shortage) => stop.stop({ kind: 'out-of-memory', shortage, limitBy: 'user' }));
  const running = startRun(part.settings, { operations: part.operations, flows: part.flows }, heap);
  const collected = performance.now();
  const results: OperationResult[] = [];
  const flows: FlowResult[] = [];
  let lastEnded = collected;
  let cancelled = false;
  const collect =
    <T extends OperationResult | FlowResult>(into: T[]) =>
    (result: T) => {
      lastEnded = performance.now();
      if (cancelled) return;
      into.push(result);
      onResult(result);
    };
  // A result that failed is the schedule's failure, which `finished` carries.
  const ignore = () => undefined;
  for (const operation of part.operations) running.operation(operation.id).then(collect(results), ignore);
  for (const flow of part.flows) running.flow(flow.id).then(collect(flows), ignore);
  const showRequests = setInterval(() => progress?.heard(running.progress()), PROGRESS_EVERY_MS);
  showRequests.unref();
  stop.whenStopped(() => {
    cancelled = true;
    running.cancel();
  });
  const outcome = (ending: SuitesOutcome['ending'], leftRunning = false): SuitesOutcome => ({
    results,
    flows,
    ending,
    leftRunning,
    sent: running.progress().sent,
  });
  try {
    await stop.race(running.finished);
  } catch (error) {
    const cause = stop.cause;
    if (!(error instanceof RunStopped) || cause === undefined) return outcome({ kind: 'crashed', error: messageOf(error) });
    const stopped = await endingAfterStop(cause, running.finished, part, { results, flows }, config);
    return outcome(stopped.ending, stopped.leftRunning);
  } finally {
    clearInterval(showRequests);
    progress?.close();
  }
  return { ...outcome({ kind: 'finished' }), marks: { started, collected, lastEnded, closed: performance.now() } };
}
