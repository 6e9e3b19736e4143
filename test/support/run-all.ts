import { operations } from '../../src/catalogue/operations.js';
import type { Deviation } from '../../src/engine/deviation.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { runOperation } from '../../src/engine/run-operation.js';
import type { RunSettings } from '../../src/engine/settings.js';
import { allFlows } from '../../src/flows/index.js';
import { type ReferenceServerOptions, startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from './kit.js';

const token = 'test-token';

/**
 * The kit's whole run, in-process: the given operations (all by default) in parallel, then the
 * flows that use them, against a fresh reference server with the given options.
 */
export async function deviationsAgainst(
  server: Omit<ReferenceServerOptions, 'token'>,
  operationIds: readonly string[] = operations.map((op) => op.id),
  overrides: Partial<RunSettings> = {},
): Promise<{ deviations: Deviation[]; requests: number }> {
  const reference = await startReferenceServer({ token, ...server });
  const settings = testSettings(reference.url, token, overrides);
  const { client, context } = kitFor(settings);
  try {
    const selected = operations.filter((op) => operationIds.includes(op.id));
    const operationResults = await Promise.all(selected.map((op) => runOperation(op, context)));
    const flows = settings.stateful ? allFlows.filter((flow) => flow.operations.some((id) => operationIds.includes(id))) : [];
    const flowResults = [];
    for (const flow of flows) flowResults.push(await runFlow(flow, { client, seed: settings.seed, token, secrets: [token] }));
    const results = [...operationResults, ...flowResults];
    return { deviations: results.flatMap((r) => r.deviations), requests: results.reduce((total, r) => total + r.exchanges, 0) };
  } finally {
    await client.close();
    await reference.close();
  }
}

/** A deviation in one line, for readable assertion failures. */
export const line = (d: Deviation) => `${d.severity} ${d.check} at ${d.operation} ${d.instancePath}: ${d.actual}`;
