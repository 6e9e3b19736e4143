import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation, operations } from '../../src/catalogue/operations.js';
import { renderChecksDoc } from '../../src/docs/checks-doc.js';
import { type MutantResult, runMutant, scoreLine, scoreOf } from '../../src/mutation/mutation.js';
import { deviationsAgainst } from '../../src/mutation/run-against.js';
import { faults } from '../../src/reference/faults/catalogue.js';
import { checkInfos } from '../../src/report/report.js';
import { line } from '../support/kit.js';

const results: MutantResult[] = [];
const started = performance.now();

describe('mutation testing: every injected fault is reported at its operation with its severity', () => {
  it('has at least 30 distinct faults, and every check and flow has one that trips it', () => {
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(30);
    const tripped = new Set(faults.map((fault) => fault.expect.check));
    expect(checkInfos.map((check) => check.id).filter((id) => !tripped.has(id))).toEqual([]);
  });

  it('the clean reference server shows no deviation at all', async () => {
    const { deviations } = await deviationsAgainst(
      {},
      operations.map((op) => op.id),
    );
    expect(deviations.map(line)).toEqual([]);
  });

  for (const fault of faults) {
    const operation = findOperation(fault.operationId)!;
    it(`${fault.name}: ${fault.description} → ${fault.expect.severity} ${fault.expect.check} at ${operation.path}`, async () => {
      const result = await runMutant(fault);
      results.push(result);
      expect(result.deviations.map((d) => `${d.severity} ${d.check} at ${d.operation}`)).toContain(
        `${fault.expect.severity} ${fault.expect.check} at ${operation.path}`,
      );
    });
  }

  describe('docs/checks.md', () => {
    beforeAll(() => {
      expect(results.length).toBe(faults.length);
    });
    it('is what the check modules and their faults give today (run npm run docs to update it)', () => {
      const committed = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');
      expect(committed).toBe(renderChecksDoc(results));
    });
  });

  afterAll(() => {
    console.log(scoreLine(scoreOf(results, performance.now() - started)));
  });
});
