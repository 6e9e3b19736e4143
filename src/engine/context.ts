import { allChecks } from '../checks/index.js';
import type { Client } from '../client/client.js';
import type { Validator } from '../validation/validator.js';
import type { OperationRunContext } from './run-operation.js';
import type { RunSettings } from './settings.js';

/** A shrink may send this many requests… */
const SHRINK_MAX_REQUESTS = 60;
/** …and take at most this long, or three timeouts if that is shorter. */
const SHRINK_TIME_LIMIT_MS = 15_000;

/** What the engine needs to run one operation under a run's settings. */
export function operationContext(settings: RunSettings, client: Client, validator: Validator): OperationRunContext {
  return {
    client,
    validator,
    checks: allChecks,
    runs: settings.runs,
    hostileRuns: settings.hostileRuns,
    authProbes: settings.authProbes,
    seed: settings.seed,
    token: settings.token,
    secrets: [settings.token],
    shrink: { maxRequests: SHRINK_MAX_REQUESTS, timeLimitMs: Math.min(SHRINK_TIME_LIMIT_MS, settings.timeoutMs * 3) },
  };
}
