import { afterAll, describe, expect, it } from 'vitest';
import { findOperation, operations } from '../../src/catalogue/operations.js';
import { allChecks } from '../../src/checks/index.js';
import { createClient } from '../../src/client/client.js';
import { runOperation } from '../../src/engine/run-operation.js';
import { faults } from '../../src/reference/faults/catalogue.js';
import type { Fault } from '../../src/reference/faults/fault.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { createValidator } from '../../src/validation/validator.js';

const token = 'mutation-test-token';
const validator = createValidator();

/** Runs the kit's checks on some operations of a fresh reference server, with an optional fault. */
async function check(operationIds: readonly string[], fault?: Fault) {
  const server = await startReferenceServer({ token, ...(fault ? { fault } : {}) });
  const client = createClient({
    baseUrl: server.url,
    token,
    authScheme: 'bearer-no-space',
    timeoutMs: 400,
    maxBodyBytes: 256 * 1024,
    concurrency: 4,
  });
  try {
    const results = [];
    for (const id of operationIds) {
      results.push(
        await runOperation(findOperation(id)!, { client, validator, checks: allChecks, runs: 8, seed: 20261122, token, secrets: [token] }),
      );
    }
    return results.flatMap((result) => result.deviations);
  } finally {
    await client.close();
    await server.close();
  }
}

const escaped: string[] = [];

describe('mutation testing: every injected fault is reported', () => {
  it('has at least 15 distinct faults', () => {
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(15);
  });

  it('the clean reference server shows no deviation at all', async () => {
    const deviations = await check(operations.map((op) => op.id));
    expect(deviations.map((d) => `${d.operation} ${d.check} ${d.instancePath} ${d.actual}`)).toEqual([]);
  });

  for (const fault of faults) {
    const operation = findOperation(fault.operationId)!;
    it(`${fault.name}: ${fault.description} → ${fault.expect.severity} ${fault.expect.check} at ${operation.path}`, async () => {
      const deviations = await check([fault.operationId], fault);
      const caught = deviations.some(
        (d) => d.check === fault.expect.check && d.severity === fault.expect.severity && d.operation === operation.path,
      );
      if (!caught) escaped.push(fault.name);
      expect(deviations.map((d) => `${d.severity} ${d.check}`)).toContain(`${fault.expect.severity} ${fault.expect.check}`);
    });
  }

  afterAll(() => {
    const detected = faults.length - escaped.length;
    console.log(`mutation score: ${detected}/${faults.length} faults detected${escaped.length ? `; escaped: ${escaped.join(', ')}` : ''}`);
  });
});
