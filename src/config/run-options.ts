import type { Severity } from '../checks/types.js';
import type { AuthScheme } from '../client/auth.js';
import type { PathForm } from '../client/target.js';
import type { HarBodies } from '../engine/schedule/exchange-log.js';

/**
 * The options of a run, typed: what `otp-conformance run` takes on its command line, named as in
 * JavaScript. Each field is one row of the option table (src/config/options.ts, its `key`), where
 * its default and meaning are given once; the command line and the library API both resolve
 * these, with the same rules and the same messages.
 */
export interface RunOptions {
  /** --base-url: the server to check; without it the embedded reference server is started and checked. */
  readonly baseUrl?: string;
  /** --label: a name for the target, written into the reports. */
  readonly label?: string;
  /** --token: sent as `authorization: bearer<TOKEN>`; required with baseUrl unless the operation map names a token operation. */
  readonly token?: string;
  /** --auth-scheme: how the token is written once the documented form is refused. */
  readonly authScheme?: AuthScheme;
  /** --path-form: how paths under /pc and /auth are written once the documented form is refused. */
  readonly pathForm?: PathForm;
  /** --ca-file: PEM file of the CA the server certificate is signed by. */
  readonly caFile?: string;
  /** --insecure: do not verify the server certificate. */
  readonly insecure?: boolean;
  /** --proxy: the HTTP(S) proxy every request goes through. */
  readonly proxy?: string;
  /** --header: headers sent on every request, each `NAME: VALUE`; their values are secrets. */
  readonly headers?: readonly string[];
  /** --runs: generated valid payloads per operation; 1 is the quick pass. */
  readonly runs?: number;
  /** --operation-map: the file that places the operations of 4.1 and the token operation. */
  readonly operationMap?: string;
  /** --hostile-runs: generated hostile payloads per operation. */
  readonly hostileRuns?: number;
  /** --coverage: the coverage pass and the page walk. */
  readonly coverage?: boolean;
  /** --walk-pages: the most pages the page walk reads of each list. */
  readonly walkPages?: number;
  /** --walk-records: the most records the page walk reads of each list. */
  readonly walkRecords?: number;
  /** --auth-probes: calls without the token, with a wrong one, and the token written other ways. */
  readonly authProbes?: boolean;
  /** --http-probes: each operation's first valid call again in the other forms HTTP gives a client. */
  readonly httpProbes?: boolean;
  /** --stateful: the flows that create, list and delete records. */
  readonly stateful?: boolean;
  /** --read-only: send nothing that changes state. */
  readonly readOnly?: boolean;
  /** --rate: at most this many requests begin per second. */
  readonly rate?: number;
  /** --max-time: the whole run's bound, e.g. `90s`, `10m`. */
  readonly maxTime?: string;
  /** --seed: the seed of the generated payloads; a report prints it, so a run can be repeated. */
  readonly seed?: number;
  /** --only: operation ids, paths or groups to check. */
  readonly only?: readonly string[];
  /** --checks: the check and flow ids to run, and no other. */
  readonly checks?: readonly string[];
  /** --exclude-checks: the check and flow ids to leave out. */
  readonly excludeChecks?: readonly string[];
  /** --max-failures: stop once this many causes that fail the run are found. */
  readonly maxFailures?: number;
  /** --dry-run: print the plan and send nothing. */
  readonly dryRun?: boolean;
  /** --timeout: time allowed per request, in milliseconds. */
  readonly timeoutMs?: number;
  /** --concurrency: requests in flight at once, for the whole run. */
  readonly concurrency?: number;
  /** --max-body: response bodies longer than this many bytes are cut and reported. */
  readonly maxBodyBytes?: number;
  /** --report-dir: where report.json, junit.xml, summary.md and report.html go. */
  readonly reportDir?: string;
  /** --shard: `I/N`, the I-th of N parts of the groups. */
  readonly shard?: string;
  /** --replay: re-send one call of a report (`ID:PATH`) instead of a run. */
  readonly replay?: string;
  /** --har: also write every exchange as HAR 1.2 to this file. */
  readonly har?: string;
  /** --har-bodies: with har, `whole` keeps every body whole (redacted), `excerpt` cuts each to 2048 characters. */
  readonly harBodies?: HarBodies;
  /** --baseline: an earlier report.json to mark deviations new, still present or fixed. */
  readonly baseline?: string;
  /** --fail-on-new: with baseline, only deviations absent from it fail the run. */
  readonly failOnNew?: boolean;
  /** --waivers: a file of accepted deviations. */
  readonly waivers?: string;
  /** --allow-unverified: unverified operations do not make the run incomplete. */
  readonly allowUnverified?: boolean;
  /** --require-records: a lookup by id whose records went unchecked makes the run incomplete. */
  readonly requireRecords?: boolean;
  /** --quiet: print only the verdict line and where the reports are. */
  readonly quiet?: boolean;
  /** --verbose: print every deviation in full. */
  readonly verbose?: boolean;
  /** --fail-on: the lowest severity that fails the run. */
  readonly failOn?: Extract<Severity, 'error' | 'warning'>;
}

/** The value of one typed option as the option table's text reads it: a list comma-joined (none: not given), a number or flag written out. */
export function optionText(value: RunOptions[keyof RunOptions]): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value.length > 0 ? value.join(',') : undefined;
}
