import { listedOperations } from '../catalogue/listed-operations.js';
import { type Operation, operations } from '../catalogue/operations.js';
import type { Redactor } from '../redaction/redactor.js';
import { notRunLine, summaryText, type Verbosity } from '../report/console.js';
import { buildRunReport, type Report, type TrafficOrigin } from '../report/report.js';
import type { ExitCode, RunEnding } from '../report/status.js';
import { shippedSpec } from '../report/tested.js';
import { writeReports, type WrittenReports } from '../report/write.js';
import type { TrafficJudge } from '../traffic/traffic-judge.js';

export interface TrafficReportInput {
  readonly judge: TrafficJudge;
  readonly origin: TrafficOrigin;
  /** The server the traffic went to, as the report's target names it. */
  readonly baseUrl: string;
  /** The operations of 4.1 the operation map placed. */
  readonly mapped: readonly Operation[];
  readonly startedAt: Date;
  /** How the session ended; a session that judged nothing is `not-run`, whatever this says, unless it was interrupted. */
  readonly ending: RunEnding;
  /** Why nothing was seen, in the words of the command: what to do about it. */
  readonly nothingSeen: string;
  readonly allowUnverified: boolean;
  readonly redactor: Redactor;
}

/** A session that judged no exchange checked nothing: not-run, saying why, unless a stop or a failure says more. */
function endingOf(input: TrafficReportInput): RunEnding {
  const seen = input.judge.seen();
  if (input.ending.kind !== 'finished' && input.ending.kind !== 'out-of-time') return input.ending;
  if (seen.exchanges === 0) return { kind: 'not-run', reason: input.nothingSeen };
  if (seen.judged === 0) {
    const shown = seen.unknown
      .slice(0, 3)
      .map((path) => `${path.method} ${path.path}`)
      .join(', ');
    return {
      kind: 'not-run',
      reason: `none of the ${seen.exchanges} exchanges was at a path of the spec (${shown}${seen.unknown.length > 3 ? ', …' : ''}): check that the client calls the API's paths relative to the base URL, and give the paths of 4.1 with --operation-map`,
    };
  }
  return input.ending;
}

/**
 * The report of a session of traffic, as a run's report is made (buildRunReport: the same statuses,
 * the same exit codes), with where the exchanges came from; redacted whole before it is returned.
 */
export function trafficReport(input: TrafficReportInput): { report: Report; exitCode: ExitCode } {
  const results = input.judge.results();
  const seenIds = new Set(results.map((result) => result.operationId));
  const notSeen = [...operations, ...input.mapped].filter((operation) => !seenIds.has(operation.id));
  const unmapped = listedOperations.filter((listed) => !input.mapped.some((operation) => operation.id === listed.id) && !seenIds.has(listed.id));
  const { report, exitCode } = buildRunReport({
    target: { baseUrl: input.baseUrl, embedded: false, authScheme: 'bearer-no-space' },
    source: { ...input.origin, ...input.judge.seen() },
    spec: shippedSpec(),
    node: process.version,
    startedAt: input.startedAt,
    durationMs: Date.now() - input.startedAt.getTime(),
    seed: 0,
    runs: 0,
    results,
    flows: [],
    skipped: [
      ...notSeen.map((operation) => ({ operationId: operation.id, reason: 'not in the traffic' })),
      ...unmapped.map((listed) => ({
        operationId: listed.id,
        reason: 'not in the traffic; its path is not documented (4.1): give it with --operation-map to match it',
      })),
    ],
    mapped: input.mapped,
    gate: { failOn: 'error', failOnNew: false, baseline: undefined, baselineFile: undefined, waivers: [], waiversFile: undefined, now: input.startedAt },
    ending: endingOf(input),
    allowUnverified: input.allowUnverified,
  });
  // The last net, as a run's: whatever reached the report, keys and values, is redacted before it is written or printed.
  return { report: input.redactor.deep(report), exitCode };
}

/** Writes the four reports and returns the closing text the console prints, and the line for stderr when nothing was judged. */
export async function writeTrafficReport(
  report: Report,
  reportDir: string,
  verbosity: Verbosity,
): Promise<{ files: WrittenReports; text: string; notRun: string | undefined }> {
  const files = await writeReports(report, reportDir);
  return { files, text: summaryText(report, files, verbosity), notRun: notRunLine(report) };
}
