import { type Client, createClient } from '../../src/client/client.js';
import { operationContext } from '../../src/engine/context.js';
import type { OperationRunContext } from '../../src/engine/run-operation.js';
import type { RunSettings } from '../../src/engine/settings.js';
import { createValidator } from '../../src/validation/validator.js';

const validator = createValidator();

/** Settings for the kit's own tests: small runs, short timeouts. */
export function testSettings(baseUrl: string, token: string, overrides: Partial<RunSettings> = {}): RunSettings {
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
    ...overrides,
  };
}

/** A client and the engine's context for these settings; close the client when done. */
export function kitFor(settings: RunSettings): { client: Client; context: OperationRunContext } {
  const client = createClient(settings);
  return { client, context: operationContext(settings, client, validator) };
}
