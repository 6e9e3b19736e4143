import { describe, expect, it } from 'vitest';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { commandName } from '../../src/model/commands.js';
import { racesFor } from '../../src/model/race.js';
import { orders } from '../../src/model/race-judge.js';
import { recordSets } from '../../src/model/record-set.js';
import { MUTATION_SEEDS } from '../mutation-set/mutation.js';
import { describeRaceFaults } from '../support/model-faults.js';
import { FIRST_SEED } from '../support/mutation-suite.js';

const sets = recordSets(readOperationMap(referenceOperationMapFile).flows, new Map([['custom-demand-detail', { demandId: 1 }]]));

describe('the races of the model', () => {
  it('race writes with writes, writes with reads and reads with reads, at most four commands at once, only where a delete takes their records away', () => {
    const bankCard = sets.find((set) => set.id === 'bank-card');
    const races = bankCard ? racesFor(bankCard, 1) : [];
    expect(races.map((race) => race.raced.map(commandName).join(' ∥ '))).toEqual([
      'create a ∥ create b',
      'edit a ∥ edit a ∥ read a',
      'delete a ∥ delete a ∥ read a ∥ read b',
    ]);
    expect(races.flatMap((race) => race.after.map(commandName))).toEqual(['list', 'read a', 'list', 'delete a', 'read a', 'list']);
    const purchase = sets.find((set) => set.id === 'purchase-order');
    expect(purchase && racesFor(purchase, 1)).toEqual([]);
  });

  it('give two raced edits values apart in every field, under every seed', () => {
    for (const set of sets.filter((candidate) => candidate.edit))
      for (const seed of MUTATION_SEEDS) {
        const [first, second] = racesFor(set, seed)[1]?.raced ?? [];
        if (first?.kind !== 'edit' || second?.kind !== 'edit') throw new Error(`no raced edits for ${set.id}`);
        expect(Object.keys(first.values).filter((field) => first.values[field] === second.values[field])).toEqual([]);
      }
  });

  it('try every order of the commands raced', () => {
    expect(orders(3).map((order) => order.join(''))).toEqual(['012', '021', '102', '120', '201', '210']);
    expect(orders(4)).toHaveLength(24);
  });
});

// The other four seeds: test/sweep/model-faults.test.ts.
describeRaceFaults([FIRST_SEED]);
