import { expect, it } from 'vitest';
import { MUTATION_SEEDS } from '../mutation-set/mutation.js';
import { faults } from '../mutation-set/faults/catalogue.js';
import { checkInfos } from '../../src/report/report.js';
import { describeChecksDocShard } from '../support/checks-doc-shard.js';
import { sampleFaults } from '../support/mutation-suite.js';

it('has at least 30 distinct faults, run under five seeds, and every check and flow has one that trips it', () => {
  expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
  expect(faults.length).toBeGreaterThanOrEqual(30);
  expect(new Set(MUTATION_SEEDS).size).toBe(5);
  const tripped = new Set(sampleFaults.map((fault) => fault.expect.check));
  expect(checkInfos.map((check) => check.id).filter((id) => !tripped.has(id))).toEqual([]);
});

describeChecksDocShard(0, 2);
