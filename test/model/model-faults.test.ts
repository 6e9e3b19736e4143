import { describe, expect, it } from 'vitest';
import { raceFaults } from '../mutation-set/faults/records/races.js';
import { concurrencyFaults } from '../mutation-set/faults/records/concurrency.js';
import { sequenceFaults } from '../mutation-set/faults/records/sequences.js';
import { isCaught } from '../mutation-set/planted-fault.js';
import { caughtModelFaults, describeModelFaults } from '../support/model-faults.js';
import { FIRST_SEED } from '../support/mutation-suite.js';

describe('the model has a fault for every rule', () => {
  it('has a fault for every rule of the model (those of its races in races.ts, test/model/race.test.ts; its relation and refused writes in sequences.ts, test/model/listed-as-looked-up.test.ts)', async () => {
    const { modelRules } = await import('../../src/model/index.js');
    const every = [...caughtModelFaults, ...raceFaults, ...[...sequenceFaults, ...concurrencyFaults].filter(isCaught)];
    expect(modelRules.map((rule) => rule.id).filter((id) => !every.some((fault) => fault.expect.check === id))).toEqual([]);
  });
});

// The other four seeds: test/sweep/model-faults.test.ts.
describeModelFaults([FIRST_SEED]);
