import type { RunOptions } from '../config/run-options.js';

/**
 * What a run from code takes: every option of `otp-conformance run` but those that print instead
 * of writing a report (--dry-run, --replay) or shape the console (--quiet, --verbose), typed and
 * named as in JavaScript (see RunOptions). The environment is not read (OTP_* variables are the
 * command line's business); a .env file in `cwd` is.
 */
export interface Options extends Omit<RunOptions, 'dryRun' | 'replay' | 'quiet' | 'verbose'> {
  /** Where relative paths and .env are read from (default: the process's working directory). */
  readonly cwd?: string;
}
