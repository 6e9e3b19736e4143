import { beforeAll, describe, expect, it } from 'vitest';
import { type FaultVerdict, MUTATION_SEEDS, reportedAt, runMutants, scoreLine, scoreOf, triggerDrawnFromSeed, verdictOf } from '../mutation-set/mutation.js';
import { faults } from '../mutation-set/faults/catalogue.js';
import type { CaughtFault } from '../mutation-set/planted-fault.js';
import { deviationsAgainst } from '../mutation-set/run-against.js';
import { line } from './kit.js';

export const [FIRST_SEED, ...OTHER_SEEDS] = MUTATION_SEEDS as [number, ...number[]];

/** The faults that give docs/checks.md its sample failures: the first of the catalogue for each check and flow. */
export const sampleFaults: readonly CaughtFault[] = faults.filter(
  (fault, index) => faults.findIndex((other) => other.expect.check === fault.expect.check) === index,
);

/** The rest of the mutation set, in `count` shards of about one size, so that test workers can share them. */
export function faultShard(index: number, count: number): readonly CaughtFault[] {
  return faults.filter((fault) => !sampleFaults.includes(fault)).filter((_, at) => at % count === index);
}

/**
 * The seeds each fault runs under: `first` runs every fault under the first seed, then under the
 * other four those whose trigger the seed draws (what caught them came only from fast-check's calls
 * or a flow's); `{ seedAt }` runs every fault under the seed at that place of MUTATION_SEEDS alone.
 */
export type SeedPlan = 'first' | { readonly seedAt: number };

function seedOf(plan: { readonly seedAt: number }): number {
  const seed = MUTATION_SEEDS[plan.seedAt];
  if (seed === undefined) throw new Error(`There is no mutation seed at ${plan.seedAt}: there are ${MUTATION_SEEDS.length}.`);
  return seed;
}

async function verdictsUnder(chosen: readonly CaughtFault[], plan: SeedPlan): Promise<readonly FaultVerdict[]> {
  if (plan !== 'first') return (await runMutants(chosen, [seedOf(plan)])).verdicts;
  const first = await runMutants(chosen, [FIRST_SEED]);
  const drawn = first.verdicts.filter((verdict) => verdict.bySeed.every(triggerDrawnFromSeed)).map((verdict) => verdict.fault);
  const others = await runMutants(drawn, OTHER_SEEDS);
  return first.verdicts.map((verdict) => {
    const more = others.verdicts.find((other) => other.fault === verdict.fault);
    return more ? verdictOf(verdict.fault, [...verdict.bySeed, ...more.bySeed]) : verdict;
  });
}

/**
 * One test per fault: the kit reports it at its operation with its severity under each seed of the
 * plan. `more` adds tests that read the verdicts once they are in.
 */
export function describeMutants(title: string, chosen: readonly CaughtFault[], plan: SeedPlan, more?: (verdicts: () => readonly FaultVerdict[]) => void): void {
  describe(title, () => {
    let verdicts: readonly FaultVerdict[] = [];
    beforeAll(async () => {
      const started = performance.now();
      verdicts = await verdictsUnder(chosen, plan);
      const seeds = plan === 'first' ? [FIRST_SEED] : [seedOf(plan)];
      const everySeed = verdicts.filter((verdict) => verdict.bySeed.length === MUTATION_SEEDS.length).length;
      console.log(
        `${scoreLine(scoreOf(verdicts, seeds, performance.now() - started))}${plan === 'first' ? `; ${everySeed} drawn from the seed, run under all ${MUTATION_SEEDS.length}` : ''}`,
      );
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
