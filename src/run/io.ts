import type { Report } from '../report/report.js';
import type { ProgressOutput } from '../report/progress.js';
import type { ExitCode } from '../report/status.js';
import type { SignalSource } from './run-stop.js';

export interface RunOutcome {
  readonly report?: Report;
  readonly reportFile?: string;
  readonly exitCode: ExitCode;
  /** The run was stopped with tests still running: the process has to be ended, not left to drain. */
  readonly leftRunning?: boolean;
}

export interface RunIo {
  log(line: string): void;
  /** What went wrong, for the error stream: one line, never a stack trace. */
  error(line: string): void;
  /** Where progress goes, and whether it is a terminal. */
  readonly progress: ProgressOutput;
  /** The CI job summary file to append the Markdown summary to ($GITHUB_STEP_SUMMARY). */
  readonly jobSummaryFile?: string;
  readonly now: Date;
  /** SIGINT and SIGTERM; without them nothing from outside interrupts the run. */
  readonly signals?: SignalSource;
}

/** Io for a run whose caller reads the report it returns: nothing printed, no progress, no signal heard. */
export const silentIo = (now: Date): RunIo => ({ log: () => {}, error: () => {}, progress: { tty: false, write: () => {} }, now });

/**
 * Where a run's checks run, and what it leaves on disk. The command line and run() start vitest
 * with the kit's suites (suites/) and write the report dir; a user's own vitest test file
 * (defineConformanceSuites) is already inside vitest: it runs the engine's schedule in its own
 * process, writes nothing, and reads the report the run returns.
 */
export interface RunHosting {
  /** `vitest`: the kit's suites in a vitest run of their own; `in-process`: the engine's schedule in the calling process. */
  readonly suites: 'vitest' | 'in-process';
  /** `report-dir`: the reports (and --har, the CI job summary) written; `nothing`: no file written, no summary printed. */
  readonly writes: 'report-dir' | 'nothing';
}

/** How the command line and run() host a run. */
export const standaloneRun: RunHosting = { suites: 'vitest', writes: 'report-dir' };
