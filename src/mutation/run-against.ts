import { operations } from '../catalogue/operations.js';
import { createClient } from '../client/client.js';
import { operationContext } from '../engine/context.js';
import type { Deviation } from '../engine/deviation.js';
import { runFlow } from '../engine/run-flow.js';
import { runOperation } from '../engine/run-operation.js';
import type { RunSettings } from '../engine/settings.js';
import { allFlows } from '../flows/index.js';
import { type ReferenceServerOptions, startReferenceServer } from '../reference/server.js';
import { sharedValidator } from '../validation/validator.js';

const token = 'self-check-token';

/**
 * 2026-11-22 10:00 China time. Created records carry the server's clock in their order numbers, and
 * those numbers reach docs/checks.md through the sample failures: a fixed clock keeps the docs (and
 * the test that compares them) the same on every day.
 */
export const SELF_CHECK_CLOCK_MS = Date.UTC(2026, 10, 22, 2, 0, 0);

/** Settings of a self-check: small runs, many hostile payloads, short timeouts. */
export function selfCheckSettings(baseUrl: string, overrides: Partial<RunSettings> = {}): RunSettings {
  return {
    baseUrl,
    token,
    authScheme: 'bearer-no-space',
    runs: 8,
    hostileRuns: 100,
    authProbes: true,
    stateful: true,
    readOnly: false,
    ratePerSecond: undefined,
    seed: 20261122,
    timeoutMs: 400,
    maxBodyBytes: 256 * 1024,
    concurrency: 8,
    failOn: 'error',
    operations: [],
    mapped: [],
    mappedFlows: [],
    ...overrides,
    secrets: [overrides.token ?? token, ...(overrides.secrets ?? [])],
  };
}

/**
 * The kit checking its own reference server (with a fault, a variant, or clean), in-process: the given operations (all by default) in parallel, then the
 * flows that use them, against a fresh reference server with the given options.
 */
export async function deviationsAgainst(
  server: Omit<ReferenceServerOptions, 'token'>,
  operationIds: readonly string[] = operations.map((op) => op.id),
  overrides: Partial<RunSettings> = {},
): Promise<{ deviations: Deviation[]; requests: number }> {
  const reference = await startReferenceServer({ token, now: () => SELF_CHECK_CLOCK_MS, ...server });
  const settings = selfCheckSettings(reference.url, overrides);
  const client = createClient(settings);
  const context = operationContext(settings, client, sharedValidator());
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
