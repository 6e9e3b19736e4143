import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { PHASES, runOperation } from '../../src/engine/operation/run-operation.js';
import { plannedRequests } from '../../src/engine/schedule/planned-requests.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from '../support/kit.js';

const token = 'planned-requests-token-8d21';
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ token });
});
afterAll(async () => {
  await server.close();
});

describe('the requests a dry run plans are the requests a run sends', () => {
  it.each(['custom-demand-list', 'purchase-order-list', 'custom-demand-create', 'bank-card-by-id'])(
    '%s against a conforming server: the fixed phases exactly, the walk and the probes within their bounds',
    async (id) => {
      const operation = findOperation(id)!;
      const settings = testSettings(server.url, token, { runs: 3, hostileRuns: 4, coveragePass: true, authProbes: true, walkPages: 5, walkRecords: 50 });
      const planned = plannedRequests(operation, settings);
      const { client, context } = kitFor(settings);
      const result = await runOperation(operation, context).finally(() => client.close());
      // A conforming server: no cause to re-send, no hostile failure to shrink.
      expect(result.deviations).toEqual([]);
      const exact = PHASES.filter((phase) => planned[phase].exact).reduce((sum, phase) => sum + planned[phase].requests, 0);
      const atMost = PHASES.reduce((sum, phase) => sum + planned[phase].requests, 0);
      expect(result.exchanges).toBeGreaterThanOrEqual(exact);
      expect(result.exchanges).toBeLessThanOrEqual(atMost);
      expect(result.coveragePass?.requests).toBeGreaterThanOrEqual(planned.coverage.requests);
      expect(result.coveragePass?.requests).toBeLessThanOrEqual(planned.coverage.requests + planned.walk.requests);
      expect([planned.conforming, planned.hostile]).toEqual([
        { requests: 3, exact: true },
        { requests: 4, exact: true },
      ]);
    },
  );

  it('what the options turn off plans nothing: no coverage pass or walk with --no-coverage, no probes without --auth-probes', () => {
    const planned = plannedRequests(findOperation('custom-demand-list')!, testSettings(server.url, token, { coveragePass: false, authProbes: false }));
    expect([planned.coverage.requests, planned.walk.requests, planned.probes.requests]).toEqual([0, 0, 0]);
  });
});
