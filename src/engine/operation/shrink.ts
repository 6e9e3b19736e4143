import fc from 'fast-check';
import { meetings, runWhereMet } from '../../checks/preconditions.js';
import type { AnyExchangeCheck, CheckContext, Exchange, Finding } from '../../checks/types.js';
import { extend } from '../../objects.js';
import { callArbitrary, callSeed } from './calls.js';
import type { OperationSession } from './session.js';

export interface ShrinkBudget {
  /** Requests one shrink may send. */
  readonly maxRequests: number;
  /** Time one shrink may take. */
  readonly timeLimitMs: number;
}

/**
 * Shrinks a hostile call that tripped `check` to the smallest call that still trips it (where
 * `shows` says a candidate's findings still show the failure: by default, any finding), re-sending
 * each candidate. Bounded in requests and time; answers undefined when the failure did not recur.
 */
export async function shrinkHostileCall(
  session: OperationSession,
  check: AnyExchangeCheck,
  failing: Pick<Exchange, 'path'>,
  runSeed: number,
  context: CheckContext,
  budget: ShrinkBudget,
  shows: (findings: readonly Finding[], exchange: Exchange) => boolean = (findings) => findings.length > 0,
): Promise<Exchange | undefined> {
  const operation = session.operation;
  const started = performance.now();
  let sent = 0;
  let lastFailing: Exchange | undefined;
  const stillFails = async (call: { body: string | undefined; payload: unknown }): Promise<boolean> => {
    if (session.abandoned || sent >= budget.maxRequests || performance.now() - started > budget.timeLimitMs) return true;
    sent++;
    const exchange = await session.send('hostile', 'hostile', call.payload, call.body);
    const fails = exchange.failure?.kind !== 'aborted' && shows(runWhereMet(check, meetings(exchange), context) ?? [], exchange);
    if (fails) lastFailing = exchange;
    return !fails;
  };
  const outcome = await fc.check(fc.asyncProperty(callArbitrary(operation, 'hostile'), stillFails), {
    seed: callSeed(runSeed, operation, 'hostile'),
    path: failing.path.slice('hostile:'.length),
  });
  if (!outcome.failed || !lastFailing || !outcome.counterexamplePath) return undefined;
  return extend(lastFailing, { path: `hostile:${outcome.counterexamplePath}` });
}
