import { describe, expect, inject, type TaskMeta, test } from 'vitest';
import { findGroup, groups, type GroupId } from '../catalogue/groups.js';
import { type Operation, operations } from '../catalogue/operations.js';
import { severityRank } from '../checks/types.js';
import type { Deviation } from '../engine/judging/deviation.js';
import { HeapWatch, shortageText } from '../engine/schedule/heap-watch.js';
import { type RunningChecks, type RunScope, startRun } from '../engine/schedule/run-plan.js';
import type { RunSettings } from '../engine/schedule/settings.js';
import type { Flow } from '../flows/flow.js';
import { statefulRunsOf } from '../model/index.js';
import { postProgress } from './progress-channel.js';
import { listenForStop } from './stop-channel.js';
import './vitest-context.js';

/** The operations of a group the settings select, documented then mapped. */
function selectedOf(groupId: GroupId, settings: RunSettings): Operation[] {
  return [...operations.filter((op) => op.group === groupId && settings.operations.includes(op.id)), ...settings.mapped.filter((op) => op.group === groupId)];
}

/**
 * The run behind every group suite of a worker, started by the first suite that asks, with the
 * worker's heap watched. All the selected groups' work goes out at once through one pool, so the
 * suites, which vitest runs one after another, only wait for results already under way.
 */
const runs = new Map<string, { running: RunningChecks; heap: HeapWatch }>();

function runFor(settings: RunSettings, stopChannel: string | undefined): { running: RunningChecks; heap: HeapWatch } {
  const key = JSON.stringify(settings);
  let run = runs.get(key);
  if (!run) {
    const selected = groups.map((group) => group.id);
    const heap = new HeapWatch();
    const started = startRun(
      settings,
      {
        operations: selected.flatMap((group) => selectedOf(group, settings)),
        flows: selected.flatMap((group) => statefulRunsOf(group, settings)),
      },
      heap,
    );
    run = { running: started, heap };
    runs.set(key, run);
    const stopPosting = postProgress(started);
    const stopListening = stopChannel === undefined ? () => {} : listenForStop(stopChannel, () => started.cancel());
    void started.finished
      .finally(() => {
        stopPosting();
        stopListening();
      })
      .catch(() => undefined);
  }
  return run;
}

/**
 * A test's result, unless the heap ran short while it waited: the run was then cancelled and the
 * result is of work cut short. The test carries the shortage to the runner in its meta, which ends
 * the run there.
 */
async function unlessShort<T>(heap: HeapWatch, meta: TaskMeta, work: Promise<T>): Promise<T> {
  const settled = await work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const shortage = heap.shortage;
  if (shortage) {
    meta.otpShortOfMemory = shortage;
    throw new Error(`the run stopped: the worker ran short of memory (${shortageText(shortage)})`);
  }
  if (!settled.ok) throw settled.error;
  return settled.value;
}

/**
 * No vitest clock on a test, whatever the project's testTimeout: each waits for a result of the
 * run's one schedule, whose every request is bounded by --timeout, and a test's wait includes the
 * work of the tests before it, which no per-test clock can foresee.
 */
const UNTIMED = { timeout: 0 };

/**
 * Where a group's tests get their verdicts: for one operation or flow, the deviations that fail its
 * test. It rejects, with what to fix, where the run could not check that operation or flow.
 */
export interface GroupVerdicts {
  /** What the deviations returned are, for the test's failure message: `deviations at or above error`. */
  readonly failing: string;
  operation(operation: Operation, meta: TaskMeta): Promise<readonly Deviation[]>;
  flow(flow: Flow, meta: TaskMeta): Promise<readonly Deviation[]>;
}

/**
 * One vitest test per operation of a group of section 1, then one per stateful flow, named as the
 * kit's suites name them, each failing on the deviations its verdict returns. The run's one
 * schedule is shared: a test only waits for a result already under way.
 */
export function registerGroupTests(groupId: GroupId, scope: RunScope, verdicts: GroupVerdicts): void {
  const expectNone = (deviations: readonly Deviation[]) => {
    const lines = deviations.map((deviation) => `${deviation.severity} ${deviation.check} ${deviation.instancePath}: ${deviation.actual}`);
    expect(lines, verdicts.failing).toEqual([]);
  };
  describe(findGroup(groupId)?.title ?? groupId, () => {
    for (const operation of scope.operations) {
      test(`${operation.number === undefined ? '4.1' : `#${operation.number}`} ${operation.path}`, UNTIMED, async ({ task }) => {
        expectNone(await verdicts.operation(operation, task.meta));
      });
    }
    for (const flow of scope.flows) {
      test(`flow ${flow.id}`, UNTIMED, async ({ task }) => {
        expectNone(await verdicts.flow(flow, task.meta));
      });
    }
  });
}

/**
 * The kit's suite of a group (suites/), in the vitest run the CLI and run() start: the settings
 * come from the run through vitest's provide/inject. The engine returns results; this adapter
 * stores them in the task's meta for the run's reporter and fails the test on deviations at or
 * above --fail-on.
 */
export function defineGroupSuite(groupId: GroupId): void {
  const settings = inject('otpRun');
  const { running, heap } = runFor(settings, inject('otpStop'));
  const failing = (deviations: readonly Deviation[]) => deviations.filter((deviation) => severityRank(deviation.severity) >= severityRank(settings.failOn));
  registerGroupTests(
    groupId,
    { operations: selectedOf(groupId, settings), flows: statefulRunsOf(groupId, settings) },
    {
      failing: `deviations at or above ${settings.failOn}`,
      operation: async (operation, meta) => {
        const result = await unlessShort(heap, meta, running.operation(operation.id));
        meta.otp = result;
        return failing(result.deviations);
      },
      flow: async (flow, meta) => {
        const result = await unlessShort(heap, meta, running.flow(flow.id));
        meta.otpFlow = result;
        return failing(result.deviations);
      },
    },
  );
}
