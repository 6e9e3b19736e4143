import { beforeAll, describe, expect, it } from 'vitest';
import { type FaultVerdict, MUTATION_SEEDS, reportedAt, runMutants, scoreLine } from '../mutation-set/mutation.js';
import { faults } from '../mutation-set/faults/catalogue.js';
import type { CaughtFault } from '../mutation-set/planted-fault.js';
import { deviationsAgainst } from '../mutation-set/run-against.js';
import { line } from './kit.js';

export const [FIRST_SEED, ...OTHER_SEEDS] = MUTATION_SEEDS as [number, ...number[]];

/** The faults that give docs/checks.md its sample failures: the first of the catalogue for each check and flow. */
export const sampleFaults: readonly CaughtFault[] = faults.filter(
  (fault, index) => faults.findIndex((other) => other.expect.check === fault.expect.check) === index,
);

/** The sample faults in `count` shards of about one size, as faultShard shares the rest. */
export function sampleShard(index: number, count: number): readonly CaughtFault[] {
  return sampleFaults.filter((_, at) => at % count === index);
}

/** The rest of the mutation set, in `count` shards of about one size, so that test workers can share them. */
export function faultShard(index: number, count: number): readonly CaughtFault[] {
  return faults.filter((fault) => !sampleFaults.includes(fault)).filter((_, at) => at % count === index);
}

function seedAt(at: number): number {
  const seed = MUTATION_SEEDS[at];
  if (seed === undefined) throw new Error(`There is no mutation seed at ${at}: there are ${MUTATION_SEEDS.length}.`);
  return seed;
}

/**
 * One test per fault: the kit reports it at its operation with its severity under the seed at `at`
 * in MUTATION_SEEDS (the first in `npm test`, each other in the sweep). `more` adds tests that read
 * the verdicts once they are in.
 */
export function describeMutants(title: string, chosen: readonly CaughtFault[], at: number, more?: (verdicts: () => readonly FaultVerdict[]) => void): void {
  describe(title, () => {
    let verdicts: readonly FaultVerdict[] = [];
    beforeAll(async () => {
      const score = await runMutants(chosen, [seedAt(at)]);
      verdicts = score.verdicts;
      console.log(scoreLine(score));
    });

    for (const fault of chosen) {
      const where = `${fault.expect.severity} ${fault.expect.check} at ${reportedAt(fault).path}`;
      it(`${fault.name}: ${fault.description} → ${where}`, () => {
        const verdict = verdicts.find((candidate) => candidate.fault === fault);
        expect(verdict?.bySeed.length).toBeGreaterThan(0);
        const missed = (verdict?.bySeed ?? []).filter((result) => !result.caughtBy);
        const seen = (result: (typeof missed)[number]) =>
          result.notRun === undefined ? result.deviations.map((d) => `${d.severity} ${d.check} at ${d.operation}`).join('; ') : `not run: ${result.notRun}`;
        expect(missed.map((result) => `seed ${result.seed}: ${seen(result)}`)).toEqual([]);
      });
    }

    more?.(() => verdicts);
  });
}

/** The clean reference server, every operation and flow, under these seeds side by side: no deviation at any severity. */
export function describeCleanReference(seeds: readonly number[]): void {
  for (const seed of seeds) {
    it.concurrent(`the clean reference server shows no deviation at all under the mutation seed ${seed}`, async () => {
      const { deviations } = await deviationsAgainst({}, undefined, { seed });
      expect(deviations.map(line)).toEqual([]);
    });
  }
}
