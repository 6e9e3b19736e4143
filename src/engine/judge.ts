import { isPlainObject, preconditionsMet } from '../checks/preconditions.js';
import type { Check, CheckContext, Exchange, ExchangeCheck, Finding, Intent } from '../checks/types.js';
import { extend } from '../objects.js';
import { deviationKey, SAMPLES_PER_CAUSE } from './deviation.js';

/** One finding kept as evidence, with the call (in outline) that showed it. */
export interface Sample {
  readonly finding: Finding;
  readonly exchange: Exchange;
  /** Where the call stands in the operation's plan: samples and causes are kept in this order, not in the order answers came. */
  readonly rank: number;
}

/**
 * One cause on one operation: a check failing at one place (list indexes folded). Counted as it
 * is found; only its first few findings are kept, so memory grows with causes, not with records.
 */
export interface Cause {
  readonly key: string;
  readonly check: Check;
  /** Places that showed it, over every call. */
  occurrences: number;
  readonly samples: Sample[];
}

/** How one check fared on one operation. */
export interface CheckTally {
  evaluated: number;
  passed: number;
  skipped: number;
}

export interface Verdicts {
  /** In the order they were first found. */
  readonly causes: readonly Cause[];
  readonly evaluations: number;
  readonly passed: number;
  readonly skipped: number;
  /** By check id: only checks that apply to the operation appear. */
  readonly byCheck: Record<string, CheckTally>;
  /** By call path, the findings of each exchange check on that call: what one input class drew. */
  readonly findingsByCall: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

/** Calls abandoned after a timeout are not judged: they were never answered nor meant to be. */
export const wasSent = (exchange: Exchange): boolean => exchange.failure?.kind !== 'aborted';

/** The cause a finding of a check on an exchange belongs to. */
export function causeKey(check: Check, finding: Finding, exchange: Exchange): string {
  return deviationKey({ operation: exchange.operation.path, check: check.id, instancePath: finding.instancePath, severity: check.severity });
}

/**
 * Response text kept with a judged call: four times what the evidence shows (2,048 characters), so
 * that redaction still sees whole any secret that starts inside the excerpt. No more: every call
 * of every operation under way keeps this much until its operation ends, and with the whole run's
 * operations side by side, 64 KB each held some 250 MB against a server of 5 MiB answers.
 */
const KEPT_BODY_CHARS = 8 * 1024;
/** Answers up to this long are kept whole as evidence: cheaper than their outline, and small. */
const KEPT_WHOLE_CHARS = 16 * 1024;
/** Members of an object and characters of a string kept in the outline of a parsed body. */
const KEPT_MEMBERS = 64;
const KEPT_STRING_CHARS = 256;
const KEPT_DEPTH = 6;

/** A copy that holds none of the original: V8 keeps a whole string alive behind any slice of it. */
function detached(text: string, length: number): string {
  return text.length <= length ? text : Buffer.from(text.slice(0, length), 'utf16le').toString('utf16le');
}

/** A parsed body in outline: each array cut to its first element, objects and strings cut short. */
function outlineValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return detached(value, KEPT_STRING_CHARS);
  if (depth >= KEPT_DEPTH) return Array.isArray(value) ? [] : isPlainObject(value) ? {} : value;
  if (Array.isArray(value)) return value.length === 0 ? [] : [outlineValue(value[0], depth + 1)];
  if (isPlainObject(value)) {
    const kept: Record<string, unknown> = {};
    let members = 0;
    for (const name in value) {
      if (members++ === KEPT_MEMBERS) break;
      kept[name] = outlineValue(value[name], depth + 1);
    }
    return kept;
  }
  return value;
}

/**
 * What the Judge keeps of a call as evidence once every exchange check has judged it: the request,
 * the response's status, headers and the beginning of its body, and the body parsed in outline (a
 * short answer is kept whole). That is what evidence needs, and it holds none of a 5 MiB page.
 */
export function outline(exchange: Exchange): Exchange {
  const { response } = exchange;
  if (!response || response.bodyText.length <= KEPT_WHOLE_CHARS) return exchange;
  return extend(exchange, {
    response: extend(response, {
      bodyText: detached(response.bodyText, KEPT_BODY_CHARS),
      json: response.json.ok ? { ok: true as const, value: outlineValue(response.json.value, 0) } : response.json,
    }),
  });
}

/** What a brief keeps of a parsed body: its envelope (`code`, `error`, `data` and their members), a list cut to one emptied record. */
const ENVELOPE_DEPTH = KEPT_DEPTH - 3;
/** The response headers of a brief: none; no operation check reads them. */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * What the Judge keeps of every call for the operation checks, which judge what kind of answer
 * came (data or not, records or not, a refusal or not) and with which header: the request without
 * its body, the status, the failure, and the body parsed down to its envelope. No payload, no body
 * text, no response header. Every call of an operation is held until the operation ends, and all
 * of them outlive a young collection: this is what a run's memory and its collector's work grow
 * with, so it is one small object of one shape per call.
 */
function brief(exchange: Exchange): Exchange {
  const { request, response } = exchange;
  return {
    request: { method: request.method, url: request.url, headers: request.headers, body: undefined },
    response: response && {
      status: response.status,
      headers: NO_HEADERS,
      bodyText: '',
      json: response.json.ok ? { ok: true, value: outlineValue(response.json.value, ENVELOPE_DEPTH) } : response.json,
    },
    failure: exchange.failure,
    durationMs: exchange.durationMs,
    operation: exchange.operation,
    intent: exchange.intent,
    payload: undefined,
    path: exchange.path,
  };
}

/**
 * Judges exchanges one by one as they arrive (so checking overlaps the wait for the next answers),
 * then the operation as a whole; counts what could not be judged as skipped. Findings are folded
 * into causes as they come; each call is kept only in outline.
 */
export class Judge {
  private readonly causes = new Map<string, Cause>();
  /** Every call in brief, for the operation checks. */
  private readonly sent: { exchange: Exchange; rank: number }[] = [];
  /** The call of lowest rank, in outline: the evidence of what the operation checks find. */
  private first: { exchange: Exchange; rank: number } | undefined;
  private readonly byCheck: Record<string, CheckTally> = {};
  private readonly findingsByCall = new Map<string, Record<string, number>>();
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

  private record(check: Check, exchange: Exchange, findings: readonly Finding[], kept: () => Exchange, rank: number, tally = this.tally(check)): void {
    this.evaluations++;
    tally.evaluated++;
    if (findings.length === 0) {
      this.passed++;
      tally.passed++;
    }
    for (const finding of findings) {
      const key = causeKey(check, finding, exchange);
      let cause = this.causes.get(key);
      if (!cause) {
        cause = { key, check, occurrences: 0, samples: [] };
        this.causes.set(key, cause);
      }
      cause.occurrences += finding.occurrences ?? 1;
      keepLowestRanks(cause.samples, { finding, exchange: kept(), rank });
    }
  }

  /** The exchange checks that apply to calls of one intent on this operation, with their tallies, found once. */
  private readonly applying = new Map<Intent, { check: ExchangeCheck; tally: CheckTally }[]>();
  private checksFor(exchange: Exchange): readonly { check: ExchangeCheck; tally: CheckTally }[] {
    let checks = this.applying.get(exchange.intent);
    if (!checks) {
      checks = this.checks
        .filter(
          (check): check is ExchangeCheck =>
            check.scope === 'exchange' && check.intents.includes(exchange.intent) && (!check.appliesTo || check.appliesTo(exchange.operation)),
        )
        .map((check) => ({ check, tally: this.tally(check) }));
      this.applying.set(exchange.intent, checks);
    }
    return checks;
  }

  /** Every exchange check that applies; the exchange is returned in brief, as the Judge keeps it. */
  add(exchange: Exchange, rank: number = this.sent.length): Exchange {
    if (!wasSent(exchange)) {
      this.skipped++;
      return exchange;
    }
    let outlined: Exchange | undefined;
    const kept = () => (outlined ??= outline(exchange));
    if (!this.first || rank < this.first.rank) this.first = { exchange: kept(), rank };
    const met = preconditionsMet(exchange);
    for (const { check, tally } of this.checksFor(exchange)) {
      if (!met[check.needs]) {
        this.skipped++;
        tally.skipped++;
        continue;
      }
      const findings = check.run(exchange, this.context);
      if (findings.length > 0) {
        const byCheck = this.findingsByCall.get(exchange.path) ?? {};
        byCheck[check.id] = (byCheck[check.id] ?? 0) + findings.reduce((total, finding) => total + (finding.occurrences ?? 1), 0);
        this.findingsByCall.set(exchange.path, byCheck);
      }
      this.record(check, exchange, findings, kept, rank, tally);
    }
    const briefed = brief(exchange);
    this.sent.push({ exchange: briefed, rank });
    return briefed;
  }

  /** The operation checks over every exchange added, then the verdicts. */
  finish(): Verdicts {
    const sent = this.sent.sort((a, b) => a.rank - b.rank).map((call) => call.exchange);
    const first = this.first;
    if (first) {
      for (const check of this.checks) {
        if (check.scope !== 'operation' || (check.appliesTo && !check.appliesTo(first.exchange.operation))) continue;
        this.record(check, first.exchange, check.run(sent, this.context), () => first.exchange, first.rank);
      }
    }
    return {
      causes: [...this.causes.values()].sort((a, b) => a.samples[0]!.rank - b.samples[0]!.rank),
      evaluations: this.evaluations,
      passed: this.passed,
      skipped: this.skipped,
      byCheck: this.byCheck,
      findingsByCall: this.findingsByCall,
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
