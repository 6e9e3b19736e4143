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
