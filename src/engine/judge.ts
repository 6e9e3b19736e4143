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

/**
 * Judges exchanges one by one as they arrive (so checking overlaps the wait for the next answers),
 * then the operation as a whole; counts what could not be judged as skipped.
 */
export class Judge {
  private readonly judgements: Judgement[] = [];
  private readonly sent: Exchange[] = [];
  private readonly byCheck: Record<string, CheckTally> = {};
  private evaluations = 0;
  private passed = 0;
  private skipped = 0;

  constructor(
    private readonly checks: readonly Check[],
    private readonly context: CheckContext,
  ) {}

  private tally(check: Check): CheckTally {
    return (this.byCheck[check.id] ??= { evaluated: 0, passed: 0, skipped: 0 });
  }

  private record(check: Check, exchange: Exchange, findings: Finding[]): void {
    this.evaluations++;
    this.tally(check).evaluated++;
    if (findings.length === 0) {
      this.passed++;
      this.tally(check).passed++;
    } else this.judgements.push({ check, exchange, findings });
  }

  /** Every exchange check that applies; the exchange is returned, for use in a map. */
  add(exchange: Exchange): Exchange {
    if (!wasSent(exchange)) {
      this.skipped++;
      return exchange;
    }
    this.sent.push(exchange);
    for (const check of this.checks) {
      if (check.scope !== 'exchange' || !check.intents.includes(exchange.intent)) continue;
      if (check.appliesTo && !check.appliesTo(exchange.operation)) continue;
      if (!holds(check.needs, exchange)) {
        this.skipped++;
        this.tally(check).skipped++;
        continue;
      }
      this.record(check, exchange, check.run(exchange, this.context));
    }
    return exchange;
  }

  /** The operation checks over every exchange added, then the verdicts. */
  finish(): Verdicts {
    const first = this.sent[0];
    if (first) {
      for (const check of this.checks) {
        if (check.scope !== 'operation' || (check.appliesTo && !check.appliesTo(first.operation))) continue;
        this.record(check, first, check.run(this.sent, this.context));
      }
    }
    return { judgements: this.judgements, evaluations: this.evaluations, passed: this.passed, skipped: this.skipped, byCheck: this.byCheck };
  }
}

/** Judges a set of exchanges at once. */
export function judge(exchanges: readonly Exchange[], checks: readonly Check[], context: CheckContext): Verdicts {
  const judging = new Judge(checks, context);
  for (const exchange of exchanges) judging.add(exchange);
  return judging.finish();
}
