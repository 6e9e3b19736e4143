import { recordOf } from '../../checks/call-record.js';
import { meetings, runWhereMet } from '../../checks/preconditions.js';
import type { CallRecord, Check, AnyExchangeCheck, CheckContext, Exchange, Finding, Intent } from '../../checks/types.js';
import { type KeptExchange, outline } from '../../checks/kept-exchange.js';
import { deviationKey, SAMPLES_PER_CAUSE } from './deviation.js';

/** One finding kept as evidence, with the call that showed it. */
export interface Sample {
  readonly finding: Finding;
  readonly exchange: KeptExchange;
  /** Where the call stands in the operation's plan: samples and causes are kept in this order, not in the order answers came. */
  readonly rank: number;
}

/**
 * One cause on one operation: a check failing at one place (list indexes folded). Counted as it
 * is found; only its first few findings are kept, so memory grows with causes, not with records.
 */
export interface CauseTally {
  readonly key: string;
  readonly check: Check;
  /** Places that showed it, over every call. */
  occurrences: number;
  /** The first few, by rank: a cause is made with the finding that showed it first. */
  readonly samples: [Sample, ...Sample[]];
}

/** How one check fared on one operation. */
export interface CheckTally {
  evaluated: number;
  passed: number;
  skipped: number;
}

export interface Verdicts {
  /** In the order they were first found. */
  readonly causes: readonly CauseTally[];
  readonly evaluations: number;
  readonly passed: number;
  readonly skipped: number;
  /** By check id: only checks that apply to the operation appear. */
  readonly byCheck: Record<string, CheckTally>;
  /** By call rank, the findings of each exchange check on that call: what one input class drew. */
  readonly findingsByCall: ReadonlyMap<number, Readonly<Record<string, number>>>;
  /** What is kept of every call judged, in the order of the plan. */
  readonly calls: readonly CallRecord[];
}

/** Calls abandoned after a timeout are not judged: they were never answered nor meant to be. */
export const wasSent = (exchange: Exchange): boolean => exchange.failure?.kind !== 'aborted';

/** The cause a finding of a check on an exchange belongs to. */
export function causeKey(check: Check, finding: Finding, exchange: Pick<Exchange, 'operation'>): string {
  return deviationKey({ operation: exchange.operation.path, check: check.id, instancePath: finding.instancePath, severity: check.severity });
}

/** What the Judge has counted: its causes, and how every check it ran fared. */
interface Tallies {
  readonly causes: Map<string, CauseTally>;
  readonly byCheck: Record<string, CheckTally>;
  evaluations: number;
  passed: number;
  skipped: number;
}

/** A copy to add to without changing the original: what the operation checks add to the verdicts. */
function copyOf(tallies: Tallies): Tallies {
  return {
    causes: new Map([...tallies.causes].map(([key, cause]) => [key, { ...cause, samples: [...cause.samples] }])),
    byCheck: Object.fromEntries(Object.entries(tallies.byCheck).map(([id, tally]) => [id, { ...tally }])),
    evaluations: tallies.evaluations,
    passed: tallies.passed,
    skipped: tallies.skipped,
  };
}

const tallyOf = (tallies: Tallies, check: Check): CheckTally => (tallies.byCheck[check.id] ??= { evaluated: 0, passed: 0, skipped: 0 });

/** One check's findings on one call (or an operation's calls) counted, and folded into their causes. */
function record(
  tallies: Tallies,
  check: Check,
  exchange: Pick<Exchange, 'operation'>,
  findings: readonly Finding[],
  kept: () => KeptExchange,
  rank: number,
  tally = tallyOf(tallies, check),
): void {
  tallies.evaluations++;
  tally.evaluated++;
  if (findings.length === 0) {
    tallies.passed++;
    tally.passed++;
  }
  for (const finding of findings) {
    const key = causeKey(check, finding, exchange);
    const sample = { finding, exchange: kept(), rank };
    const cause = tallies.causes.get(key);
    if (cause) {
      cause.occurrences += finding.occurrences ?? 1;
      keepLowestRanks(cause.samples, sample);
    } else {
      tallies.causes.set(key, { key, check, occurrences: finding.occurrences ?? 1, samples: [sample] });
    }
  }
}

/**
 * Judges exchanges one by one as they arrive (so checking overlaps the wait for the next answers),
 * then the operation as a whole over the calls' records; counts what could not be judged as
 * skipped. Findings are folded into causes as they come; of each call only its record is kept, and
 * the outline of those that are evidence.
 */
export class Judge {
  private readonly tallies: Tallies = { causes: new Map(), byCheck: {}, evaluations: 0, passed: 0, skipped: 0 };
  /** Every call judged, as the operation checks read it. */
  private readonly calls: CallRecord[] = [];
  /** The call of lowest rank, as evidence keeps it: the evidence of what the operation checks find. */
  private first: { exchange: KeptExchange; rank: number } | undefined;
  private readonly findingsByCall = new Map<number, Record<string, number>>();

  constructor(
    private readonly checks: readonly Check[],
    private readonly context: CheckContext,
  ) {}

  /** The exchange checks that apply to calls of one intent on this operation, with their tallies, found once. */
  private readonly applying = new Map<Intent, { check: AnyExchangeCheck; tally: CheckTally }[]>();
  private checksFor(exchange: Exchange): readonly { check: AnyExchangeCheck; tally: CheckTally }[] {
    let checks = this.applying.get(exchange.intent);
    if (!checks) {
      checks = this.checks
        .filter(
          (check): check is AnyExchangeCheck =>
            check.scope === 'exchange' && check.intents.includes(exchange.intent) && (!check.appliesTo || check.appliesTo(exchange.operation)),
        )
        .map((check) => ({ check, tally: tallyOf(this.tallies, check) }));
      this.applying.set(exchange.intent, checks);
    }
    return checks;
  }

  /**
   * Every exchange check that applies, at the call's place in the plan; then only its record is
   * kept. Returns the findings on this call, counted by check id (empty when it showed none).
   */
  add(exchange: Exchange, rank: number = this.calls.length): Readonly<Record<string, number>> {
    if (!wasSent(exchange)) {
      this.tallies.skipped++;
      return {};
    }
    let outlined: KeptExchange | undefined;
    const kept = () => (outlined ??= outline(exchange));
    if (!this.first || rank < this.first.rank) this.first = { exchange: kept(), rank };
    const met = meetings(exchange);
    for (const { check, tally } of this.checksFor(exchange)) {
      const findings = runWhereMet(check, met, this.context);
      if (!findings) {
        this.tallies.skipped++;
        tally.skipped++;
        continue;
      }
      if (findings.length > 0) {
        const byCheck = this.findingsByCall.get(rank) ?? {};
        byCheck[check.id] = (byCheck[check.id] ?? 0) + findings.reduce((total, finding) => total + (finding.occurrences ?? 1), 0);
        this.findingsByCall.set(rank, byCheck);
      }
      record(this.tallies, check, exchange, findings, kept, rank, tally);
    }
    this.calls.push(recordOf(exchange, rank, met));
    return this.findingsByCall.get(rank) ?? {};
  }

  /** What is kept of every call judged so far, in the order of the plan: what decides which calls to send again. */
  records(): readonly CallRecord[] {
    return [...this.calls].sort((a, b) => a.rank - b.rank);
  }

  /**
   * The operation checks over every exchange added so far, then the verdicts. What they find is
   * counted on a copy: traffic judged while it lasts asks for verdicts more than once, and adds
   * more calls after each.
   */
  finish(): Verdicts {
    const calls = this.calls.sort((a, b) => a.rank - b.rank);
    const first = this.first;
    const tallies = copyOf(this.tallies);
    if (first) {
      for (const check of this.checks) {
        if (check.scope !== 'operation' || (check.appliesTo && !check.appliesTo(first.exchange.operation))) continue;
        record(tallies, check, first.exchange, check.run(calls, this.context), () => first.exchange, first.rank);
      }
    }
    return {
      causes: [...tallies.causes.values()].sort((a, b) => a.samples[0].rank - b.samples[0].rank),
      evaluations: tallies.evaluations,
      passed: tallies.passed,
      skipped: tallies.skipped,
      byCheck: tallies.byCheck,
      findingsByCall: new Map(this.findingsByCall),
      calls: [...calls],
    };
  }
}

/** Judges a set of exchanges at once. */
export function judge(exchanges: readonly Exchange[], checks: readonly Check[], context: CheckContext): Verdicts {
  const judging = new Judge(checks, context);
  for (const exchange of exchanges) judging.add(exchange);
  return judging.finish();
}

/** Keeps the few samples of lowest rank, in rank order, whatever order they arrive in. */
function keepLowestRanks(samples: Sample[], sample: Sample): void {
  const at = samples.findIndex((kept) => kept.rank > sample.rank);
  if (at === -1) {
    if (samples.length < SAMPLES_PER_CAUSE) samples.push(sample);
    return;
  }
  samples.splice(at, 0, sample);
  if (samples.length > SAMPLES_PER_CAUSE) samples.pop();
}
