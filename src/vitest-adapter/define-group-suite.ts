import { describe, expect, inject, type TestContext, test } from 'vitest';
import { findGroup, groups, type GroupId } from '../catalogue/groups.js';
import { type Operation, operations } from '../catalogue/operations.js';
import { severityRank } from '../checks/types.js';
import type { Deviation } from '../engine/judging/deviation.js';
import { HeapWatch, shortageText } from '../engine/schedule/heap-watch.js';
import { type RunningChecks, startRun } from '../engine/schedule/run-plan.js';
import type { RunSettings } from '../engine/schedule/settings.js';
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
 * the run there, and fails with it where no runner reads it (a user's own vitest project).
 */
async function unlessShort<T>(heap: HeapWatch, task: TestContext['task'], work: Promise<T>): Promise<T> {
  const settled = await work.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const shortage = heap.shortage;
  if (shortage) {
    task.meta.otpShortOfMemory = shortage;
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
 * One vitest test per selected operation of a group of section 1, then one per stateful flow of
 * the group. The settings come from the CLI through vitest's provide/inject, or from a user's own
 * vitest project (see src/api/vitest.ts). The engine returns results; this adapter stores them for
 * the reporter and fails the test on deviations at or above --fail-on.
 */
export function defineGroupSuite(groupId: GroupId, settings: RunSettings = inject('otpRun')): void {
  const group = findGroup(groupId);
  const { running, heap } = runFor(settings, inject('otpStop'));

  const expectNoFailing = (deviations: readonly Deviation[]) => {
    const failing = deviations
      .filter((deviation) => severityRank(deviation.severity) >= severityRank(settings.failOn))
      .map((deviation) => `${deviation.severity} ${deviation.check} ${deviation.instancePath}: ${deviation.actual}`);
    expect(failing, `deviations at or above ${settings.failOn}`).toEqual([]);
  };

  describe(group?.title ?? groupId, () => {
    for (const operation of selectedOf(groupId, settings)) {
      test(`${operation.number === undefined ? '4.1' : `#${operation.number}`} ${operation.path}`, UNTIMED, async ({ task }) => {
        const result = await unlessShort(heap, task, running.operation(operation.id));
        task.meta.otp = result;
        expectNoFailing(result.deviations);
      });
    }
    for (const flow of statefulRunsOf(groupId, settings)) {
      test(`flow ${flow.id}`, UNTIMED, async ({ task }) => {
        const result = await unlessShort(heap, task, running.flow(flow.id));
        task.meta.otpFlow = result;
        expectNoFailing(result.deviations);
      });
    }
  });
}
