import { setTimeout as sleep } from 'node:timers/promises';
import type { GroupId } from '../catalogue/groups.js';
import { type Operation, operations } from '../catalogue/operations.js';
import type { RunConfig } from '../config/resolve.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import type { Flow } from '../flows/flow.js';
import type { FlowSelection } from '../flows/index.js';
import { Progress } from '../report/progress.js';
import type { RunTimings } from '../report/report.js';
import type { RunEnding } from '../report/status.js';
import { preloadRenderers } from '../report/write.js';
import type { FailureLimit } from './failure-limit.js';
import type { RunIo } from './io.js';
import { stopEnding } from './run-ending.js';
import type { RunStop, StopCause } from './run-stop.js';
import { groupsOfPart, shardPosition } from './shard.js';

/** After a stop, how long the work already running may take to finish before the report is written without it. */
const STOP_GRACE_MS = 2000;

/** What the suites gave back, and how they ended: the same wherever they ran. */
export interface SuitesOutcome {
  readonly results: readonly OperationResult[];
  readonly flows: readonly FlowResult[];
  readonly ending: RunEnding;
  readonly leftRunning: boolean;
  /** Requests that left for the server, finished operations or not, as the suites last counted. */
  readonly sent: number;
  /** The suites' phases, when the run got through them: performance.now() at each mark. */
  readonly marks?: { readonly started: number; readonly collected: number; readonly lastEnded: number; readonly closed: number };
}

/** What of a run's settings decides its part: the operations selected, and what decides the flows. */
export type PartSettings = Pick<RunSettings, 'operations' | 'mapped'> & FlowSelection;

/** What this part of the run checks (the whole run without --shard): its groups in the order of section 1, their operations and flows. */
export interface SuitePart<S extends PartSettings = RunSettings> {
  readonly groups: readonly GroupId[];
  /** The run's settings narrowed to the part's groups. */
  readonly settings: S;
  /** Group by group, documented then mapped: the order every route calls them in, so one seed gives one report. */
  readonly operations: readonly Operation[];
  readonly flows: readonly Flow[];
}

/** A part without its flows: what the suites' worker needs to start (the flows come from part-flows.ts). */
export type PartScope<S extends PartSettings = RunSettings> = Omit<SuitePart<S>, 'flows'>;

/**
 * The part of the run the suites check: the groups of this part with --shard, else every group
 * with a selected operation. The ids of the mapped operations stay beside the documented ones: a
 * flow runs only where every operation it calls is selected.
 */
export function partScope<S extends PartSettings>(settings: S, selected: readonly Operation[], shard: string | undefined): PartScope<S> {
  const partGroups = groupsOfPart(selected, shardPosition(shard));
  const inPart = (op: Operation) => partGroups.includes(op.group);
  const mapped = settings.mapped.filter(inPart);
  const partSettings: S = {
    ...settings,
    operations: [...operations.filter((op) => inPart(op) && settings.operations.includes(op.id)), ...mapped].map((op) => op.id),
    mapped,
  };
  return { groups: partGroups, settings: partSettings, operations: partGroups.flatMap((group) => selected.filter((op) => op.group === group)) };
}

/** The operations a run's settings select: the documented ones, then those its operation map places. */
export const selectedOperations = (settings: Pick<RunSettings, 'operations' | 'mapped'>): Operation[] => [
  ...operations.filter((op) => settings.operations.includes(op.id)),
  ...settings.mapped,
];

/**
 * What follows each result, wherever the suites run: the progress line moves on, and the result
 * counts towards --max-failures, which stops the run once reached.
 */
export function resultWatch(part: SuitePart, config: RunConfig, io: RunIo, stop: RunStop, limit: FailureLimit | undefined) {
  const progress =
    config.verbosity === 'quiet'
      ? undefined
      : new Progress(
          io.progress,
          part.groups.map((group) => ({
            group,
            tests: part.operations.filter((op) => op.group === group).length + part.flows.filter((flow) => flow.group === group).length,
          })),
        );
  const onResult = (result: OperationResult | FlowResult) => {
    // From the first result on, the checks are under way and the reports will be rendered.
    preloadRenderers();
    progress?.advance(result);
    if (limit?.add(result.deviations)) stop.stop({ kind: 'max-failures', after: limit.after });
  };
  return { progress, onResult };
}

/**
 * How a stopped run's suites end: the work running gets a short grace to finish, and the ending
 * says how far the part got. `leftRunning`: the grace ran out with work still under way.
 */
export async function endingAfterStop(
  cause: StopCause,
  running: Promise<unknown>,
  part: SuitePart,
  done: { readonly results: readonly unknown[]; readonly flows: readonly unknown[] },
  config: RunConfig,
): Promise<{ ending: RunEnding; leftRunning: boolean }> {
  const finished = await Promise.race([
    running.then(
      () => true,
      () => true,
    ),
    sleep(STOP_GRACE_MS).then(() => false),
  ]);
  const progress = {
    operations: { done: done.results.length, total: part.operations.length },
    flows: { done: done.flows.length, total: part.flows.length },
  };
  return { ending: stopEnding(cause, progress, config), leftRunning: !finished };
}

/** A finished part that lacks the result of an operation it selected ended in a fault of the kit; undefined where none is missing. */
export function missingResults(part: SuitePart, results: readonly OperationResult[]): RunEnding | undefined {
  const ran = new Set(results.map((result) => result.operationId));
  const missing = part.operations.filter((op) => !ran.has(op.id));
  return missing.length > 0 ? { kind: 'crashed', error: `the suites gave no result for ${missing.map((op) => op.id).join(', ')}` } : undefined;
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
