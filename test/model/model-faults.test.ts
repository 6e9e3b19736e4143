import { describe, expect, it } from 'vitest';
import { modelFaults } from '../mutation-set/faults/records/model.js';
import { raceFaults } from '../mutation-set/faults/records/races.js';
import { concurrencyFaults } from '../mutation-set/faults/records/concurrency.js';
import { sequenceFaults } from '../mutation-set/faults/records/sequences.js';
import { MUTATION_SEEDS } from '../mutation-set/mutation.js';
import { isCaught } from '../mutation-set/planted-fault.js';
import { modelOnFault } from './model-run.js';

/** The shortest sequence each fault is reported with, as the model's shrinking finds it under every seed. */
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
};

/** The faults of records written in sequence or at once that a rule of the model reports. */
const sequenceFaultsOfTheModel = [...sequenceFaults, ...concurrencyFaults].filter(isCaught).filter((fault) => fault.expect.check.startsWith('model-'));

describe('the model reports each of its faults under every mutation seed, with the shortest sequence that shows it', () => {
  const caught = [...modelFaults.filter(isCaught), ...sequenceFaultsOfTheModel.filter((fault) => fault.name in SHORTEST)];

  it('has a fault for every rule of the model (those of its races in races.ts, test/model/race.test.ts; its relation and refused writes in sequences.ts, test/model/listed-as-looked-up.test.ts)', async () => {
    const { modelRules } = await import('../../src/model/index.js');
    const every = [...caught, ...raceFaults, ...[...sequenceFaults, ...concurrencyFaults].filter(isCaught)];
    expect(modelRules.map((rule) => rule.id).filter((id) => !every.some((fault) => fault.expect.check === id))).toEqual([]);
  });

  for (const fault of caught) {
    it.concurrent(`${fault.name} → ${fault.expect.check}`, async () => {
      for (const seed of MUTATION_SEEDS) {
        const { deviations, found } = await modelOnFault(fault, seed);
        expect(found, `seed ${seed}: ${deviations.map((d) => `${d.check} at ${d.operationId}`).join('; ')}`).toBeDefined();
        // Each step a curl line, one call per step, the shortest sequence named in what was found.
        expect(found?.actual.endsWith(`after ${SHORTEST[fault.name]}`), `seed ${seed}: ${found?.actual}`).toBe(true);
        expect(found?.repro.split('\n').length).toBe(found?.steps?.length);
        expect(found?.repro.startsWith('curl ')).toBe(true);
      }
    });
  }
});

describe('the faults of sequences and concurrency a rule of the model reports, under every mutation seed', () => {
  const byTheModel = sequenceFaultsOfTheModel.filter((fault) => !(fault.name in SHORTEST));

  for (const fault of byTheModel) {
    it.concurrent(`${fault.name} → ${fault.expect.check}`, async () => {
      for (const seed of MUTATION_SEEDS) {
        const { deviations, found } = await modelOnFault(fault, seed);
        expect(found, `seed ${seed}: ${deviations.map((d) => `${d.check} at ${d.operationId}`).join('; ')}`).toBeDefined();
        expect(found?.repro.split('\n').length).toBe(found?.steps?.length);
      }
    });
  }
});
