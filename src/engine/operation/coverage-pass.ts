import type { Operation } from '../../catalogue/operations.js';
import type { CallRecord, Exchange } from '../../checks/types.js';
import { type CoverageJudgement, type CoverageRequest, coverageRequests } from '../../generators/coverage/requests.js';
import type { OperationSession } from './session.js';

/** How one input class fared at one operation: what "checked" covered. */
export interface ClassCoverage {
  /** The class id, e.g. 'decimal', 'apostrophe', 'page-deep'. */
  readonly class: string;
  /** number, string, null, absent, wrong-type, prototype-key, duplicate-key or page. */
  readonly family: string;
  /** Judged as a valid call (the spec allows the value there) or as a hostile one; both where fields differ. */
  readonly judgedAs: readonly CoverageJudgement[];
  readonly requests: number;
  /** The fields the class reached, as people write them ('items[0].num'). */
  readonly fields: readonly string[];
  /** HTTP statuses answered, by count; a call without a response counts under its failure ('timeout'…). */
  readonly statuses: Readonly<Record<string, number>>;
  /** Envelope `code` values answered, by count (2.1; their values are "not shown", 7). */
  readonly codes: Readonly<Record<string, number>>;
  /** Deviations found on this class's calls, by check id: every call counted (the report's list folds repeats). */
  readonly deviations: Readonly<Record<string, number>>;
}

/** One call of the coverage pass or the page walk: what it tried, where, and its place among its phase's calls. */
export interface CoverageCall {
  readonly class: string;
  readonly family: string;
  readonly field: string;
  readonly judgedAs: CoverageJudgement;
  readonly place: number;
}

/** Judges a call as it arrives, at its place among its phase's calls. */
export type JudgeCall = (exchange: Exchange, place: number) => void;

/** Where coverage calls are found again when their findings are counted: `coverage:<n>`. */
export const COVERAGE_PATH = 'coverage';

/**
 * Sends every request of the operation's coverage pass (the same under every seed), each judged as
 * it arrives; the calls come back in the order they were sent. Operations of 4.1 have no documented request shape: no field classes.
 */
export async function sendCoveragePass(operation: Operation, session: OperationSession, judge: JudgeCall): Promise<CoverageCall[]> {
  if (operation.requestSchema === undefined) return [];
  return session.inLanes(coverageRequests(operation.id), async (request, index) => {
    judge(await session.send(request.judgedAs, `${COVERAGE_PATH}:${index}`, payloadOf(request), request.body), index);
    return { class: request.classId, family: request.family, field: request.field, judgedAs: request.judgedAs, place: index };
  });
}

/** A valid call's checks read the payload (pageNo, items); a hostile call's evidence reads what it tried. */
const payloadOf = (request: CoverageRequest): unknown =>
  request.judgedAs === 'conforming' ? JSON.parse(request.body) : { kind: request.classId, description: request.description };

/** The coverage call at `coverage:<n>`, the same under every seed; undefined when there is none. */
export function coverageCallAt(operation: Operation, index: number): { judgedAs: CoverageJudgement; payload: unknown; body: string } | undefined {
  const request = operation.requestSchema === undefined ? undefined : coverageRequests(operation.id)[index];
  return request && { judgedAs: request.judgedAs, payload: payloadOf(request), body: request.body };
}

/** The answer of a call as a status or failure, and its envelope code. */
function answerOf(call: CallRecord | undefined): { status: string; code: string | undefined } {
  const status = call?.status !== undefined ? String(call.status) : (call?.failure ?? 'no response');
  const code = call?.envelope?.code;
  return { status, code: typeof code === 'string' || typeof code === 'number' ? String(code) : undefined };
}

const count = (tally: Record<string, number>, key: string) => {
  tally[key] = (tally[key] ?? 0) + 1;
};

/**
 * The calls of the pass and the walk gathered by class, with what the judge kept of each (by its
 * rank in the operation's plan) and the deviations it found on them.
 */
export function classCoverage(
  calls: ReadonlyArray<CoverageCall & { readonly rank: number }>,
  records: ReadonlyMap<number, CallRecord>,
  findingsByCall: ReadonlyMap<number, Readonly<Record<string, number>>>,
): ClassCoverage[] {
  interface Tally {
    family: string;
    judgedAs: Set<CoverageJudgement>;
    requests: number;
    fields: Set<string>;
    statuses: Record<string, number>;
    codes: Record<string, number>;
    deviations: Record<string, number>;
  }
  const byClass = new Map<string, Tally>();
  for (const call of calls) {
    let tally = byClass.get(call.class);
    if (!tally) {
      tally = { family: call.family, judgedAs: new Set(), requests: 0, fields: new Set(), statuses: {}, codes: {}, deviations: {} };
      byClass.set(call.class, tally);
    }
    tally.judgedAs.add(call.judgedAs);
    tally.requests++;
    tally.fields.add(call.field);
    const { status, code } = answerOf(records.get(call.rank));
    count(tally.statuses, status);
    if (code !== undefined) count(tally.codes, code);
    for (const [check, findings] of Object.entries(findingsByCall.get(call.rank) ?? {})) tally.deviations[check] = (tally.deviations[check] ?? 0) + findings;
  }
  return [...byClass].map(([id, tally]) => ({
    class: id,
    family: tally.family,
    judgedAs: [...tally.judgedAs].sort(),
    requests: tally.requests,
    fields: [...tally.fields],
    statuses: tally.statuses,
    codes: tally.codes,
    deviations: tally.deviations,
  }));
}
