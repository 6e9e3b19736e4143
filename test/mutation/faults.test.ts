import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderChecksDoc } from '../../src/doc-generator/checks-doc.js';
import { firstSeedResults, MUTATION_SEEDS, type MutationScore, reportedAt, runMutants, scoreLine } from '../../src/mutation/mutation.js';
import { deviationsAgainst } from '../../src/mutation/run-against.js';
import { faults } from '../../src/reference/faults/catalogue.js';
import { checkInfos } from '../../src/report/report.js';
import { line } from '../support/kit.js';

let score: MutationScore;

describe(`mutation testing: every injected fault is reported at its operation with its severity, under each of ${MUTATION_SEEDS.length} seeds`, () => {
  beforeAll(async () => {
    score = await runMutants(faults, MUTATION_SEEDS);
    console.log(scoreLine(score));
  }, 600_000);

  it('has at least 30 distinct faults, and every check and flow has one that trips it', () => {
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(30);
    const tripped = new Set(faults.map((fault) => fault.expect.check));
    expect(checkInfos.map((check) => check.id).filter((id) => !tripped.has(id))).toEqual([]);
  });

  it('runs every fault under five different seeds', () => {
    expect(new Set(MUTATION_SEEDS).size).toBe(5);
    expect(score.verdicts.every((verdict) => verdict.bySeed.map((result) => result.seed).join() === MUTATION_SEEDS.join())).toBe(true);
  });

  it('the clean reference server shows no deviation at all, under every seed', async () => {
    const runs = await Promise.all(MUTATION_SEEDS.map((seed) => deviationsAgainst({}, undefined, { seed })));
    expect(runs.flatMap(({ deviations }) => deviations.map(line))).toEqual([]);
  }, 120_000);

  for (const fault of faults) {
    const where = `${fault.expect.severity} ${fault.expect.check} at ${reportedAt(fault).path}`;
    it(`${fault.name}: ${fault.description} → ${where}, under every seed`, () => {
      const verdict = score.verdicts.find((candidate) => candidate.fault === fault)!;
      const missed = verdict.bySeed.filter((result) => !result.caughtBy);
      expect(missed.map((result) => `seed ${result.seed}: ${result.deviations.map((d) => `${d.severity} ${d.check} at ${d.operation}`).join('; ')}`)).toEqual(
        [],
      );
    });
  }

  it('docs/checks.md is what the check modules and their faults give today (run npm run docs to update it)', () => {
    const committed = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderChecksDoc(firstSeedResults(score)));
  });
});
