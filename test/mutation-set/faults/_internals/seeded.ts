/**
 * The reference server's data as it starts, before any call changes it: what a cache filled at
 * start-up, or a read replica that never caught up, still holds.
 */

import { handle } from '../../../../src/reference/handlers.js';
import type { Json } from '../../../../src/reference/json.js';
import type { ReferenceState } from '../../../../src/reference/records.js';
import { seedState } from '../../../../src/reference/seed.js';

let snapshot: ReferenceState | undefined;

/** Only read: the calls answered from it change nothing. */
export function seeded(): ReferenceState {
  snapshot ??= seedState();
  return snapshot;
}

/** Reads need neither the token nor the credentials: those only matter to the token and account operations. */
const READ_ONLY_CONTEXT = { token: '', credentials: { mobile: '', password: '' } };

/** The answer this read-only call got before any state changed. */
export function seededAnswer(operationId: string, payload: unknown): Json {
  return handle(operationId, payload, seeded(), READ_ONLY_CONTEXT) as Json;
}
