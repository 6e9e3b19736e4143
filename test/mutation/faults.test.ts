import { afterAll, describe, expect, it } from 'vitest';
import { findOperation, operations } from '../../src/catalogue/operations.js';
import type { Deviation } from '../../src/engine/deviation.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { runOperation } from '../../src/engine/run-operation.js';
import { allFlows } from '../../src/flows/index.js';
import { faults } from '../../src/reference/faults/catalogue.js';
import type { Fault } from '../../src/reference/faults/fault.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from '../support/kit.js';

const token = 'mutation-test-token';

/** Runs the kit on some operations (and the flows that use them) of a fresh reference server. */
async function deviationsOf(operationIds: readonly string[], fault?: Fault): Promise<{ deviations: Deviation[]; requests: number }> {
  const server = await startReferenceServer({ token, ...(fault ? { fault } : {}) });
  const settings = testSettings(server.url, token);
  const { client, context } = kitFor(settings);
  try {
    const operationResults = await Promise.all(operationIds.map((id) => runOperation(findOperation(id)!, context)));
    const flows = allFlows.filter((flow) => flow.operations.some((id) => operationIds.includes(id)));
    const flowResults = [];
    for (const flow of flows) flowResults.push(await runFlow(flow, { client, seed: settings.seed, token, secrets: [token] }));
    const results = [...operationResults, ...flowResults];
    return { deviations: results.flatMap((r) => r.deviations), requests: results.reduce((total, r) => total + r.exchanges, 0) };
  } finally {
    await client.close();
    await server.close();
  }
}

const escaped: string[] = [];
let requests = 0;
const started = performance.now();

describe('mutation testing: every injected fault is reported at its operation with its severity', () => {
  it('has at least 30 distinct faults', () => {
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.length).toBeGreaterThanOrEqual(30);
  });

  it('the clean reference server shows no deviation at all', async () => {
    const { deviations, requests: sent } = await deviationsOf(operations.map((op) => op.id));
    requests += sent;
    expect(deviations.map((d) => `${d.operation} ${d.check} ${d.instancePath} ${d.actual}`)).toEqual([]);
  });

  for (const fault of faults) {
    const operation = findOperation(fault.operationId)!;
    it(`${fault.name}: ${fault.description} → ${fault.expect.severity} ${fault.expect.check} at ${operation.path}`, async () => {
      const { deviations, requests: sent } = await deviationsOf([fault.operationId], fault);
      requests += sent;
      const caught = deviations.some(
        (d) => d.check === fault.expect.check && d.severity === fault.expect.severity && d.operation === operation.path,
      );
      if (!caught) escaped.push(fault.name);
      expect(deviations.map((d) => `${d.severity} ${d.check} at ${d.operation}`)).toContain(
        `${fault.expect.severity} ${fault.expect.check} at ${operation.path}`,
      );
    });
  }

  afterAll(() => {
    const detected = faults.length - escaped.length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `mutation score: ${detected}/${faults.length} faults detected in ${seconds} s, ${requests} requests` +
        (escaped.length ? `; escaped: ${escaped.join(', ')}` : ''),
    );
  });
});
