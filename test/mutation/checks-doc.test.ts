import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderChecksDoc } from '../doc-generator/checks-doc.js';
import { MUTATION_SEEDS } from '../mutation-set/mutation.js';
import { faults } from '../mutation-set/faults/catalogue.js';
import { checkInfos } from '../../src/report/report.js';
import { describeMutants, sampleFaults } from '../support/mutation-suite.js';

describeMutants('mutation testing: the first fault of each check and flow, whose failure docs/checks.md shows', sampleFaults, 0, (verdicts) => {
  it('has at least 30 distinct faults, run under five seeds, and every check and flow has one that trips it', () => {
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTATION_SEEDS).size).toBe(5);
    const tripped = new Set(sampleFaults.map((fault) => fault.expect.check));
    expect(checkInfos.map((check) => check.id).filter((id) => !tripped.has(id))).toEqual([]);
  });

  it('docs/checks.md is what the check modules and their faults give today (run npm run docs to update it)', () => {
    const committed = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');
    expect(committed).toBe(
      renderChecksDoc(
        verdicts()
          .map((verdict) => verdict.bySeed[0])
          .filter((result) => result !== undefined),
      ),
    );
  });
});
