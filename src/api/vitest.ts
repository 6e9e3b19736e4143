import { flowPath } from '../engine/schedule/run-flow.js';
import { type RunConfig, resolveTypedOptions } from '../config/resolve.js';
import { KitError } from '../errors.js';
import { countsAgainst, type GatedDeviation } from '../gate/gate.js';
import type { Report } from '../report/report.js';
import { type RunOutcome, silentIo } from '../run/io.js';
import { runConformance } from '../run/run.js';
import { partToCheck } from '../run/part-flows.js';
import { type GroupVerdicts, registerGroupTests } from '../vitest-adapter/define-group-suite.js';
import type { Options } from './options.js';

export type SuiteOptions = Omit<Options, 'reportDir' | 'label' | 'maxFailures' | 'har' | 'harBodies'> & { readonly baseUrl: string; readonly token: string };

/** Where the run could not check what a test stands for: the run's own reason, which says what to fix. */
function notChecked(report: Report, what: string, reason = report.reason): Error {
  return new Error(`${what} was not checked: ${reason ?? 'the run gave no result for it'}`);
}

/**
 * The tests' verdicts, read from the report of the one run they share: an operation's test fails
 * on its deviations that fail the run (at or above failOn, not waived, new with failOnNew), and
 * where the run could not check it (the target unreachable, the token refused, the operation
 * unverified), with the run's reason.
 */
function verdictsOf(outcome: () => Promise<RunOutcome>, config: Pick<RunConfig, 'allowUnverified' | 'requireRecords' | 'failOn'>): GroupVerdicts {
  const report = async (): Promise<Report> => {
    const { report: returned } = await outcome();
    // Only --dry-run and --replay, which these options cannot carry, end a run without a report.
    if (!returned) throw new Error('runConformance returned no report for a run that is neither --dry-run nor --replay.');
    return returned;
  };
  const failing = (checked: Report, belongs: (deviation: GatedDeviation) => boolean) =>
    checked.deviations.filter((deviation) => belongs(deviation) && countsAgainst(deviation, checked.gate));
  return {
    failing: `deviations that fail the run (at or above ${config.failOn}, not waived)`,
    operation: async (operation) => {
      const checked = await report();
      const summary = checked.operations.find((entry) => entry.id === operation.id);
      if (!summary) throw notChecked(checked, operation.id);
      // A defect found fails the test whatever else could not be checked, as it fails the run.
      const found = failing(checked, (deviation) => deviation.operationId === operation.id && deviation.intent !== 'flow');
      if (found.length > 0) return found;
      if (summary.status === 'unverified' && !config.allowUnverified) {
        throw notChecked(checked, operation.id, `${summary.reason ?? 'no answer could be checked'}; allowUnverified: true accepts it`);
      }
      if (summary.recordsUnchecked !== undefined && config.requireRecords)
        throw notChecked(checked, `the records of ${operation.id}`, summary.recordsUnchecked);
      return [];
    },
    flow: async (flow) => {
      const checked = await report();
      if (!checked.flows.some((entry) => entry.flowId === flow.id)) {
        throw notChecked(checked, `flow ${flow.id}`, checked.skippedFlows?.find((skipped) => skipped.flowId === flow.id)?.reason ?? checked.reason);
      }
      return failing(checked, (deviation) => deviation.path === flowPath(flow.id));
    },
  };
}

/**
 * Registers the kit's group suites in the calling vitest test file: one test per operation and per
 * stateful flow, against the server the options name. The tests share one run, the run of
 * `otp-conformance run` with these options, in this process: the first test to start starts it,
 * and each fails on its own deviations that fail the run, or with the run's reason where it could
 * not check. Call it at the top level of a test file; nothing is written to disk.
 */
export function defineConformanceSuites(options: SuiteOptions): void {
  if (!options.baseUrl || !options.token) {
    throw new KitError('OTP_BAD_OPTION', 'defineConformanceSuites needs baseUrl and token: the server to check and the token it accepts.');
  }
  const config = resolveTypedOptions(options, options.cwd ?? process.cwd(), ['cwd']);
  if (config.maxFailures !== undefined || config.dryRun) {
    throw new KitError(
      'OTP_BAD_OPTION',
      "defineConformanceSuites registers tests for vitest to run: --max-failures and --dry-run belong to otp-conformance run; vitest's own --bail stops after failures.",
    );
  }
  if (config.har !== undefined) {
    throw new KitError('OTP_BAD_OPTION', 'defineConformanceSuites writes nothing to disk: --har belongs to otp-conformance run, which writes the exchanges.');
  }
  const part = partToCheck(config, options.baseUrl);
  let started: Promise<RunOutcome> | undefined;
  const outcome = () => (started ??= runConformance({ ...config, verbosity: 'quiet' }, silentIo(new Date()), { suites: 'in-process', writes: 'nothing' }));
  const verdicts = verdictsOf(outcome, config);
  for (const group of part.groups) {
    const ofGroup = { operations: part.operations.filter((op) => op.group === group), flows: part.flows.filter((flow) => flow.group === group) };
    registerGroupTests(group, ofGroup, verdicts);
  }
}
