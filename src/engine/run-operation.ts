import type { Operation } from '../catalogue/operations.js';
import { type AuthProbe, authProbes, nearMissTokens } from '../checks/auth/probes.js';
import { hasDataSchema } from '../checks/data/data-issues.js';
import { dataSchema } from '../checks/data/data-schema.js';
import type { Check, CheckContext, Exchange, Finding } from '../checks/types.js';
import { type AuthScheme, authorizationValue } from '../client/auth.js';
import type { Client } from '../client/client.js';
import { generateCalls } from './calls.js';
import { causeDeviation } from './cause-evidence.js';
import { type ClassCoverage, classCoverage, type CoverageCall, sendCoveragePass } from './coverage-pass.js';
import type { Deviation } from './deviation.js';
import { type Cause, causeKey, type CheckTally, Judge, outline, type Sample } from './judge.js';
import type { OperationLatency } from './latency.js';
import { describeProbe, type Observation } from './observation.js';
import { type PageWalk, type WalkBounds, walkPages } from './page-walk.js';
import { labelRecurrences } from './recurrence.js';
import { OperationSession } from './session.js';
import { type ShrinkBudget, shrinkHostileCall } from './shrink.js';
import { whyUnverified } from './verification.js';

export interface OperationResult {
  readonly operationId: string;
  readonly operation: string;
  readonly group: string;
  /** Calls made, shrinking included. */
  readonly exchanges: number;
  /** Check evaluations made (one check on one exchange, or on one operation's exchanges). */
  readonly evaluations: number;
  /** Evaluations that found nothing. */
  readonly passed: number;
  /** Evaluations not made because what they judge was absent (no response, an error result…). */
  readonly skipped: number;
  /** How each check that applies fared, by check id. */
  readonly byCheck: Readonly<Record<string, CheckTally>>;
  readonly deviations: readonly Deviation[];
  /** What the server did where the spec leaves the answer open (auth probes). */
  readonly observations: readonly Observation[];
  readonly durationMs: number;
  /** Why no answer of the operation could be checked; undefined when one could (see whyUnverified). */
  readonly unverified?: string;
  /**
   * Whether some valid call's `data` was checked against the documented records; absent where the
   * documented `data` is an empty object (publish, create, delete, login, send-code).
   */
  readonly dataChecked?: boolean;
  /** What the coverage pass and the page walk sent, by input class, and how each was answered. */
  readonly coveragePass?: OperationCoverage;
  /** How long its answers took: count, mean, p50, p95, max and the slowest calls with their repro. */
  readonly latency?: OperationLatency;
}

export interface OperationCoverage {
  /** Calls of the coverage pass and the page walk together. */
  readonly requests: number;
  readonly classes: readonly ClassCoverage[];
  /** On list operations: the pages read and records validated. */
  readonly pageWalk?: PageWalk;
  /** Wall time of the pass and the walk, which run side by side with the generated calls. */
  readonly durationMs: number;
}

export interface OperationRunContext extends CheckContext {
  readonly client: Client;
  readonly checks: readonly Check[];
  /** Valid payloads per operation. */
  readonly runs: number;
  /** Hostile payloads per operation (0: none). */
  readonly hostileRuns: number;
  /** Whether to send the auth probes of section 5. */
  readonly authProbes: boolean;
  readonly seed: number;
  /** Strings never written into evidence: the token and any credential. */
  readonly secrets: readonly string[];
  readonly token: string;
  /** How the run writes the token: probes of a wrong or near-miss token are written the same way. */
  readonly authScheme: AuthScheme;
  readonly shrink: ShrinkBudget;
  /** The deterministic coverage pass and page walk, before the generated calls; absent: not run. */
  readonly coverage?: WalkBounds;
  /** Calls of each phase under way at once: the run's concurrency. */
  readonly lanes: number;
}

/** The token with every letter in the other case. */
const caseChanged = (token: string) => token.replace(/[a-zA-Z]/g, (letter) => (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()));

/**
 * The `authorization` header of each probe (a value of undefined removes it), or undefined when the
 * probe does not apply: a near miss must differ from the token (there is no case to change in
 * "123456"), and a token of one character has no near miss worth the name. A token that is not the
 * valid one is written in the run's scheme, so that only the token differs from the valid calls.
 */
function probeHeaders(probe: AuthProbe, token: string, scheme: AuthScheme): Record<string, string | undefined> | undefined {
  // Not the last character in either case, so the changed token differs however the server compares.
  const otherLast = token.slice(-1).toLowerCase() === 'x' ? 'y' : 'x';
  const inScheme = (value: string) => authorizationValue(scheme, value);
  const values: Record<AuthProbe, string | undefined> = {
    'no-header': undefined,
    'empty-value': '',
    'wrong-token': inScheme(token.length > 0 ? 'x'.repeat(token.length) : 'invalid'),
    'bearer-space': authorizationValue('bearer-space', token),
    'bearer-lowercase-space': authorizationValue('bearer-lowercase-space', token),
    'token-only': authorizationValue('api-key', token),
    'token-appended': inScheme(`${token}x`),
    'token-last-changed': inScheme(`${token.slice(0, -1)}${otherLast}`),
    'token-half': inScheme(token.slice(0, Math.floor(token.length / 2))),
    'token-case-changed': inScheme(caseChanged(token)),
  };
  if (nearMissTokens.includes(probe) && (token.length < 2 || values[probe] === inScheme(token))) return undefined;
  return { authorization: values[probe] };
}

/**
 * Where each phase's calls start in the operation's plan. A call's place (phase start + its index)
 * decides which evidence a cause keeps and the order of causes, so the report is the same whatever
 * order the answers arrive in.
 */
const PLAN = { coverage: 0, walk: 1_000_000, conforming: 2_000_000, hostile: 3_000_000, probes: 4_000_000 } as const;

/**
 * One operation, end to end: valid payloads, then hostile ones, then the auth probes; every
 * exchange judged by every check that applies, its findings folded by cause as they come; hostile
 * failures shrunk; the call behind each cause re-sent once to label it consistent or intermittent;
 * each cause one deviation with its count and a few samples of evidence.
 */
export async function runOperation(operation: Operation, context: OperationRunContext): Promise<OperationResult> {
  const started = performance.now();
  const session = new OperationSession(context.client, operation, context.lanes);
  const judging = new Judge(context.checks, context);

  // Every phase goes out at once, so a slow answer in one holds up none of the others; the valid
  // calls first, so that a timeout elsewhere, which abandons the operation, finds them already sent.
  // Each call is judged as it arrives, and its place in the plan, not its arrival, orders the evidence kept.
  // What the probes resend: the first valid call's payload and body, not its answer, which may be a page of 5 MiB.
  let firstConforming: Promise<{ payload: unknown; body: string | undefined }> | undefined;
  const conformingRuns = session.inLanes(generateCalls(operation, 'conforming', context.seed, context.runs), (call, index) => {
    const sending = session.send('conforming', `conforming:${index}`, call.payload, call.body);
    firstConforming ??= sending.then((sent) => ({ payload: sent.payload, body: sent.request.body }));
    return sending.then((sent) => judging.add(sent, PLAN.conforming + index));
  });
  // The coverage pass is the same for every seed: a class that trips the server is found on every run.
  const coverageStarted = performance.now();
  let coverageMs = 0;
  const coverageRun = context.coverage
    ? Promise.all([
        sendCoveragePass(operation, session, (exchange, place) => judging.add(exchange, PLAN.coverage + place)),
        walkPages(operation, session, context.coverage, (exchange, place) => judging.add(exchange, PLAN.walk + place)),
      ]).finally(() => (coverageMs = performance.now() - coverageStarted))
    : Promise.resolve<[CoverageCall[], { calls: CoverageCall[]; walk?: PageWalk }]>([[], { calls: [] }]);
  const hostileRuns = session.inLanes(generateCalls(operation, 'hostile', context.seed, context.hostileRuns), async (call, index) =>
    judging.add(await session.send('hostile', `hostile:${index}`, call.payload, call.body), PLAN.hostile + index),
  );
  // The probes resend the first valid call with other headers: they wait for that call alone.
  const probeRuns =
    context.authProbes && firstConforming
      ? firstConforming.then((probed) =>
          Promise.all(
            authProbes.flatMap((probe, index) => {
              const headers = probeHeaders(probe, context.token, context.authScheme);
              return headers
                ? [
                    session
                      .send('auth-probe', `auth-probe:${probe}`, probed.payload, probed.body, headers)
                      .then((sent) => judging.add(sent, PLAN.probes + index)),
                  ]
                : [];
            }),
          ),
        )
      : Promise.resolve([]);
  const [[covered, walked], conforming, , probes] = await Promise.all([coverageRun, conformingRuns, hostileRuns, probeRuns]);

  const verdicts = judging.finish();
  const dataChecked = hasDataSchema(operation) ? (verdicts.byCheck[dataSchema.id]?.evaluated ?? 0) > 0 : undefined;
  const shrunkChecks = new Set<string>();
  /** The first hostile cause of each check is shrunk to the smallest call that still shows it; the rest keep their own evidence. */
  const shownBy = async (cause: Cause): Promise<Sample> => {
    const first = cause.samples[0]!;
    const { check } = cause;
    if (check.scope !== 'exchange' || first.exchange.intent !== 'hostile' || first.exchange.failure?.kind === 'timeout') return first;
    // Coverage calls are one class on a fixed body already: nothing smaller to find.
    if (!first.exchange.path.startsWith('hostile:')) return first;
    if (shrunkChecks.has(check.id) || session.abandoned) return first;
    shrunkChecks.add(check.id);
    const showsCause = (findings: readonly Finding[], exchange: Exchange) => findings.some((finding) => causeKey(check, finding, exchange) === cause.key);
    const smallest = await shrinkHostileCall(session, check, first.exchange, context.seed, context, context.shrink, showsCause);
    const finding = smallest && check.run(smallest, context).find((candidate) => causeKey(check, candidate, smallest) === cause.key);
    return smallest && finding ? { finding, exchange: outline(smallest), rank: first.rank } : first;
  };
  const shown = new Map<Cause, Sample>();
  for (const cause of verdicts.causes) shown.set(cause, await shownBy(cause));
  const recurrences = await labelRecurrences(session, shown, context);
  const deviations = verdicts.causes.map((cause) => causeDeviation(cause, shown.get(cause)!, recurrences.get(cause), context));

  return {
    operationId: operation.id,
    operation: operation.path,
    group: operation.group,
    exchanges: session.sent,
    evaluations: verdicts.evaluations,
    passed: verdicts.passed,
    skipped: verdicts.skipped,
    byCheck: verdicts.byCheck,
    deviations,
    observations: probes.map(describeProbe),
    durationMs: Math.round(performance.now() - started),
    unverified: whyUnverified(conforming, dataChecked),
    ...(dataChecked === undefined ? {} : { dataChecked }),
    latency: session.latency.summary(operation, context),
    ...(context.coverage ? { coveragePass: coverageOf([...covered, ...walked.calls], verdicts.findingsByCall, walked.walk, coverageMs) } : {}),
  };
}

function coverageOf(
  calls: Parameters<typeof classCoverage>[0],
  findingsByCall: Parameters<typeof classCoverage>[1],
  walk: PageWalk | undefined,
  durationMs: number,
): OperationCoverage {
  return { requests: calls.length, classes: classCoverage(calls, findingsByCall), ...(walk ? { pageWalk: walk } : {}), durationMs: Math.round(durationMs) };
}
