import { describe, expect, it } from 'vitest';
import { relations } from '../../src/checks/relations/index.js';
import { writesAlongside } from '../../src/reference/variants.js';
import { deviationsAgainst, selfCheckOperations } from '../mutation-set/run-against.js';
import { line } from './kit.js';

/** Every list a relation fits, of section 4 and of the reference server's map. */
const fitted = selfCheckOperations.filter((operation) => relations.some((relation) => relation.fits(operation))).map((operation) => operation.id);

/**
 * Another client of the account creates and deletes records of its own while the run reads the
 * lists: records come and go between the two requests of a relation. No relation may fire, at any
 * severity, under any seed: the first in `npm test`, the other four in the sweep.
 */
export function describeRelationsAlongsideWrites(seeds: readonly number[]): void {
  describe('no relation fires where another client writes alongside the run', () => {
    for (const seed of seeds) {
      it(`under the mutation seed ${seed}`, async () => {
        const { deviations } = await deviationsAgainst({ variant: writesAlongside }, fitted, { seed });
        expect(deviations.filter((d) => d.check.startsWith('relation-')).map(line)).toEqual([]);
      });
    }
  });
}
