import fc from 'fast-check';
import type { Operation } from '../../catalogue/operations.js';
import type { Intent } from '../../checks/types.js';
import { type HostileRequest, hostileRequest } from '../../generators/hostile.js';
import { validPayload } from '../../generators/payloads.js';
import { operationSeed } from '../schedule/seed.js';

/** One generated call: the body to send, the payload it stands for, and a word on what it tries. */
export interface GeneratedCall {
  readonly body: string | undefined;
  readonly payload: unknown;
  readonly note?: string;
}

export type GeneratedIntent = Exclude<Intent, 'auth-probe' | 'http-probe'>;

/**
 * The arbitrary of one operation's calls of an intent. An operation of 4.1 has no documented
 * payload: it sends its map's body, the same each time, and no hostile variations of it.
 */
export function callArbitrary(operation: Operation, intent: GeneratedIntent): fc.Arbitrary<GeneratedCall> {
  if (operation.requestSchema === undefined) {
    return fc.constant({ body: operation.body === undefined ? undefined : JSON.stringify(operation.body), payload: operation.body });
  }
  if (intent === 'conforming') return validPayload(operation.id).map((payload) => ({ body: JSON.stringify(payload), payload }));
  return hostileRequest(operation.id).map((request: HostileRequest) => ({
    body: request.body,
    payload: request,
    note: `${request.kind}: ${request.description}`,
  }));
}

/** Each operation and intent draws from its own seed, so `--only` and ordering change no payload. */
export function callSeed(runSeed: number, operation: Operation, intent: GeneratedIntent): number {
  return operationSeed(runSeed, intent === 'conforming' ? operation.id : `${operation.id}:${intent}`);
}

/** How many calls of an intent an operation gets: a mapped operation's one body is sent once, never varied. */
export function callCount(operation: Operation, intent: GeneratedIntent, requested: number): number {
  if (operation.requestSchema !== undefined) return requested;
  return intent === 'conforming' ? Math.min(requested, 1) : 0;
}

/** The first `count` calls under the run's seed; call i is at fast-check path `i`. */
export function generateCalls(operation: Operation, intent: GeneratedIntent, runSeed: number, requested: number): GeneratedCall[] {
  const count = callCount(operation, intent, requested);
  if (count === 0) return [];
  return fc.sample(callArbitrary(operation, intent), { seed: callSeed(runSeed, operation, intent), numRuns: count });
}

/** The call at a fast-check path (a run index, then shrink steps), exactly as it was first sent. */
export function callAt(operation: Operation, intent: GeneratedIntent, runSeed: number, path: string): GeneratedCall {
  const replay = fc.check(
    fc.property(callArbitrary(operation, intent), () => false),
    { seed: callSeed(runSeed, operation, intent), path, endOnFailure: true },
  );
  // A property that always fails fails at the path's first call: the counterexample is that call.
  const [call] = replay.counterexample ?? [];
  if (call === undefined) throw new Error(`no call at ${operation.id} ${intent} path ${path}`);
  return call as GeneratedCall;
}
