import { meetings, runWhereMet } from '../../checks/preconditions.js';
import type { CheckContext, Finding, Intent } from '../../checks/types.js';
import type { Recurrence } from '../judging/deviation.js';
import type { KeptExchange } from '../../checks/kept-exchange.js';
import { type CauseTally, causeKey, type Sample } from '../judging/judge.js';
import type { OperationSession } from './session.js';

/**
 * Calls worth sending again: generated ones. An auth probe's answer is judged with the other calls
 * of its operation, so one probe sent again would tell nothing; a flow's steps change state in order.
 */
const resent: readonly Intent[] = ['conforming', 'hostile'];

/**
 * Re-sends, once and with the same bytes, each call that shows a cause of an exchange check — one
 * re-send per call however many causes it shows — and labels each cause by whether the same check
 * fails at the same place again. Nothing is sent once the operation is abandoned after a timeout;
 * those causes, like those of operation checks, stay unlabelled. Each answer is judged as it
 * arrives and then dropped.
 */
export async function labelRecurrences(
  session: OperationSession,
  shown: ReadonlyMap<CauseTally, Sample>,
  context: CheckContext,
): Promise<Map<CauseTally, Recurrence>> {
  const byCall = new Map<KeptExchange, CauseTally[]>();
  for (const [cause, { exchange }] of shown) {
    if (cause.check.scope !== 'exchange' || !resent.includes(exchange.intent)) continue;
    byCall.set(exchange, [...(byCall.get(exchange) ?? []), cause]);
  }
  const labels = new Map<CauseTally, Recurrence>();
  await Promise.all(
    [...byCall].map(async ([call, causes]) => {
      if (session.abandoned) return;
      const again = await session.send(call.intent, call.path, call.payload, call.request.body);
      if (again.failure?.kind === 'aborted') return;
      const findings = new Map<string, Finding[]>();
      for (const cause of causes) {
        const { check } = cause;
        if (check.scope !== 'exchange') continue;
        const found = findings.get(check.id) ?? runWhereMet(check, meetings(again), context) ?? [];
        findings.set(check.id, found);
        const showsAgain = found.some((finding) => causeKey(check, finding, again) === cause.key);
        labels.set(cause, showsAgain ? 'consistent' : 'intermittent');
      }
    }),
  );
  return labels;
}
