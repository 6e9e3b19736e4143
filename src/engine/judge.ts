import { holds } from '../checks/preconditions.js';
import type { Check, CheckContext, Exchange, Finding } from '../checks/types.js';

/** One check's findings on one exchange (or, for operation checks, on the first of them). */
export interface Judgement {
  readonly check: Check;
  readonly exchange: Exchange;
  readonly findings: readonly Finding[];
}

/** How one check fared on one operation. */
export interface CheckTally {
  evaluated: number;
  passed: number;
  skipped: number;
}

export interface Verdicts {
  readonly judgements: Judgement[];
  readonly evaluations: number;
  readonly passed: number;
  readonly skipped: number;
  /** By check id: only checks that apply to the operation appear. */
  readonly byCheck: Record<string, CheckTally>;
}

/** Calls abandoned after a timeout are not judged: they were never answered nor meant to be. */
export const wasSent = (exchange: Exchange): boolean => exchange.failure?.kind !== 'aborted';

/** Runs every applicable check on every exchange; counts what could not be judged as skipped. */
export function judge(exchanges: readonly Exchange[], checks: readonly Check[], context: CheckContext): Verdicts {
  const judgements: Judgement[] = [];
  let evaluations = 0;
  let passed = 0;
  let skipped = exchanges.filter((exchange) => !wasSent(exchange)).length;
  const sent = exchanges.filter(wasSent);
  const byCheck: Record<string, CheckTally> = {};
  const tally = (check: Check) => (byCheck[check.id] ??= { evaluated: 0, passed: 0, skipped: 0 });
  const record = (check: Check, exchange: Exchange, findings: Finding[]) => {
    evaluations++;
    tally(check).evaluated++;
    if (findings.length === 0) {
      passed++;
      tally(check).passed++;
    } else judgements.push({ check, exchange, findings });
  };
  for (const exchange of sent) {
    for (const check of checks) {
      if (check.scope !== 'exchange' || !check.intents.includes(exchange.intent)) continue;
      if (check.appliesTo && !check.appliesTo(exchange.operation)) continue;
      if (!holds(check.needs, exchange)) {
        skipped++;
        tally(check).skipped++;
        continue;
      }
      record(check, exchange, check.run(exchange, context));
    }
  }
  const first = sent[0];
  if (first) {
    for (const check of checks) {
      if (check.scope !== 'operation' || (check.appliesTo && !check.appliesTo(first.operation))) continue;
      record(check, first, check.run(sent, context));
    }
  }
  return { judgements, evaluations, passed, skipped, byCheck };
}
