import type { Operation } from '../../catalogue/operations.js';
import { slowBacktrackingCalls } from '../../checks/abuse/backtracking-time.js';
import type { CallRecord } from '../../checks/types.js';
import { callAtPath } from './call-at-path.js';
import type { JudgeCall } from './coverage-pass.js';
import type { OperationSession } from './session.js';

/** Slow answers sent again, at most, per operation: a server slow at every field shows it at the first. */
const RESENT_AT_MOST = 3;

/**
 * Sends once more, one after another and with the same path, each call backtracking-answer-time
 * found slow, so that it judges a slow answer only where the same call is slow twice. Nothing goes
 * out where no answer was slow, nor once the operation is abandoned.
 */
export async function resendSlowAnswers(
  operation: Operation,
  session: OperationSession,
  calls: readonly CallRecord[],
  judge: JudgeCall,
  seed: number,
): Promise<void> {
  for (const [index, call] of slowBacktrackingCalls(calls).slice(0, RESENT_AT_MOST).entries()) {
    const planned = callAtPath(operation, call.path, seed);
    if (session.abandoned || !planned) continue;
    judge(await session.send(call.intent, call.path, planned.payload, planned.body), index);
  }
}
