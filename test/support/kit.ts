import { type Client, createClient } from '../../src/client/client.js';
import { operationContext } from '../../src/engine/schedule/context.js';
import type { Deviation } from '../../src/engine/judging/deviation.js';
import type { OperationRunContext } from '../../src/engine/operation/run-operation.js';
import type { RunSettings } from '../../src/engine/schedule/settings.js';
import { selfCheckSettings } from '../mutation-set/run-against.js';
import { createValidator } from '../../src/validation/validator.js';

const validator = createValidator();

/** Settings for the kit's own tests: small runs, short timeouts. */
export function testSettings(baseUrl: string, token: string, overrides: Partial<RunSettings> = {}): RunSettings {
  return selfCheckSettings(baseUrl, { token, ...overrides });
}

/** A client and the engine's context for these settings; close the client when done. */
export function kitFor(settings: RunSettings): { client: Client; context: OperationRunContext } {
  const client = createClient(settings);
  return { client, context: operationContext(settings, client, validator) };
}

/** A deviation in one line, for readable assertion failures. */
export const line = (d: Deviation) => `${d.severity} ${d.check} at ${d.operation} ${d.instancePath}: ${d.actual}`;
