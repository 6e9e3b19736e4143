import type { Operation } from '../../catalogue/operations.js';
import { type AuthProbe, authProbes, INTERNAL_CALLER_FIELDS, nearMissTokens } from '../../checks/auth/probes.js';
import { hasDataSchema } from '../../checks/data/data-issues.js';
import { meetings, runWhereMet } from '../../checks/preconditions.js';
import type { CallRecord, Check, CheckContext, Exchange, Finding } from '../../checks/types.js';
import type { SentRequest } from '../../client/exchange.js';
import { type AuthScheme, authorizationValue, unsignedJwt } from '../../client/auth.js';
import type { Client } from '../../client/client.js';
import { generateCalls } from './calls.js';
import { causeDeviation } from '../judging/cause-evidence.js';
import { type ClassCoverage, classCoverage, type CoverageCall, sendCoveragePass } from './coverage-pass.js';
import type { Deviation } from '../judging/deviation.js';
import { type EvidenceContext, type StepSource, withSteps } from '../judging/evidence.js';
import { answerOutline, outline } from '../../checks/kept-exchange.js';
import { callAtPath } from './call-at-path.js';
import { type CauseTally, causeKey, type CheckTally, Judge, type Sample, type Verdicts } from '../judging/judge.js';
import type { OperationLatency } from './latency.js';
import { describeProbe, type Observation } from './observation.js';
import { asksListed, type ListedSource, sendListedLookups } from './listed-lookups.js';
import { type ListedEnds, type PageWalk, readListEnds, type WalkBounds, walkPages } from './page-walk.js';
import { labelRecurrences } from './recurrence.js';
import { askRelations } from './relations.js';
import { resendSlowAnswers } from './slow-answers.js';
import { type ProbedCall, refused, sendHttpProbes, validatorsOf } from './http-probes.js';
import { type DeleteCall, deletesRecords, isValidCallPath, ownDeleteCalls, type OwnRecordRecipe } from './own-records.js';
import { type LeftRecord, type MadeCall, madeCall } from './made-records.js';
import { OperationSession } from './session.js';
import { type ShrinkBudget, shrinkHostileCall } from './shrink.js';
import { verificationOf } from './verification.js';
import { cookieField } from '../target/issued-credentials.js';
import type { IssuedCredentials } from '../schedule/settings.js';

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
  /** Of a lookup by id answered only with error results to ids the run guessed: why its records went unchecked, and how to give an id (Verification). */
  readonly recordsUnchecked?: string;
  /**
   * Whether some valid call's `data` was checked against the documented records; absent where the
   * documented `data` is an empty object (publish, create, delete, login, send-code).
   */
  readonly dataChecked?: boolean;
  /** What the coverage pass and the page walk sent, by input class, and how each was answered. */
  readonly coveragePass?: OperationCoverage;
  /** How long its answers took: count, mean, p50, p95, max and the slowest calls with their repro. */
  readonly latency?: OperationLatency;
  /** Of a create: the records its calls made that the run left on the server, with why; absent: none. */
  readonly leftOnServer?: readonly LeftRecord[];
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

export interface OperationRunContext extends CheckContext, EvidenceContext {
  readonly client: Client;
  readonly checks: readonly Check[];
  /** Valid payloads per operation. */
  readonly runs: number;
  /** Hostile payloads per operation (0: none). */
  readonly hostileRuns: number;
  /** Whether to send the auth probes of section 5. */
  readonly authProbes: boolean;
  /** What the server handed out besides the token, which the probes `session-cookie` and `renewed-token` send; absent: they are not sent. */
  readonly issued?: IssuedCredentials;
  /** Whether to send the HTTP probes (HTTP_PROBES); absent: they are sent. */
  readonly httpProbes?: boolean;
  /** The one operation of the run that sends the oversized probes (bodyLimitOperation), by id; absent: none does. */
  readonly bodyLimitOperation?: string;
  /** The operations of the run that send the preflight probe (preflightOperations), by id; absent: none does. */
  readonly preflightOperations?: ReadonlySet<string>;
  /** How the run writes the token: probes of a wrong or near-miss token are written the same way. */
  readonly authScheme: AuthScheme;
  readonly shrink: ShrinkBudget;
  /** The deterministic coverage pass and page walk, before the generated calls; absent: not run. */
  readonly coverage?: WalkBounds;
  /** Calls of each phase under way at once: the run's concurrency. */
  readonly lanes: number;
  /** Aborted when the run is cancelled: no call goes out after it, and calls in flight are cut. */
  readonly cancelled?: AbortSignal;
  /** How the run makes the records each delete operation removes, by the delete's id (ownRecordRecipes); absent: its deletes ask for unknown ids. */
  readonly ownRecords?: ReadonlyMap<string, OwnRecordRecipe>;
}

/** A valid call as it is sent: a generated one (`conforming:<n>`), or a delete's (DeleteCall). */
type ValidCall = Pick<DeleteCall, 'path' | 'payload'> & { readonly body: string | undefined };

/** The token with every letter in the other case. */
const caseChanged = (token: string) => token.replace(/[a-zA-Z]/g, (letter) => (letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase()));

/**
 * The `authorization` header of each probe (a value of undefined removes it), with the fields that
 * name the caller's address for `internal-caller` and the sign-in's cookies for `session-cookie`,
 * or undefined when the probe does not apply: a near miss must differ from the token (there is no
 * case to change in "123456"), and a token of one character has no near miss worth the name; the
 * unsigned JWT and the renewed token must differ from the token (a run whose token is one already);
 * the cookies and the renewed token must have been handed out. A token that is not the valid one is
 * written in the run's scheme, so that only the token differs from the valid calls.
 */
function probeHeaders(
  probe: AuthProbe,
  token: string,
  scheme: AuthScheme,
  issued: IssuedCredentials | undefined,
): Record<string, string | undefined> | undefined {
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
    'unsigned-jwt': inScheme(unsignedJwt(token)),
    'no-header-single-slash': undefined,
    'internal-caller': undefined,
    'session-cookie': undefined,
    'renewed-token': issued?.renewedToken === undefined ? undefined : inScheme(issued.renewedToken),
  };
  const sameAsToken = values[probe] === inScheme(token);
  if (nearMissTokens.includes(probe) && (token.length < 2 || sameAsToken)) return undefined;
  if (probe === 'unsigned-jwt' && sameAsToken) return undefined;
  if (probe === 'internal-caller') return { authorization: undefined, ...INTERNAL_CALLER_FIELDS };
  if (probe === 'session-cookie') {
    const cookie = cookieField(issued?.cookies ?? []);
    return cookie === undefined ? undefined : { authorization: undefined, cookie };
  }
  if (probe === 'renewed-token' && (values[probe] === undefined || sameAsToken)) return undefined;
  return { authorization: values[probe] };
}

/**
 * The phases of one operation, in the order their calls rank in its plan, and what each waits for
 * before it starts. Every phase goes out at once (a slow answer in one holds up none of the others),
 * but a call's rank — its phase's place here, then its index in the phase — decides which evidence
 * a cause keeps and the order of the causes, so the report is the same whatever order answers come in.
 * - coverage: every input class on every request field, the same for every seed; waits for nothing.
 * - walk: the pages of a list, one after another; waits for nothing.
 * - conforming: the generated valid calls; waits for nothing, and is started first, so that a
 *   timeout elsewhere, which abandons the operation, finds them already sent.
 * - hostile: the generated hostile calls; waits for nothing.
 * - probes: the first valid call again with the header written other ways; waits for that call.
 * - http-probes: the first valid call again in the forms HTTP gives a client (http-probes.ts); waits for that call.
 * - listed: of a lookup of a list's records (Operation.listedIn), the record the list showed first
 *   and the one it showed last, asked for by id (listed-lookups.ts); waits for the list's walk, or,
 *   where the run does not walk the list, reads its first and last page itself; in the quick pass,
 *   the first page and its first record only.
 * - relations: of a list, the metamorphic relations that fit it (relations.ts): the walk's answers
 *   judged together, a few calls of their own, and a relation's calls asked once more where their
 *   answers break it; waits for the walk, and the walk's end waits for it, so that no state change
 *   of the run comes between its calls.
 */
export const PHASES = ['coverage', 'walk', 'conforming', 'hostile', 'probes', 'http-probes', 'listed', 'relations'] as const;
export type Phase = (typeof PHASES)[number];
/** No phase sends this many calls: a rank is its phase's place times this, plus its index. */
const PHASE_SPAN = 2 ** 32;
const rankOf = (phase: Phase, index: number) => PHASES.indexOf(phase) * PHASE_SPAN + index;

/** An operation under way: its result, and the end of its page walk, which the run's state changes wait for. */
export interface OperationRun {
  /** Settles once the page walk has read its last page: at once where the operation has none. Never rejects. */
  readonly walked: Promise<void>;
  /** The records at the ends of what its walk read, once read; undefined where it has no walk or read none. Never rejects. */
  readonly ends: Promise<ListedEnds | undefined>;
  readonly result: Promise<OperationResult>;
  /** Of an operation that makes records (makesRecords), what its calls that made a record sent and were answered (MadeCall), in plan order, once the result is in. Never rejects. */
  readonly made: Promise<readonly MadeCall[]>;
}

/** One operation, end to end (see startOperation). */
export function runOperation(operation: Operation, context: OperationRunContext, listed?: ListedSource): Promise<OperationResult> {
  return startOperation(operation, context, listed).result;
}

/**
 * One operation, end to end: its phases (PHASES) under way side by side; every exchange judged by
 * every check that applies as it arrives, its findings folded by cause; then the checks over the
 * operation's calls; hostile failures shrunk; the call behind each cause re-sent once to label it
 * consistent or intermittent; each cause one deviation with its count and a few samples of evidence.
 * `listed`: of a lookup, where the records its listed phase asks for come from.
 */
export function startOperation(operation: Operation, context: OperationRunContext, listed?: ListedSource): OperationRun {
  let walkEnded!: (ends?: ListedEnds) => void;
  const ends = new Promise<ListedEnds | undefined>((resolve) => (walkEnded = resolve));
  const made: { rank: number; call: MadeCall }[] = [];
  const result = phasesOf(operation, context, walkEnded, listed, made);
  result.then(
    () => walkEnded(),
    () => walkEnded(),
  );
  const madeInOrder = result.then(
    () => made.sort((a, b) => a.rank - b.rank).map((entry) => entry.call),
    () => [],
  );
  return { walked: ends.then(() => undefined), ends, result, made: madeInOrder };
}

/** What a run without the coverage pass (the quick pass) reads of a lookup's list: its first page, at the size a walk would read. */
const QUICK_LIST_BOUNDS: WalkBounds = { pages: 1, records: 10 };

async function phasesOf(
  operation: Operation,
  context: OperationRunContext,
  walkEnded: (ends?: ListedEnds) => void,
  listed: ListedSource | undefined,
  made: { rank: number; call: MadeCall }[],
): Promise<OperationResult> {
  const started = performance.now();
  const session = new OperationSession(context.client, operation, context.lanes, context.cancelled);
  const judging = new Judge(context.checks, context);
  const judgeIn = (phase: Phase) => (exchange: Exchange, index: number) => {
    const call = madeCall(operation, exchange);
    if (call) made.push({ rank: rankOf(phase, index), call });
    judging.add(exchange, rankOf(phase, index));
  };

  const bounds = context.coverage;
  const walk = bounds ? walkPages(operation, session, bounds, judgeIn('walk')) : undefined;
  // A list's other calls wait for its walk's page 1 (walkPages): the first page the operation asks is the same on every run.
  const opened = walk?.opened ?? Promise.resolve();
  const generated = generateCalls(operation, 'conforming', context.seed, context.runs);
  // A delete's valid calls remove records the run made for them, or ask for an unknown id: never a guessed id that may be another client's record.
  const ownDeletes = deletesRecords(operation) ? ownDeleteCalls(generated, context.ownRecords?.get(operation.id), context) : undefined;
  const valid: Promise<readonly ValidCall[]> = ownDeletes
    ? ownDeletes.then((prepared) => prepared.calls)
    : opened.then(() => generated.map((call, index) => ({ path: `conforming:${index}`, payload: call.payload, body: call.body })));
  const sendValid = (call: ValidCall) => session.send('conforming', call.path, call.payload, call.body);
  // What the probes resend, by its own promise: the first valid call's payload and body, and the validators of its answer, not the answer, which may be a page of 5 MiB.
  const firstValid =
    generated.length > 0
      ? valid.then(([first]) =>
          first
            ? sendValid(first).then((sent): ProbedCall => {
                judgeIn('conforming')(sent, 0);
                return { payload: sent.payload, body: sent.request.body, validators: validatorsOf(sent), refused: refused(sent) };
              })
            : undefined,
        )
      : undefined;
  const conformingRuns = Promise.all([
    firstValid,
    valid.then((calls) => session.inLanes(calls.slice(1), async (call, index) => judgeIn('conforming')(await sendValid(call), index + 1))),
  ]);
  const coverageStarted = performance.now();
  let coverageMs = 0;
  const walkRun =
    walk && bounds
      ? walk.walked.then(async (walked) => {
          const keeps = (id: string) => context.checks.some((check) => check.id === id);
          await askRelations(operation, session, bounds, keeps, judging.records(), judgeIn('relations'));
          return walked;
        })
      : undefined;
  (walkRun ?? Promise.resolve(undefined)).then(
    (walked) => walkEnded(walked?.ends),
    () => walkEnded(),
  );
  const coverageRun = walkRun
    ? Promise.all([opened.then(() => sendCoveragePass(operation, session, judgeIn('coverage'))), walkRun]).finally(
        () => (coverageMs = performance.now() - coverageStarted),
      )
    : Promise.resolve<[CoverageCall[], { calls: CoverageCall[]; walk?: PageWalk; askAgain?: () => Promise<void> }]>([[], { calls: [] }]);
  // A delete's hostile calls start once its records are made, as every operation's start with its valid calls.
  const hostileRuns = valid.then(() =>
    session.inLanes(generateCalls(operation, 'hostile', context.seed, context.hostileRuns), async (call, index) =>
      judgeIn('hostile')(await session.send('hostile', `hostile:${index}`, call.payload, call.body), index),
    ),
  );
  const probeRuns =
    context.authProbes && firstValid
      ? firstValid.then(
          (probed) =>
            probed &&
            Promise.all(
              authProbes.map((probe, index) => {
                const headers = probeHeaders(probe, context.token, context.authScheme, context.issued);
                // The other path form exists only where section 4 writes a doubled slash.
                const otherForm = probe === 'no-header-single-slash';
                if (otherForm && operation.pathStyle !== 'double-slash') return undefined;
                const at = otherForm ? operation.path : undefined;
                return (
                  headers &&
                  session.send('auth-probe', `auth-probe:${probe}`, probed.payload, probed.body, headers, at).then((sent) => judgeIn('probes')(sent, index))
                );
              }),
            ),
        )
      : undefined;
  const httpProbeRuns =
    context.httpProbes !== false && firstValid
      ? firstValid.then(
          (probed) =>
            probed &&
            sendHttpProbes(session, probed, judgeIn('http-probes'), context.redactor, {
              bodyLimit: operation.id === context.bodyLimitOperation,
              preflight: context.preflightOperations?.has(operation.id) === true,
            }),
        )
      : undefined;
  // The list's pages this operation reads itself count among its calls; they are the list's, and not judged here.
  const source = listed && asksListed(operation) ? listed : undefined;
  const listSession = source && 'list' in source ? new OperationSession(context.client, source.list, 1, context.cancelled) : undefined;
  const ends = source && ('walked' in source ? source.walked : listSession && readListEnds(source.list, listSession, context.coverage ?? QUICK_LIST_BOUNDS));
  // The quick pass asks for one listed record: enough to see a record, at the cost of two calls.
  const listedRuns = ends && sendListedLookups(operation, session, ends, judgeIn('listed'), context.coverage === undefined ? 'first' : 'both-ends');
  const [[covered, walked]] = await Promise.all([coverageRun, conformingRuns, hostileRuns, probeRuns, httpProbeRuns, listedRuns]);
  // Alone on the list: no other call of the operation comes between page 1 asked again and page 2 asked twice after it.
  if (walked.askAgain && !session.abandoned) await walked.askAgain();
  // Sent only where an answer was slow, so no phase of the plan: they rank after every phase.
  await resendSlowAnswers(operation, session, judging.records(), (exchange, index) => judging.add(exchange, PHASES.length * PHASE_SPAN + index), context.seed);

  const verdicts = judging.finish();
  // Read from the calls, not from data-schema's tally: with that check left out (--exclude-checks) an answer with data still verifies the operation.
  const dataChecked = hasDataSchema(operation) ? verdicts.calls.some((call) => call.intent === 'conforming' && call.envelope?.hasData === true) : undefined;
  const shrunkChecks = new Set<string>();
  /** The first hostile cause of each check is shrunk to the smallest call that still shows it; the rest keep their own evidence. */
  const shownBy = async (cause: CauseTally): Promise<Sample> => {
    const first = cause.samples[0];
    const { check } = cause;
    if (check.scope !== 'exchange' || first.exchange.intent !== 'hostile' || first.exchange.failure?.kind === 'timeout') return first;
    // Coverage calls are one class on a fixed body already: nothing smaller to find.
    if (!first.exchange.path.startsWith('hostile:')) return first;
    if (shrunkChecks.has(check.id) || session.abandoned) return first;
    shrunkChecks.add(check.id);
    const showsCause = (findings: readonly Finding[], exchange: Exchange) => findings.some((finding) => causeKey(check, finding, exchange) === cause.key);
    const smallest = await shrinkHostileCall(session, check, first.exchange, context.seed, context, context.shrink, showsCause);
    const finding = smallest && runWhereMet(check, meetings(smallest), context)?.find((candidate) => causeKey(check, candidate, smallest) === cause.key);
    return smallest && finding ? { finding, exchange: outline(smallest), rank: first.rank } : first;
  };
  const shown = new Map<CauseTally, Sample>();
  for (const cause of verdicts.causes) shown.set(cause, await shownBy(cause));
  const recurrences = await labelRecurrences(session, shown, context);
  const deviations = [...shown].map(([cause, sample]) => {
    const deviation = causeDeviation(cause, sample, recurrences.get(cause), context);
    const calls = sample.finding.calls ?? [];
    return withSteps(
      deviation,
      calls.flatMap((call) => stepOf(call, sample.exchange.request, context.seed)),
      context,
    );
  });

  return {
    operationId: operation.id,
    operation: operation.path,
    group: operation.group,
    exchanges: session.sent + (listSession?.sent ?? 0) + ((await ownDeletes)?.sent ?? 0),
    evaluations: verdicts.evaluations,
    passed: verdicts.passed,
    skipped: verdicts.skipped,
    byCheck: verdicts.byCheck,
    deviations,
    observations: verdicts.calls.filter((call) => call.intent === 'auth-probe').map(describeProbe),
    durationMs: Math.round(performance.now() - started),
    ...verificationOf(
      operation,
      verdicts.calls.filter((call) => isValidCallPath(call.path)),
      verdicts.calls,
      dataChecked,
    ),
    ...(dataChecked === undefined ? {} : { dataChecked }),
    latency: session.latency.summary(operation, context),
    ...(context.coverage
      ? {
          coveragePass: coverageOf(
            [
              ...covered.map((call) => ({ ...call, rank: rankOf('coverage', call.place) })),
              ...walked.calls.map((call) => ({ ...call, rank: rankOf('walk', call.place) })),
            ],
            verdicts,
            walked.walk,
            coverageMs,
          ),
        }
      : {}),
  };
}

function coverageOf(
  calls: Parameters<typeof classCoverage>[0],
  verdicts: Pick<Verdicts, 'calls' | 'findingsByCall'>,
  walk: PageWalk | undefined,
  durationMs: number,
): OperationCoverage {
  const records = new Map(verdicts.calls.map((call) => [call.rank, call]));
  return {
    requests: calls.length,
    classes: classCoverage(calls, records, verdicts.findingsByCall),
    ...(walk ? { pageWalk: walk } : {}),
    durationMs: Math.round(durationMs),
  };
}

/**
 * A call a finding over several answers rests on, as a step of its evidence: the request made again
 * from the seed at its place in the plan, with the headers the evidence's own call carried, and the
 * answer in outline. None for a call no generator makes again (an auth probe: its header stays out
 * of evidence).
 */
function stepOf(call: CallRecord, template: SentRequest, seed: number): StepSource[] {
  const planned = callAtPath(call.operation, call.path, seed);
  if (!planned) return [];
  const origin = /^[a-z]+:\/\/[^/]*/i.exec(template.url)?.[0] ?? '';
  const request = { method: call.operation.method, url: `${origin}${call.wirePath}`, headers: template.headers, body: planned.body };
  return [{ path: call.path, request, answer: answerOutline(call) }];
}
