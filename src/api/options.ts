import type { Severity } from '../checks/types.js';

/**
 * What a run from code takes: the options of `otp-conformance run`, named as in JavaScript. The
 * environment is not read (OTP_* variables are the command line's business); a .env file in `cwd` is.
 */
export interface Options {
  /** The server to check; without it the embedded reference server is started and checked. */
  readonly baseUrl?: string;
  /** Sent as `authorization: bearer<TOKEN>`; required with baseUrl unless the operation map names a token operation. */
  readonly token?: string;
  /** The seed of the generated payloads; a report prints it, so a run can be repeated. */
  readonly seed?: number;
  /** Generated valid payloads per operation. */
  readonly runs?: number;
  /** Generated hostile payloads per operation. */
  readonly hostileRuns?: number;
  /** Operation ids, paths or groups to check (--only). */
  readonly only?: readonly string[];
  /** Check and flow ids to run, and no other (--checks); response-received and operation-verified always run. */
  readonly checks?: readonly string[];
  /** Check and flow ids to leave out (--exclude-checks); not with `checks`. */
  readonly excludeChecks?: readonly string[];
  /** Stop once this many causes that fail the run are found (--max-failures); the report says it stopped early. */
  readonly maxFailures?: number;
  /** Lowest severity that fails the run. */
  readonly failOn?: Extract<Severity, 'error' | 'warning'>;
  /** Send nothing that changes state. */
  readonly readOnly?: boolean;
  /** Where report.json, junit.xml, summary.md and report.html go (default: reports/ under cwd). */
  readonly reportDir?: string;
  /** A name for the target, written into the reports. */
  readonly label?: string;
  /** Any other option of `otp-conformance run`, as on its command line, e.g. ['--timeout', '5000']. */
  readonly args?: readonly string[];
  /** Where relative paths and .env are read from (default: the process's working directory). */
  readonly cwd?: string;
}

/** The command line the options stand for: the one parser of the CLI reads both. */
export function argvOf(options: Options): string[] {
  const argv: string[] = [];
  const add = (name: string, value: string | number | undefined) => {
    if (value !== undefined) argv.push(`--${name}`, String(value));
  };
  add('base-url', options.baseUrl);
  add('token', options.token);
  add('seed', options.seed);
  add('runs', options.runs);
  add('hostile-runs', options.hostileRuns);
  add('only', options.only?.join(','));
  add('checks', options.checks?.join(','));
  // Leaving out none is every check; running none is a mistake --checks refuses.
  add('exclude-checks', options.excludeChecks?.length ? options.excludeChecks.join(',') : undefined);
  add('max-failures', options.maxFailures);
  add('fail-on', options.failOn);
  add('report-dir', options.reportDir);
  add('label', options.label);
  if (options.readOnly) argv.push('--read-only');
  return [...argv, ...(options.args ?? [])];
}
