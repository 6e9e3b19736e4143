import { type Deviation, deviationKey } from '../engine/judging/deviation.js';
import type { CheckTally } from '../engine/judging/judge.js';
import { readReportFile } from './report-file.js';

/** A deviation of the baseline that this run no longer shows, or could not have shown. */
export interface FixedDeviation {
  readonly severity: Deviation['severity'];
  readonly operation: string;
  readonly check: string;
  readonly instancePath: string;
}

/**
 * The deviations of an earlier report.json, by key: operation + check + instancePath (list indexes
 * folded), never by message text, so rewording a message changes nothing. The file is checked
 * against schemas/report-baseline.schema.json first.
 */
export function readBaseline(file: string): Map<string, Deviation> {
  const report = readReportFile(file, 'report-baseline.schema.json', {
    option: '--baseline ',
    code: 'OTP_BAD_BASELINE',
    fix: 'give the report.json of an earlier run (after merge, for a sharded one).',
  }) as { deviations: Deviation[] };
  return new Map(report.deviations.map((deviation) => [deviationKey(deviation), deviation]));
}

/** What a run shows of where a check ran: per operation (by documented path) and per flow. */
export interface RunObservations {
  readonly operations: ReadonlyArray<{ readonly operation: string; readonly byCheck: Readonly<Record<string, CheckTally>> }>;
  readonly flows: ReadonlyArray<{ readonly flowId: string; readonly operations: readonly string[]; readonly completed: boolean }>;
}

/**
 * A baseline deviation absent from this run is fixed only if this run could have shown it: its
 * check ran on its operation and passed there at least once (the per-operation tallies say so),
 * or, for a flow, the flow ran to its verdict. Otherwise it is unobserved — not run, in another
 * part of a sharded run, or never answered — and claims nothing.
 */
export function wasObserved(deviation: Pick<Deviation, 'operation' | 'check'>, run: RunObservations): boolean {
  const flow = run.flows.find((candidate) => candidate.flowId === deviation.check);
  if (flow) return flow.completed;
  return run.operations.some((summary) => summary.operation === deviation.operation && (summary.byCheck[deviation.check]?.passed ?? 0) > 0);
}
