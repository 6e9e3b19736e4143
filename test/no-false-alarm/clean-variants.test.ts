import { describe, expect, it } from 'vitest';
import { variants } from '../../src/reference/variants.js';
import { deviationsAgainst } from '../../src/mutation/run-against.js';
import { line } from '../support/kit.js';

/**
 * Servers that make other choices where the spec leaves the answer open break no documented rule:
 * the kit must report no error against them (rule 1 of a trustworthy kit: no false alarms).
 */
describe('no false alarm against the clean variants of the reference server', () => {
  it('has at least two variants', () => {
    expect(variants.length).toBeGreaterThanOrEqual(2);
  });

  for (const variant of variants) {
    it(`${variant.name} (${variant.description}): no error`, async () => {
      const { deviations } = await deviationsAgainst({ variant }, undefined, { runs: 4, hostileRuns: 10, timeoutMs: 10_000 });
      expect(deviations.filter((d) => d.severity === 'error').map(line)).toEqual([]);
    }, 60_000);
  }

  it('alternative-conventions: no warning either', async () => {
    const variant = variants.find((v) => v.name === 'alternative-conventions')!;
    const { deviations } = await deviationsAgainst({ variant }, undefined, { runs: 4, hostileRuns: 10 });
    expect(deviations.map(line)).toEqual([]);
  });
});
