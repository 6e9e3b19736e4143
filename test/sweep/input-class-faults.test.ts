import { describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { deviationsAgainst } from '../mutation-set/run-against.js';
import { inputClassFaults } from '../mutation-set/faults/text/input-classes.js';
import { isCaught } from '../mutation-set/planted-fault.js';

/** Five seeds: a fault one input class trips must be found under each, thanks to the coverage pass. */
const seeds = [1, 42, 20261122, 987654321, 31337];

describe('faults one input class trips are found under every seed', () => {
  for (const fault of inputClassFaults.filter(isCaught)) {
    const operation = findOperation(fault.operationId)!;
    it(`${fault.name} → ${fault.expect.severity} ${fault.expect.check} at ${operation.path}, under seeds ${seeds.join(', ')}`, async () => {
      const found: number[] = [];
      for (const seed of seeds) {
        const { deviations } = await deviationsAgainst({ fault }, [fault.operationId], { seed, runs: 4, hostileRuns: 10, authProbes: false, stateful: false });
        if (deviations.some((d) => d.check === fault.expect.check && d.severity === fault.expect.severity && d.operation === operation.path)) found.push(seed);
      }
      expect(found).toEqual(seeds);
    });
  }
});
