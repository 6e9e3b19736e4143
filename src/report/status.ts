import type { FormTried } from '../errors.js';

/**
 * What a run concluded, in one word: only `pass` says "this server was checked and conforms".
 * - pass: every selected operation was checked and nothing fails the gate.
 * - fail: deviations at or above --fail-on (or an expired waiver), whatever else could not be checked.
 * - not-run: nothing about the server could be judged (unreachable, token refused in every form, not this API).
 * - incomplete: nothing wrong found, but not everything was checked (operations unverified, out of time, out of memory, the kit failed).
 * - interrupted: stopped by SIGINT or SIGTERM.
 */
export type RunStatus = 'pass' | 'fail' | 'not-run' | 'incomplete' | 'interrupted';

/** 0 conforms; 1 deviations; 2 called wrongly or the kit failed; 3 could not be checked; 130/143 interrupted. */
export type ExitCode = 0 | 1 | 2 | 3 | 130 | 143;

export type StopSignal = 'SIGINT' | 'SIGTERM';

/** How a run ended, as the runner saw it. */
export type RunEnding =
  | { readonly kind: 'finished' }
  /** Stopped before the suites: target unreachable, token refused (exit 3, with the forms tried), or a kit error (exit 2). */
  | { readonly kind: 'not-run'; readonly reason: string; readonly kitError?: boolean; readonly formsTried?: readonly FormTried[] }
  | { readonly kind: 'out-of-time'; readonly reason: string }
  /** Stopped once --max-failures causes that fail the run were found, with what it left unchecked. */
  | { readonly kind: 'max-failures'; readonly after: number; readonly notChecked: NotChecked }
  | { readonly kind: 'interrupted'; readonly signal: StopSignal }
  /**
   * Stopped because the suite worker's heap ran short, with the reason and how to fix it. Under a
   * limit the user gave Node (--max-old-space-size), the user's setup must change: like --max-time
   * (exit 3, or 1 with a defect found). Under the kit's own limit, sized to be out of reach, the kit
   * failed (`kitError`: exit 2).
   */
  | { readonly kind: 'out-of-memory'; readonly reason: string; readonly kitError: boolean }
  /** An exception in the kit after the run started, or a suite that failed to load. */
  | { readonly kind: 'crashed'; readonly error: string };

/** What a run stopped early left unchecked: operations selected without a result, and flows not run. */
export interface NotChecked {
  readonly operations: number;
  readonly flows: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Why a run stopped by --max-failures is not a full check, in the words of `reason` and the headline. */
export function stoppedEarlyText(after: number, notChecked: NotChecked): string {
  const left = [
    ...(notChecked.operations > 0 ? [plural(notChecked.operations, 'operation')] : []),
    ...(notChecked.flows > 0 ? [plural(notChecked.flows, 'flow')] : []),
  ];
  return `stopped after ${plural(after, 'failure')} (--max-failures ${after}): ${left.length > 0 ? `${left.join(' and ')} not checked` : 'everything selected had been checked'}`;
}

export interface RunOutcomeFacts {
  readonly ending: RunEnding;
  /** The gate's reasons to fail (deviations at or above --fail-on, expired waivers). */
  readonly gateFailures: readonly string[];
  /** Operations whose answers could not be checked, with why. */
  readonly unverified: ReadonlyArray<{ readonly operation: string; readonly reason: string }>;
  /** --allow-unverified: unverified operations do not make the run incomplete. */
  readonly allowUnverified: boolean;
  /** Lookups by id whose records went unchecked (OperationSummary.recordsUnchecked), with why; absent: none. */
  readonly recordsUnchecked?: ReadonlyArray<{ readonly operation: string; readonly reason: string }>;
  /** --require-records: those make the run incomplete, for users who gate on every record checked. */
  readonly requireRecords?: boolean;
}

export interface StatusDecision {
  readonly status: RunStatus;
  /** Why, where the status is neither pass nor fail. */
  readonly reason?: string;
  readonly exitCode: ExitCode;
}

/** The exit codes, the statuses a report then has, and what they mean: read by --help and kept in the README (a test holds it there). */
export const exitCodeTable: ReadonlyArray<{ readonly code: ExitCode; readonly status: string; readonly meaning: string }> = [
  { code: 0, status: '`pass`', meaning: 'the server was checked and conforms: every selected operation verified, no deviation at or above `--fail-on`' },
  {
    code: 1,
    status: '`fail`',
    meaning:
      'the server has a defect: at least one deviation at or above `--fail-on` (not waived), or an expired waiver — even when other operations could not be verified (the report says which); see the report',
  },
  {
    code: 2,
    status: 'none, `not-run` or `incomplete`',
    meaning:
      'the kit was called wrongly (a bad option or file, a port in use, a report dir another run is writing: no report is written), or could not go on after the start (the token operation gave no token: `not-run`; the kit itself failed, or ran short of memory under the heap limit it sized itself: `incomplete`), the report giving the error',
  },
  {
    code: 3,
    status: '`not-run` or `incomplete`',
    meaning:
      'could not check, and no defect found: the target unreachable, TLS failed, the token refused in every form, or the base URL not serving this API (`not-run`); operations unverified, `--max-time` ran out, or the suites ran short of memory under the heap limit you gave Node, `--max-old-space-size` (`incomplete`)',
  },
  { code: 130, status: '`interrupted`', meaning: 'stopped by SIGINT (Ctrl-C); the report holds what finished before' },
  { code: 143, status: '`interrupted`', meaning: 'stopped by SIGTERM; the report holds what finished before' },
];

const signalExit: Record<StopSignal, ExitCode> = { SIGINT: 130, SIGTERM: 143 };

function unverifiedReason(unverified: RunOutcomeFacts['unverified']): string {
  const [first] = unverified;
  const more = unverified.length > 1 ? ` (and ${unverified.length - 1} more)` : '';
  return `${unverified.length} operation${unverified.length === 1 ? '' : 's'} could not be verified: ${first?.operation}: ${first?.reason}${more}; see the operations marked unverified, or pass --allow-unverified to accept them`;
}

function recordsUncheckedReason(unchecked: NonNullable<RunOutcomeFacts['recordsUnchecked']>): string {
  const names = unchecked.map((entry) => entry.operation).join(', ');
  return `--require-records: the records of ${unchecked.length} lookup${unchecked.length === 1 ? '' : 's'} went unchecked (${names}): the run learnt no id the server holds; see recordsUnchecked of each operation`;
}

/**
 * The one place a run's status and exit code are decided. An interruption beats everything, then a
 * kit failure and a run that never started. Otherwise a defect found fails the run, even when some
 * operations could not be verified or the time ran out: the server's fault is never reported as
 * "could not check". Only what found nothing wrong and could not check everything is incomplete.
 */
export function decideStatus(facts: RunOutcomeFacts): StatusDecision {
  const { ending } = facts;
  switch (ending.kind) {
    case 'interrupted':
      return { status: 'interrupted', reason: `stopped by ${ending.signal}`, exitCode: signalExit[ending.signal] };
    case 'crashed':
      return { status: 'incomplete', reason: `the kit failed: ${ending.error}`, exitCode: 2 };
    case 'not-run':
      return { status: 'not-run', reason: ending.reason, exitCode: ending.kitError ? 2 : 3 };
    case 'out-of-memory':
      if (ending.kitError) return { status: 'incomplete', reason: ending.reason, exitCode: 2 };
      break;
    case 'out-of-time':
    case 'max-failures':
    case 'finished':
      break;
  }
  // A run stopped by --max-failures found what fails it: it fails, and is never a pass even if the gate found nothing.
  const unchecked = [
    ...(ending.kind === 'out-of-time' || ending.kind === 'out-of-memory' ? [ending.reason] : []),
    ...(ending.kind === 'max-failures' ? [stoppedEarlyText(ending.after, ending.notChecked)] : []),
    ...(facts.unverified.length > 0 && !facts.allowUnverified ? [unverifiedReason(facts.unverified)] : []),
    ...(facts.requireRecords === true && (facts.recordsUnchecked ?? []).length > 0 ? [recordsUncheckedReason(facts.recordsUnchecked ?? [])] : []),
  ];
  const reason = unchecked.length > 0 ? { reason: unchecked.join('; ') } : {};
  if (facts.gateFailures.length > 0) return { status: 'fail', ...reason, exitCode: 1 };
  if (unchecked.length > 0) return { status: 'incomplete', ...reason, exitCode: 3 };
  return { status: 'pass', exitCode: 0 };
}

/** The exit code of a report read back (merge): its status, without the run's own circumstances. */
export function exitCodeOf(status: RunStatus): ExitCode {
  const codes: Record<RunStatus, ExitCode> = { pass: 0, fail: 1, 'not-run': 3, incomplete: 3, interrupted: 3 };
  return codes[status];
}

/** Status words as the console, summary.md, junit.xml and report.html print them. */
export const statusLabel: Record<RunStatus, string> = {
  pass: 'PASS',
  fail: 'FAIL',
  'not-run': 'NOT RUN',
  incomplete: 'INCOMPLETE',
  interrupted: 'INTERRUPTED',
};

/**
 * The status of a run joined from parts (merge), by the same precedence as one run: fail when any
 * part fails (saying which parts could not check everything), else incomplete when any part could
 * not check all it was given, else pass. A part written before `status` existed counts by its verdict.
 */
export function combinedStatus(
  parts: ReadonlyArray<{ readonly file: string; readonly status?: RunStatus; readonly reason?: string; readonly verdict: 'pass' | 'fail' }>,
): { status: RunStatus; reason?: string } {
  const unfinished = parts.filter((part) => part.status !== undefined && part.status !== 'pass' && part.status !== 'fail');
  const unfinishedReason = unfinished.map((part) => `${part.file} is ${part.status}${part.reason ? ` (${part.reason})` : ''}`).join('; ');
  const reason = unfinished.length > 0 ? { reason: unfinishedReason } : {};
  if (parts.some((part) => (part.status ?? part.verdict) === 'fail')) return { status: 'fail', ...reason };
  return unfinished.length > 0 ? { status: 'incomplete', ...reason } : { status: 'pass' };
}
