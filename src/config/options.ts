import { DEFAULT_HOSTILE_RUNS, DEFAULT_RUNS } from '../engine/schedule/settings.js';
import type { RunOptions } from './run-options.js';

/**
 * The options of `otp-conformance run`: one table read by the parser, the environment and
 * .env lookup, the typed options of the library API, `--help` and the option table of
 * docs/configuration.md.
 */
export interface OptionSpec {
  readonly name: string;
  /** The option's name among the typed options (RunOptions). */
  readonly key: keyof RunOptions;
  readonly env: string;
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  /** A boolean that also takes `--no-<name>`. */
  readonly negatable?: boolean;
  readonly valueName?: string;
  readonly defaultText: string;
  readonly description: string;
}

export const runOptions: readonly OptionSpec[] = [
  {
    name: 'base-url',
    key: 'baseUrl',
    env: 'OTP_BASE_URL',
    type: 'string',
    valueName: 'URL',
    defaultText: 'the embedded reference server',
    description: 'Address the paths of section 4 are relative to. Without it the kit starts its reference server on a free loopback port.',
  },
  {
    name: 'label',
    key: 'label',
    env: 'OTP_LABEL',
    type: 'string',
    valueName: 'TEXT',
    defaultText: 'none',
    description: 'A name for the target (e.g. staging, v2.3.1), written into every report beside the base URL.',
  },
  {
    name: 'token',
    key: 'token',
    env: 'OTP_TOKEN',
    type: 'string',
    valueName: 'TOKEN',
    defaultText: 'random, with the embedded server',
    description: 'Access token sent in the authorization header. Never written to a report.',
  },
  {
    name: 'auth-scheme',
    key: 'authScheme',
    env: 'OTP_AUTH_SCHEME',
    type: 'string',
    valueName: 'SCHEME',
    defaultText: 'bearer-no-space',
    description:
      'bearer-no-space sends `bearer<TOKEN>` as section 5 documents; bearer-space sends `Bearer <TOKEN>`, bearer-lowercase-space `bearer <TOKEN>`, api-key the token alone. The documented form is tried first whatever this says: a server that refuses it still fails.',
  },
  {
    name: 'path-form',
    key: 'pathForm',
    env: 'OTP_PATH_FORM',
    type: 'string',
    valueName: 'FORM',
    defaultText: 'documented',
    description:
      'documented sends paths under /pc and /auth with the doubled slash section 4 writes (//pc/…); single-slash sends /pc/…. The documented form is tried first whatever this says: a server that refuses it still fails.',
  },
  {
    name: 'ca-file',
    key: 'caFile',
    env: 'OTP_CA_FILE',
    type: 'string',
    valueName: 'FILE',
    defaultText: "Node's CA roots (and NODE_EXTRA_CA_CERTS)",
    description: 'PEM file of the CA certificates the server certificate is signed by (a private or self-signed CA), trusted beside the usual roots.',
  },
  {
    name: 'insecure',
    key: 'insecure',
    env: 'OTP_INSECURE',
    type: 'boolean',
    defaultText: 'off',
    description:
      'Do not verify the server certificate. Anyone on the path could read the token: a loud warning goes to the console and the report; prefer --ca-file.',
  },
  {
    name: 'proxy',
    key: 'proxy',
    env: 'OTP_PROXY',
    type: 'string',
    valueName: 'URL',
    defaultText: 'HTTPS_PROXY / HTTP_PROXY, except hosts in NO_PROXY',
    description: 'HTTP(S) proxy every request goes through (CONNECT tunnel), e.g. http://user:password@proxy:3128; NO_PROXY still applies.',
  },
  {
    name: 'header',
    key: 'headers',
    env: 'OTP_HEADERS',
    type: 'string',
    multiple: true,
    valueName: "'NAME: VALUE'",
    defaultText: 'none',
    description:
      'A header sent on every request (an API gateway key, a tenant); repeat for more (OTP_HEADERS: one per line). Values are secrets: never written anywhere.',
  },
  {
    name: 'runs',
    key: 'runs',
    env: 'OTP_RUNS',
    type: 'string',
    valueName: 'N',
    defaultText: String(DEFAULT_RUNS),
    description:
      'Generated payloads per operation. --runs 1 is the quick pass: one valid call per operation, and no hostile payloads, coverage pass, auth probes or flows unless their options ask for them.',
  },
  {
    name: 'operation-map',
    key: 'operationMap',
    env: 'OTP_OPERATION_MAP',
    type: 'string',
    valueName: 'FILE',
    defaultText: "the reference server's, with the embedded server",
    description: 'Paths (and body templates) of the operations section 4.1 lists without one, and the token operation (schemas/operation-map.schema.json).',
  },
  {
    name: 'hostile-runs',
    key: 'hostileRuns',
    env: 'OTP_HOSTILE_RUNS',
    type: 'string',
    valueName: 'N',
    defaultText: `${DEFAULT_HOSTILE_RUNS} (0 with --runs 1)`,
    description:
      'Invalid and hostile payloads per operation (wrong types, boundary numbers, long and unicode strings, injection strings, broken JSON); 0 sends none.',
  },
  {
    name: 'coverage',
    key: 'coverage',
    env: 'OTP_COVERAGE',
    type: 'boolean',
    negatable: true,
    defaultText: 'on (off with --runs 1)',
    description:
      'Before the generated payloads, send every input class (boundary numbers, decimals, hard strings, null, absence, wrong types, __proto__ and duplicate keys) to every request field, the same on every run, and walk the pages of every list; --no-coverage turns it off.',
  },
  {
    name: 'walk-pages',
    key: 'walkPages',
    env: 'OTP_WALK_PAGES',
    type: 'string',
    valueName: 'N',
    defaultText: '50',
    description: 'The page walk reads at most N pages of each list operation.',
  },
  {
    name: 'walk-records',
    key: 'walkRecords',
    env: 'OTP_WALK_RECORDS',
    type: 'string',
    valueName: 'N',
    defaultText: '2000',
    description: 'The page walk reads at most N records of each list operation (its page size is N divided by --walk-pages).',
  },
  {
    name: 'auth-probes',
    key: 'authProbes',
    env: 'OTP_AUTH_PROBES',
    type: 'boolean',
    negatable: true,
    defaultText: 'on (off with --runs 1)',
    description:
      'Call each operation without a token, with a wrong one, with the token written other ways, and with the cookies a sign-in sets or a renewed token in its place (section 5); --no-auth-probes turns them off.',
  },
  {
    name: 'http-probes',
    key: 'httpProbes',
    env: 'OTP_HTTP_PROBES',
    type: 'boolean',
    negatable: true,
    defaultText: 'on (off with --runs 1)',
    description:
      "Send each operation's first valid call again in the forms HTTP gives every client: on a connection kept open with a TRACE and a HEAD after it, in HTTP/1.0, with a precondition of the validators its answer gave, with its field names in title case, with another writing of its media type, with Expect: 100-continue, with its content in chunks, with a Range, pipelined, and as a GET with its payload in the query; --no-http-probes turns them off.",
  },
  {
    name: 'stateful',
    key: 'stateful',
    env: 'OTP_STATEFUL',
    type: 'boolean',
    negatable: true,
    defaultText: 'on (off with --read-only or --runs 1)',
    description:
      'Run the flows that create, list and delete records and check the server remembers them (warnings), against any server; --no-stateful turns them off.',
  },
  {
    name: 'read-only',
    key: 'readOnly',
    env: 'OTP_READ_ONLY',
    type: 'boolean',
    defaultText: 'off',
    description:
      'Send nothing that changes state: skip every operation that creates, edits or deletes, and the flows; the report lists what was skipped. Without it a run creates and deletes records.',
  },
  {
    name: 'rate',
    key: 'rate',
    env: 'OTP_RATE',
    type: 'string',
    valueName: 'N',
    defaultText: 'no cap',
    description: 'At most N requests begin per second, across the whole run. A 429 is retried after Retry-After, twice at most, waiting 5 s at most.',
  },
  {
    name: 'max-time',
    key: 'maxTime',
    env: 'OTP_MAX_TIME',
    type: 'string',
    valueName: 'DURATION',
    defaultText: 'no limit',
    description: 'Bounds the whole run, e.g. 90s, 10m, 1h: when it runs out the run stops, is marked incomplete (exit 3) and its report is written.',
  },
  {
    name: 'seed',
    key: 'seed',
    env: 'OTP_SEED',
    type: 'string',
    valueName: 'N',
    defaultText: 'random, printed in every report',
    description: 'Seed of the payload generators; the same seed sends the same payloads.',
  },
  {
    name: 'only',
    key: 'only',
    env: 'OTP_ONLY',
    type: 'string',
    multiple: true,
    valueName: 'GROUP|PATH',
    defaultText: 'every operation',
    description: 'Run one group (e.g. custom-demand), one operation by documented path or id; repeat or comma-separate for more.',
  },
  {
    name: 'checks',
    key: 'checks',
    env: 'OTP_CHECKS',
    type: 'string',
    multiple: true,
    valueName: 'ID[,ID…]',
    defaultText: 'every check and flow',
    description:
      'Run only these checks and flows (ids as `list` prints them); repeat or comma-separate. response-received and operation-verified always run. The reports list every check left out.',
  },
  {
    name: 'exclude-checks',
    key: 'excludeChecks',
    env: 'OTP_EXCLUDE_CHECKS',
    type: 'string',
    multiple: true,
    valueName: 'ID[,ID…]',
    defaultText: 'none',
    description:
      'Run every check and flow but these; repeat or comma-separate. response-received and operation-verified cannot be left out. The reports list what was left out.',
  },
  {
    name: 'max-failures',
    key: 'maxFailures',
    env: 'OTP_MAX_FAILURES',
    type: 'string',
    valueName: 'N',
    defaultText: 'no limit',
    description:
      'Stop the run once N causes that fail it have been found: nothing more is sent, the report of what finished is written, marked as stopped early, and the run fails (exit 1).',
  },
  {
    name: 'dry-run',
    key: 'dryRun',
    env: 'OTP_DRY_RUN',
    type: 'boolean',
    defaultText: 'off',
    description:
      'Print what a run with these options would do (operations, requests per phase, flows, seed, checks) and send nothing: no server is started or contacted and no report is written.',
  },
  {
    name: 'timeout',
    key: 'timeoutMs',
    env: 'OTP_TIMEOUT_MS',
    type: 'string',
    valueName: 'MS',
    defaultText: '10000',
    description: 'Time allowed per request, from sending to the last byte of the body.',
  },
  {
    name: 'concurrency',
    key: 'concurrency',
    env: 'OTP_CONCURRENCY',
    type: 'string',
    valueName: 'N',
    defaultText: '8',
    description: 'Requests in flight at once, for the whole run: one pool serves every operation, probe and flow; 1 sends one request at a time.',
  },
  {
    name: 'max-body',
    key: 'maxBodyBytes',
    env: 'OTP_MAX_BODY_BYTES',
    type: 'string',
    valueName: 'BYTES',
    defaultText: '5242880 (5 MiB)',
    description: 'Response bodies longer than this are cut and reported.',
  },
  {
    name: 'report-dir',
    key: 'reportDir',
    env: 'OTP_REPORT_DIR',
    type: 'string',
    valueName: 'DIR',
    defaultText: 'reports',
    description: 'Where report.json is written.',
  },
  {
    name: 'shard',
    key: 'shard',
    env: 'OTP_SHARD',
    type: 'string',
    valueName: 'I/N',
    defaultText: 'the whole run',
    description: 'Run the I-th of N parts of the groups (consecutive groups of section 1), e.g. on N CI machines; join the reports with otp-conformance merge.',
  },
  {
    name: 'replay',
    key: 'replay',
    env: 'OTP_REPLAY',
    type: 'string',
    valueName: 'ID:PATH',
    defaultText: 'none',
    description: "Re-send exactly one call of a report, e.g. --seed 42 --replay alpha-orders-list:hostile:3:0:1 (a deviation's replay field), and judge it.",
  },
  {
    name: 'har',
    key: 'har',
    env: 'OTP_HAR',
    type: 'string',
    valueName: 'FILE',
    defaultText: 'none',
    description:
      'Also write every exchange of the suites as HAR 1.2, for a browser or proxy tool: redacted like the reports, each body cut to its first 2048 characters with a note (--har-bodies whole keeps them whole).',
  },
  {
    name: 'har-bodies',
    key: 'harBodies',
    env: 'OTP_HAR_BODIES',
    type: 'string',
    valueName: 'excerpt|whole',
    defaultText: 'excerpt',
    description: 'With --har: whole keeps every body whole, redacted all the same, so that otp-conformance check judges the HAR as the run judged its answers.',
  },
  {
    name: 'baseline',
    key: 'baseline',
    env: 'OTP_BASELINE',
    type: 'string',
    valueName: 'FILE',
    defaultText: 'none',
    description: 'An earlier report.json: deviations are marked new or still present, and those it had that are gone are listed as fixed.',
  },
  {
    name: 'fail-on-new',
    key: 'failOnNew',
    env: 'OTP_FAIL_ON_NEW',
    type: 'boolean',
    defaultText: 'off',
    description: 'With --baseline, only deviations absent from the baseline fail the run.',
  },
  {
    name: 'waivers',
    key: 'waivers',
    env: 'OTP_WAIVERS',
    type: 'string',
    valueName: 'FILE',
    defaultText: 'none',
    description: 'Accepted deviations (schemas/waivers.schema.json): shown as waived, they do not fail the run; an expired waiver does.',
  },
  {
    name: 'allow-unverified',
    key: 'allowUnverified',
    env: 'OTP_ALLOW_UNVERIFIED',
    type: 'boolean',
    defaultText: 'off',
    description:
      'Operations whose answers could not be checked (no answer, or the token refused) are still listed as unverified, but do not make the run incomplete.',
  },
  {
    name: 'require-records',
    key: 'requireRecords',
    env: 'OTP_REQUIRE_RECORDS',
    type: 'boolean',
    defaultText: 'off',
    description:
      'A lookup by id whose records went unchecked (no id learnt from the server, every answer an error result to a guessed id) makes the run incomplete (exit 3); without it such a run passes and its headline names those lookups.',
  },
  {
    name: 'quiet',
    key: 'quiet',
    env: 'OTP_QUIET',
    type: 'boolean',
    defaultText: 'off',
    description: 'Print only the verdict line and where the reports are.',
  },
  {
    name: 'verbose',
    key: 'verbose',
    env: 'OTP_VERBOSE',
    type: 'boolean',
    defaultText: 'off',
    description: 'Print every deviation in full, not the first five.',
  },
  {
    name: 'fail-on',
    key: 'failOn',
    env: 'OTP_FAIL_ON',
    type: 'string',
    valueName: 'LEVEL',
    defaultText: 'error',
    description: 'Exit 1 when a deviation is at or above this severity: error or warning.',
  },
];

/** The options of run as `parseArgs` takes them: each of the table, and `--no-<name>` of those that take it. */
export function runParseOptions(): Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> {
  return Object.fromEntries(
    runOptions.flatMap((spec) => [
      [spec.name, { type: spec.type, ...(spec.multiple ? { multiple: true } : {}) }],
      ...(spec.negatable ? [[`no-${spec.name}`, { type: 'boolean' }]] : []),
    ]),
  );
}

/** What each option of run that takes a value takes (`timeout: 'MS'`), for a message that shows how to write it. */
export const runValueNames: Readonly<Record<string, string>> = Object.fromEntries(
  runOptions.flatMap((spec): [string, string][] => (spec.valueName === undefined ? [] : [[spec.name, spec.valueName]])),
);
