import { describe, expect, it } from 'vitest';
import { modelFaults } from '../mutation-set/faults/records/model.js';
import { raceFaults } from '../mutation-set/faults/records/races.js';
import { concurrencyFaults } from '../mutation-set/faults/records/concurrency.js';
import { sequenceFaults } from '../mutation-set/faults/records/sequences.js';
import { isCaught } from '../mutation-set/planted-fault.js';
import { modelOnFault } from '../model/model-run.js';

/** The shortest sequence each fault of the model is reported with, as the model's shrinking finds it under every seed. */
const SHORTEST: Readonly<Record<string, string>> = {
  'created-invoice-profile-detail-without-remark': 'create a, list, read a',
  'consignee-detail-cached-past-edits': 'create a, list, read a, edit a, read a',
  'invoice-profile-delete-deletes-nothing': 'create a, list, delete a, list',
  'consignment-read-once': 'create a, list, read a, list',
  'bank-card-edit-written-to-newer-cards': 'create a, list, create b, list, edit a, list',
  'created-demands-listed-under-newest-id': 'create b, create c, list',
  'bank-card-pages-evicted-only-at-page-one':
    'create a, list, read a, list, create b, list, page a, edit a, edit a, read a, list, delete a, create e, list, page a',
  'bank-card-id-reused-after-delete': 'create c, list, list, delete c, create e, list',
  'repeated-demand-create-answered-not-made': 'create c, create d as c, list',
  'consignee-edit-never-writes-remark': 'create a, list, edit a, read a',
  'second-bank-card-edit-refused-as-stale': 'create a, list, edit a, edit a',
  'beta-order-answered-one-behind': 'create a, create b',
  'beta-order-numbered-by-customer-po': 'create a, create b',
  'beta-orders-at-once-numbered-alike': 'create c at once, create d at once',
};

/** The faults a rule of the model reports: its own, and those of records written in sequence or at once. */
export const caughtModelFaults = [...modelFaults, ...sequenceFaults, ...concurrencyFaults]
  .filter(isCaught)
  .filter((fault) => fault.expect.check.startsWith('model-'));

/**
 * Each fault of the model found under the given seeds, with the shortest sequence that shows it:
 * the first seed in `npm test` (test/model/), the other four in the sweep.
 */
export function describeModelFaults(seeds: readonly number[]): void {
  describe(`the model reports each of its faults with the shortest sequence that shows it, under the mutation seeds ${seeds.join(', ')}`, () => {
    for (const fault of caughtModelFaults) {
      it.concurrent(`${fault.name} → ${fault.expect.check}`, async () => {
        for (const seed of seeds) {
          const { deviations, found } = await modelOnFault(fault, seed);
          expect(found, `seed ${seed}: ${deviations.map((d) => `${d.check} at ${d.operationId}`).join('; ')}`).toBeDefined();
          // Each step a curl line, one call per step, the shortest sequence named in what was found (where the sequence shrinks: not a refused write or the profile).
          const shortest = SHORTEST[fault.name];
          if (shortest !== undefined) expect(found?.actual.endsWith(`after ${shortest}`), `seed ${seed}: ${found?.actual}`).toBe(true);
          expect(found?.repro.split('\n').length).toBe(found?.steps?.length);
          expect(found?.repro.startsWith('curl ')).toBe(true);
        }
      });
    }
  });
}

/** Each fault of the races found under the given seeds, by the races alone: as describeModelFaults. */
export function describeRaceFaults(seeds: readonly number[]): void {
  describe(`the races report each fault found only when calls overlap, under the mutation seeds ${seeds.join(', ')}`, () => {
    for (const fault of raceFaults) {
      it.concurrent(`${fault.name} → ${fault.expect.check}`, async () => {
        for (const seed of seeds) {
          const { deviations, found } = await modelOnFault(fault, seed);
          expect(found, `seed ${seed}: ${deviations.map((d) => `${d.check} at ${d.operationId}: ${d.actual}`).join('; ')}`).toBeDefined();
          // Only the races see it: no rule of the model's commands one after another.
          const sequential = deviations.filter((deviation) => deviation.check.startsWith('model-') && !deviation.check.startsWith('model-race-'));
          expect(sequential.map((deviation) => deviation.check)).toEqual([]);
          // The raced commands and the calls around them, each a curl line.
          expect(found?.repro.split('\n').length).toBe(found?.steps?.length);
          expect(found?.steps?.some((step) => step.path.includes(' at once'))).toBe(true);
        }
      });
    }
  });
}
