import type { RunConfig } from '../config/resolve.js';
import { shortageText } from '../engine/schedule/heap-watch.js';
import { KitError, NotThisApiError, TargetUnreachableError, TokenRefusedError } from '../errors.js';
import type { RunEnding } from '../report/status.js';
import type { RunStop, StopCause } from './run-stop.js';

/** What was thrown, in words. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How far a run had got: operations with a result and flows run, of those its part was to check. */
export interface RunProgress {
  readonly operations: { readonly done: number; readonly total: number };
  readonly flows: { readonly done: number; readonly total: number };
}

/** What stopped the run, as the console says it before the report is written. */
export function stopLine(cause: StopCause, config: RunConfig): string {
  if (cause.kind === 'interrupted') return cause.signal;
  if (cause.kind === 'max-failures') return `--max-failures ${cause.after} reached`;
  if (cause.kind === 'out-of-memory') return `The suite worker ran short of memory (${shortageText(cause.shortage)})`;
  return `--max-time ${config.maxTime?.text} is up`;
}

/**
 * Why a run stopped for memory, and what to change: a larger heap, which Node takes as
 * --max-old-space-size, or less held at once: fewer answers in flight (--concurrency), or a lower
 * cap on each (--max-body), past which an answer is cut unparsed.
 */
function outOfMemoryEnding(cause: Extract<StopCause, { kind: 'out-of-memory' }>, progress: RunProgress, config: RunConfig): RunEnding {
  const { shortage, limitBy } = cause;
  const whose =
    limitBy === 'user'
      ? 'the heap limit given to Node (--max-old-space-size)'
      : `the heap limit the kit sized for --concurrency ${config.concurrency} and --max-body ${config.maxBodyBytes}`;
  const fewer = config.concurrency > 1 ? `--concurrency ${Math.floor(config.concurrency / 2)}, or ` : '';
  return {
    kind: 'out-of-memory',
    reason:
      `the suite worker ran short of memory (${shortageText(shortage)}) under ${whose}, and the run stopped with ` +
      `${progress.operations.done} of ${progress.operations.total} operations checked; give it more (NODE_OPTIONS=--max-old-space-size=${Math.max(2 * shortage.limitMb, 1024)}), ` +
      `or hold less at once: ${fewer}a lower --max-body, past which an answer is cut unparsed`,
    kitError: limitBy === 'kit',
  };
}

/** How a stop ends the run: interrupted, out of time, out of memory, or stopped by --max-failures with what it left unchecked. */
export function stopEnding(cause: StopCause, progress: RunProgress, config: RunConfig): RunEnding {
  if (cause.kind === 'interrupted') return cause;
  const { operations, flows } = progress;
  if (cause.kind === 'max-failures') {
    return { kind: 'max-failures', after: cause.after, notChecked: { operations: operations.total - operations.done, flows: flows.total - flows.done } };
  }
  if (cause.kind === 'out-of-memory') return outOfMemoryEnding(cause, progress, config);
  return {
    kind: 'out-of-time',
    reason: `the run ran out of time: --max-time ${config.maxTime?.text} ended it with ${operations.done} of ${operations.total} operations checked`,
  };
}

/** Why selected operations have no result: another part of a sharded run, or the way the run ended. */
export function notRunReason(ending: RunEnding, shard: string | undefined): string {
  const why: Record<RunEnding['kind'], string> = {
    finished: 'not run',
    'not-run': 'not run: the run stopped before the suites',
    'out-of-time': 'not run: the run ran out of time (--max-time)',
    'max-failures': 'not run: the run stopped early (--max-failures)',
    interrupted: 'not run: the run was interrupted',
    'out-of-memory': 'not run: the suite worker ran short of memory',
    crashed: 'not run: the kit failed',
  };
  if (!shard) return why[ending.kind];
  return ending.kind === 'finished' ? `in another part of the run (--shard ${shard})` : `in another part of the run (--shard ${shard}), or ${why[ending.kind]}`;
}

/**
 * How an exception before the suites ends the run: a stop, the target unreachable or refusing the
 * token, a kit error. `flows`: how many flows the run was to run (flowCountOf).
 */
export function endingBeforeSuites(error: unknown, stop: RunStop, config: RunConfig, flows: number): RunEnding {
  if (stop.cause) {
    const progress = { operations: { done: 0, total: config.operations.length }, flows: { done: 0, total: flows } };
    return stopEnding(stop.cause, progress, config);
  }
  if (error instanceof TokenRefusedError) return { kind: 'not-run', reason: error.message, formsTried: error.formsTried };
  if (error instanceof TargetUnreachableError || error instanceof NotThisApiError) {
    return { kind: 'not-run', reason: error.message };
  }
  if (error instanceof KitError) return { kind: 'not-run', reason: error.message, kitError: true };
  return { kind: 'crashed', error: messageOf(error) };
}
