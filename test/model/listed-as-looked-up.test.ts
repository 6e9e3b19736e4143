import { describe, expect, it } from 'vitest';
import { differingFields } from '../../src/model/listed-as-looked-up.js';
import { sequenceFaults } from '../mutation-set/faults/records/sequences.js';
import { MUTATION_SEEDS } from '../mutation-set/mutation.js';
import { isCaught } from '../mutation-set/planted-fault.js';
import { modelAgainst, modelOnFault } from './model-run.js';

describe('relation-listed-as-looked-up', () => {
  it('compares only the fields both show, numbers as their numeric text', () => {
    expect(differingFields({ id: 1, isDefault: 1, consigneeName: '王' }, { id: '1', isDefault: 0, mobile: '138' })).toEqual(['isDefault 1 (looked up 0)']);
    expect(differingFields({ id: 1, accountName: 'a' }, { id: 1, consigneeName: 'b' })).toEqual([]);
    // soCtime: an integer in the order list, a date in the create's answer (2.3): two forms, not compared.
    expect(differingFields({ soCtime: 1795312800, soNo: 'SO1' }, { soCtime: '2026-11-22 10:00:00', soNo: 'SO1' })).toEqual([]);
  });

  const fault = sequenceFaults.find((candidate) => candidate.name === 'consignee-rows-cached-past-default-change');

  it.concurrent('finds a list that shows a stale default after another record is made default, under every mutation seed', async () => {
    if (!fault || !isCaught(fault)) throw new Error('the fault is not in the mutation set');
    for (const seed of MUTATION_SEEDS) {
      const { deviations, found } = await modelOnFault(fault, seed);
      expect(found, `seed ${seed}: ${deviations.map((d) => `${d.check} at ${d.operationId}`).join('; ')}`).toBeDefined();
      // Only the relation: every rule of the model's own records agrees.
      expect(deviations.filter((deviation) => deviation.check !== 'relation-listed-as-looked-up').map((deviation) => deviation.check)).toEqual([]);
      expect(found?.repro.split('\n').length).toBe(found?.steps?.length);
    }
  });

  it.concurrent('stays quiet against the clean reference server', async () => {
    const { deviations } = await modelAgainst({}, MUTATION_SEEDS[0] ?? 0);
    expect(deviations.map((deviation) => deviation.check)).toEqual([]);
  });
});
