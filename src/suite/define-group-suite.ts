import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findGroup, type GroupId } from '../catalogue/groups.js';
import { type Operation, operationsOf } from '../catalogue/operations.js';
import { severityRank } from '../checks/types.js';
import type { Client } from '../client/client.js';
import { clientForRun, operationContext } from '../engine/context.js';
import type { Deviation } from '../engine/deviation.js';
import { redactorFor } from '../engine/evidence.js';
import { runFlow } from '../engine/run-flow.js';
import { runOperation } from '../engine/run-operation.js';
import type { RunSettings } from '../engine/settings.js';
import { flowsToRun } from '../flows/index.js';
import { sharedValidator } from '../validation/validator.js';
import './vitest-context.js';

/**
 * One vitest test per selected operation of a group of section 1, then one per stateful flow of
 * the group. The settings come from the CLI through vitest's provide/inject, or from a user's own
 * vitest project (see src/api/vitest.ts). The engine returns results; this adapter stores them for the reporter and fails the
 * test on deviations at or above --fail-on.
 */
export function defineGroupSuite(groupId: GroupId, settings: RunSettings = inject('otpRun')): void {
  const group = findGroup(groupId);
  const selected: Operation[] = [
    ...operationsOf(groupId).filter((op) => settings.operations.includes(op.id)),
    ...settings.mapped.filter((op) => op.group === groupId),
  ];
  const flows = flowsToRun(groupId, settings);
  const validator = sharedValidator();
  let client: Client;
  let secrets: string[];

  const expectNoFailing = (deviations: readonly Deviation[]) => {
    const failing = deviations
      .filter((deviation) => severityRank(deviation.severity) >= severityRank(settings.failOn))
      .map((deviation) => `${deviation.severity} ${deviation.check} ${deviation.instancePath}: ${deviation.actual}`);
    expect(failing, `deviations at or above ${settings.failOn}`).toEqual([]);
  };

  describe(group?.title ?? groupId, () => {
    beforeAll(() => {
      ({ client, secrets } = clientForRun(settings));
    });
    afterAll(async () => {
      await client.close();
    });

    for (const operation of selected) {
      test(`${operation.number === undefined ? '4.1' : `#${operation.number}`} ${operation.path}`, async ({ task }) => {
        // Redacted whole as it leaves the worker: tokens issued here are known only here.
        const result = redactorFor(secrets).deep(await runOperation(operation, operationContext(settings, client, validator, secrets)));
        task.meta.otp = result;
        expectNoFailing(result.deviations);
      });
    }
    for (const flow of flows) {
      test(`flow ${flow.id}`, async ({ task }) => {
        const result = redactorFor(secrets).deep(await runFlow(flow, { client, seed: settings.seed, token: settings.token, secrets, mapped: settings.mapped }));
        task.meta.otpFlow = result;
        expectNoFailing(result.deviations);
      });
    }
  });
}
