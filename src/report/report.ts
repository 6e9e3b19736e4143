import { groups } from '../catalogue/groups.js';
import { listedOperations } from '../catalogue/listed-operations.js';
import { type Operation, operations } from '../catalogue/operations.js';
import { type Severity, severityRank } from '../checks/types.js';
import type { AuthScheme } from '../client/auth.js';
import type { PathForm } from '../client/target.js';
import { type Deviation, deviationKey } from '../engine/judging/deviation.js';
import type { LeftRecord } from '../engine/operation/made-records.js';
import type { Observation } from '../engine/operation/observation.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import type { CheckTally } from '../engine/judging/judge.js';
import { type LatencyFigures, type OperationLatency, SLOWEST_KEPT, type SlowRequest } from '../engine/operation/latency.js';
import type { OperationCoverage, OperationResult } from '../engine/operation/run-operation.js';
import { type CheckInfo, checkInfos } from '../checks/catalogue.js';
import { applyGate, type Gate, type GatedDeviation, type GateSettings } from '../gate/gate.js';
import type { TrafficSeen } from '../traffic/traffic-judge.js';
import type { FormTried } from '../errors.js';
import { extend } from '../objects.js';
import { TOOL_NAME, TOOL_VERSION } from '../version.js';
import type { RunShape, ShardPosition } from './run-shape.js';
import { decideStatus, type ExitCode, type NotChecked, type RunEnding, type RunStatus } from './status.js';

export interface SeverityCounts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

export interface OperationSummary extends SeverityCounts {
  readonly id: string;
  readonly operation: string;
  readonly group: string;
  readonly requests: number;
  readonly checks: number;
  readonly passed: number;
  readonly skipped: number;
  /** Wall time of the operation's calls and checks (absent in reports of older versions). */
  readonly durationMs?: number;
  /** How each check that applies fared, by check id. */
  readonly byCheck: Readonly<Record<string, CheckTally>>;
  /** unverified: no answer of its could be checked; the run is then incomplete unless --allow-unverified. */
  readonly status: 'verified' | 'unverified';
  /** Whether some valid call's `data` was checked against its documented records; absent where the documented `data` is an empty object. */
  readonly dataChecked?: boolean;
  /** Why it is unverified. */
  readonly reason?: string;
  /**
   * Of a verified lookup by id: why its records went unchecked (every answer an error result to an
   * id the run guessed, as a server answers ids it does not hold) and how to give it an id to ask
   * for. The run still passes, unless --require-records.
   */
  readonly recordsUnchecked?: string;
  /** What the coverage pass and the page walk sent, by input class, and how each class was answered. */
  readonly coveragePass?: OperationCoverage;
  /** How long its answers took: the calls timed and their mean, p50, p95 and max in ms. */
  readonly latency?: LatencyFigures;
}

/** A check (or flow) as reports describe it. */

/** The server checked, as the reports name it. */
export interface Target {
  /** As given, less any user:password@ (never shown). */
  readonly baseUrl: string;
  readonly embedded: boolean;
  /** How the run wrote the token: as configured, or the form the server served when it refused the documented one. */
  readonly authScheme: AuthScheme;
  /** How the run wrote paths under /pc and /auth (absent in reports of older versions: documented). */
  readonly pathForm?: PathForm;
  /** --label: the name the user gave the target. */
  readonly label?: string;
  /** The Server header the target answered with, when it sent one. */
  readonly server?: string;
}

/** A HAR file `check` read: where it is, what wrote it (its `creator`), and how many entries it held. */
export interface HarFileSource {
  readonly path: string;
  readonly creator: string;
  readonly entries: number;
}

/** Where the exchanges of a report on traffic came from: a `proxy` listening in front of `target`, or the HAR files `check` read. */
export type TrafficOrigin =
  { readonly kind: 'proxy'; readonly target: string; readonly listen: string } | { readonly kind: 'har'; readonly files: readonly HarFileSource[] };

/** Where the exchanges of a report on traffic came from, and what they held. Absent from the report of a run, whose exchanges the kit sent. */
export type TrafficSource = TrafficOrigin & TrafficSeen;

/** Which text of the spec the kit checks against: it carries no version of its own, so its file and hash say. */
export interface SpecIdentity {
  readonly version: null;
  readonly file: string;
  readonly sha256: string;
}

/** report.json: a public contract. Add fields; never rename or remove one. */
/**
 * Where a run's wall time went, in milliseconds, phase by phase (`npm run bench` reads them). What
 * is left of the process's wall time after them is writing the reports and exiting.
 */
export interface RunTimings {
  /** From the process's start to the run's: Node and the kit's modules loading. */
  readonly startUpMs: number;
  /** The embedded server started, the target probed, the token obtained and first contact made. */
  readonly targetMs: number;
  /** vitest and its worker starting, the kit's modules loading there, the schemas compiling, until the run's schedule is under way. */
  readonly suitesStartMs: number;
  /** From then until the last test ended: the requests and their checks. */
  readonly checksMs: number;
  /** vitest closing its worker. */
  readonly suitesEndMs: number;
}

export interface Report {
  readonly tool: string;
  readonly version: string;
  readonly target: Target;
  /** Where the exchanges came from, when the kit judged traffic it did not send (`proxy`, `check`); absent for a run. */
  readonly source?: TrafficSource;
  /** The spec text the run judged by: it has no version number, so its sha256. */
  readonly spec?: SpecIdentity;
  /** The Node.js version the kit ran on (process.version). */
  readonly node?: string;
  readonly startedAt: string;
  readonly durationMs: number;
  /** Where the wall time went; absent from merged reports. */
  readonly timings?: RunTimings;
  readonly seed: number;
  readonly runs: number;
  readonly failOn: Severity;
  /** What the run concluded; only `pass` means "checked and conforms". */
  readonly status: RunStatus;
  /**
   * Why, where the status is not pass: what stopped or limited the run; for a `fail`, what could
   * not be checked beside the defects found (absent when everything was).
   */
  readonly reason?: string;
  /** `pass` exactly when status is `pass`; kept for the tools that read it. */
  readonly verdict: 'pass' | 'fail';
  /** Why the verdict is what it is: the gate's settings, baseline comparison and waivers. */
  readonly gate: Gate;
  /** Every check and flow, with its rule and severity, whether or not it found anything. */
  readonly checks: readonly CheckInfo[];
  readonly summary: SeverityCounts & {
    readonly operations: number;
    readonly requests: number;
    readonly checks: number;
    readonly passed: number;
    readonly skipped: number;
    /** Requests of the coverage pass and the page walk (counted in `requests` too). */
    readonly coverageRequests?: number;
    /**
     * Of a run stopped before its end (interrupted, out of time, --max-failures, crashed): every
     * request that left for the server, those of operations and flows cut short included, where
     * `requests` counts only what finished. Absent from a run that ended.
     */
    readonly sent?: number;
    /** Operations whose documented `data` holds records, and of those, the ones whose data some answer let the run check. */
    readonly withData?: number;
    readonly dataChecked?: number;
  };
  readonly operations: readonly OperationSummary[];
  /** Every operation of sections 4 and 4.1: tested, or skipped with the reason. Nothing is silently absent. */
  readonly coverage: readonly CoverageEntry[];
  readonly flows: ReadonlyArray<Omit<FlowResult, 'deviations'> & SeverityCounts>;
  /** The flows the run left out (--read-only, --no-stateful, another part of a sharded run), with the reason; absent when none. */
  readonly skippedFlows?: readonly SkippedFlow[];
  /** What the server did where the spec leaves the answer open (auth probes). */
  readonly observations: readonly Observation[];
  /**
   * The records the run made and left on the server, with their id where the server showed one and
   * why (no delete documented for orders, a record the run could not find again): facts, not
   * deviations. Absent where it left none.
   */
  readonly leftOnServer?: readonly LeftRecord[];
  readonly deviations: readonly GatedDeviation[];
  /** With --shard: which part of the run this report is. */
  readonly shard?: ShardPosition;
  /** The options that shaped the run; merge requires every part to agree on them. */
  readonly options?: RunShape;
  /** What the run must say loudly, e.g. that --insecure turned certificate checks off. */
  readonly warnings?: readonly string[];
  /** The run's slowest calls, slowest first, each with its operation and curl repro: slow answers are information. */
  readonly slowestRequests?: readonly SlowRequest[];
  /** The checks and flows --checks or --exclude-checks left out, with why; absent when every one ran. */
  readonly excludedChecks?: readonly ExcludedCheck[];
  /** Present when --max-failures stopped the run: the limit, and what it left unchecked. */
  readonly stoppedEarly?: StoppedEarly;
  /** Present when the token was refused in every form before the suites: each form tried, and what the server answered. */
  readonly formsTried?: readonly FormTried[];
}

/** A check or flow the run left out: it ran nowhere, so it found nothing and fixed nothing. */
export interface ExcludedCheck {
  readonly id: string;
  readonly kind: 'check' | 'flow';
  /** `not named by --checks` or `left out by --exclude-checks`. */
  readonly reason: string;
}

/** How a run stopped by --max-failures ended. */
export interface StoppedEarly {
  readonly reason: 'max-failures';
  /** The limit given: the run stopped once this many causes that fail it were found. */
  readonly after: number;
  readonly notChecked: NotChecked;
}

/** A flow the run did not run, and why. */
export interface SkippedFlow {
  readonly flowId: string;
  readonly group: string;
  readonly title: string;
  readonly reason: string;
}

export interface CoverageEntry {
  readonly id: string;
  readonly operation: string;
  readonly group: string;
  readonly status: 'tested' | 'skipped';
  readonly reason?: string;
}

/** The slowest of these calls (those each operation, or each part of a sharded run, kept), slowest first. */
export function slowestRequests(calls: readonly SlowRequest[]): SlowRequest[] {
  return [...calls].sort((a, b) => b.durationMs - a.durationMs).slice(0, SLOWEST_KEPT);
}

export function countSeverities(deviations: readonly Pick<Deviation, 'severity'>[]): SeverityCounts {
  const count = (severity: Severity) => deviations.filter((d) => d.severity === severity).length;
  return { errors: count('error'), warnings: count('warning'), infos: count('info') };
}

export function failsRun(deviations: readonly Pick<Deviation, 'severity'>[], failOn: Severity): boolean {
  return deviations.some((d) => severityRank(d.severity) >= severityRank(failOn));
}

export interface ReportInput {
  readonly target: Report['target'];
  readonly source?: TrafficSource;
  readonly spec?: SpecIdentity;
  readonly node?: string;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly timings?: RunTimings;
  readonly seed: number;
  readonly runs: number;
  readonly results: readonly OperationResult[];
  /** What first contact found before the suites: the server refusing the documented header or path form. */
  readonly firstContact?: readonly Deviation[];
  readonly flows: readonly FlowResult[];
  /** Operations not called, and why (read-only, not selected). */
  readonly skipped: ReadonlyArray<{ readonly operationId: string; readonly reason: string }>;
  /** Flows not run, and why (read-only, --no-stateful). */
  readonly skippedFlows?: readonly SkippedFlow[];
  /** The operations of 4.1 the run's map places. */
  readonly mapped: readonly Operation[];
  readonly gate: GateSettings;
  readonly shard?: ShardPosition;
  readonly options?: RunShape;
  readonly warnings?: readonly string[];
  /** How the run ended; a finished run when absent. */
  readonly ending?: RunEnding;
  /** Requests that left for the server, finished operations or not: what a stopped run says it sent. */
  readonly sent?: number;
  /** --allow-unverified: unverified operations do not make the run incomplete. */
  readonly allowUnverified?: boolean;
  /** --require-records: a lookup whose records went unchecked makes the run incomplete. */
  readonly requireRecords?: boolean;
  readonly excludedChecks?: readonly ExcludedCheck[];
}

/** Whether the run stopped after its requests began and before they ended: only then do finished results undercount what was sent. */
const stoppedMidway = (ending: RunEnding | undefined): boolean => ending !== undefined && ending.kind !== 'finished' && ending.kind !== 'not-run';

/** Catalogue order: the sixteen of section 4, then those of 4.1. */
const catalogueOrder = [...operations.map((op) => op.id), ...listedOperations.map((op) => op.id)];
const byCatalogue = (a: { id: string }, b: { id: string }) => catalogueOrder.indexOf(a.id) - catalogueOrder.indexOf(b.id);
const groupIndex = (group: string) => groups.findIndex((candidate) => candidate.id === group);

/** Every operation of sections 4 and 4.1: tested, or skipped with the reason. */
function coverageOf(input: ReportInput, tested: ReadonlySet<string>): CoverageEntry[] {
  const reasonFor = (id: string) => input.skipped.find((entry) => entry.operationId === id)?.reason;
  const documented = operations.map((op) => ({ id: op.id, operation: op.path, group: op.group }));
  const listed = listedOperations.map((op) => {
    const mapped = input.mapped.find((candidate) => candidate.id === op.id);
    return { id: op.id, operation: mapped?.path ?? `(4.1) ${op.name}`, group: op.group, mapped: mapped !== undefined };
  });
  return [...documented, ...listed].map(({ id, operation, group, ...rest }) => {
    if (tested.has(id)) return { id, operation, group, status: 'tested' };
    const unmapped = 'mapped' in rest && !rest.mapped;
    const reason = reasonFor(id) ?? (unmapped ? 'not tested: path not documented (4.1); give it with --operation-map' : 'not selected (--only)');
    return { id, operation, group, status: 'skipped', reason };
  });
}

/** Every check and flow, as reports describe them (the model's rules are reported by its flows, one per set of records). */
export { type CheckInfo, checkInfos };

/** Why a check or flow did not run, by the switch that left it out. */
export const leftOutReason = (leftOutBy: '--checks' | '--exclude-checks' | undefined): string =>
  leftOutBy === '--checks' ? 'not named by --checks' : 'left out by --exclude-checks';

/** The checks and flows a run left out, as report.json lists them. */
export function excludedChecksOf(ids: readonly string[], leftOutBy: '--checks' | '--exclude-checks' | undefined): ExcludedCheck[] {
  return ids.map((id) => ({
    id,
    kind: checkInfos.some((entry) => entry.kind === 'check' && entry.id === id) ? 'check' : 'flow',
    reason: leftOutReason(leftOutBy),
  }));
}

/** An operation's answer times as report.json gives them; its slowest calls go to the run's list. */
function figuresOf({ slowest: _slowest, ...figures }: OperationLatency): LatencyFigures {
  return figures;
}

/** The report of a run, and the exit code its status calls for (see decideStatus). */
export function buildRunReport(input: ReportInput): { report: Report; exitCode: ExitCode } {
  // Sorted, not taken in the order the answers came: the same seed writes the same report.
  const results = [...input.results].sort((a, b) => byCatalogue({ id: a.operationId }, { id: b.operationId }));
  // A flow's step judged as any answer is (json-body) finds what the operation's own calls may have found: one cause, one deviation.
  const causesOfOperations = new Set(results.flatMap((result) => result.deviations.map(deviationKey)));
  const flows = [...input.flows]
    .sort((a, b) => groupIndex(a.group) - groupIndex(b.group) || a.flowId.localeCompare(b.flowId))
    .map((flow) => extend(flow, { deviations: flow.deviations.filter((deviation) => !causesOfOperations.has(deviationKey(deviation))) }));
  const firstContact = input.firstContact ?? [];
  const summaries: OperationSummary[] = results.map((result) => ({
    id: result.operationId,
    operation: result.operation,
    group: result.group,
    requests: result.exchanges,
    checks: result.evaluations,
    passed: result.passed,
    skipped: result.skipped,
    durationMs: result.durationMs,
    byCheck: result.byCheck,
    ...countSeverities([...firstContact.filter((d) => d.operationId === result.operationId), ...result.deviations]),
    ...(result.unverified === undefined ? { status: 'verified' as const } : { status: 'unverified' as const, reason: result.unverified }),
    ...(result.dataChecked === undefined ? {} : { dataChecked: result.dataChecked }),
    ...(result.recordsUnchecked === undefined ? {} : { recordsUnchecked: result.recordsUnchecked }),
    ...(result.coveragePass ? { coveragePass: result.coveragePass } : {}),
    ...(result.latency ? { latency: figuresOf(result.latency) } : {}),
  }));
  const { deviations, gate } = applyGate(
    [...firstContact, ...[...results, ...flows].flatMap((result) => result.deviations)].sort((a, b) => severityRank(b.severity) - severityRank(a.severity)),
    input.gate,
    { operations: summaries, flows },
  );
  const coverage = coverageOf(input, new Set(results.map((result) => result.operationId)));
  const sum = (pick: (s: OperationSummary) => number) => summaries.reduce((total, s) => total + pick(s), 0);
  const decision = decideStatus({
    ending: input.ending ?? { kind: 'finished' },
    gateFailures: gate.failures,
    unverified: summaries.flatMap((s) => (s.status === 'unverified' ? [{ operation: s.operation, reason: s.reason ?? '' }] : [])),
    allowUnverified: input.allowUnverified ?? false,
    recordsUnchecked: summaries.flatMap((s) => (s.recordsUnchecked === undefined ? [] : [{ operation: s.operation, reason: s.recordsUnchecked }])),
    requireRecords: input.requireRecords ?? false,
  });
  const leftOnServer = [...results, ...flows].flatMap((result) => result.leftOnServer ?? []);
  const report: Report = {
    tool: TOOL_NAME,
    version: TOOL_VERSION,
    target: input.target,
    ...(input.source ? { source: input.source } : {}),
    ...(input.spec ? { spec: input.spec } : {}),
    ...(input.node ? { node: input.node } : {}),
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    ...(input.timings ? { timings: input.timings } : {}),
    seed: input.seed,
    runs: input.runs,
    failOn: input.gate.failOn,
    status: decision.status,
    ...(decision.reason === undefined ? {} : { reason: decision.reason }),
    verdict: decision.status === 'pass' ? 'pass' : 'fail',
    gate,
    checks: checkInfos,
    summary: {
      operations: summaries.length,
      requests: sum((s) => s.requests) + flows.reduce((total, flow) => total + flow.exchanges, 0),
      checks: sum((s) => s.checks),
      passed: sum((s) => s.passed),
      skipped: sum((s) => s.skipped),
      coverageRequests: sum((s) => s.coveragePass?.requests ?? 0),
      ...(input.sent !== undefined && stoppedMidway(input.ending) ? { sent: input.sent } : {}),
      withData: summaries.filter((s) => s.dataChecked !== undefined).length,
      dataChecked: summaries.filter((s) => s.dataChecked === true).length,
      ...countSeverities(deviations),
    },
    operations: summaries,
    coverage,
    flows: flows.map(({ deviations: flowDeviations, leftOnServer: _listedBelow, ...flow }) => ({ ...flow, ...countSeverities(flowDeviations) })),
    ...(input.skippedFlows && input.skippedFlows.length > 0 ? { skippedFlows: input.skippedFlows } : {}),
    observations: results.flatMap((result) => result.observations),
    ...(leftOnServer.length > 0 ? { leftOnServer } : {}),
    deviations,
    ...(input.shard ? { shard: input.shard } : {}),
    ...(input.options ? { options: input.options } : {}),
    ...(input.warnings && input.warnings.length > 0 ? { warnings: input.warnings } : {}),
    slowestRequests: slowestRequests(results.flatMap((result) => result.latency?.slowest ?? [])),
    ...(input.excludedChecks && input.excludedChecks.length > 0 ? { excludedChecks: input.excludedChecks } : {}),
    ...(input.ending?.kind === 'max-failures'
      ? { stoppedEarly: { reason: 'max-failures', after: input.ending.after, notChecked: input.ending.notChecked } }
      : {}),
    ...(input.ending?.kind === 'not-run' && input.ending.formsTried ? { formsTried: input.ending.formsTried } : {}),
  };
  return { report, exitCode: decision.exitCode };
}

export function buildReport(input: ReportInput): Report {
  return buildRunReport(input).report;
}
