import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import dotenv from 'dotenv';
import { groups } from '../catalogue/groups.js';
import { findListedOperation } from '../catalogue/listed-operations.js';
import type { OperationMap } from '../catalogue/operation-map.js';
import { readOperationMap } from '../validation/operation-map-file.js';
import { operations } from '../catalogue/operations.js';
import { referenceOperationMapFile } from '../reference/map-file.js';
import type { Severity } from '../checks/types.js';
import { type AuthScheme, authSchemes } from '../client/auth.js';
import { displayUrl, parseBaseUrl, type PathForm, pathForms } from '../client/target.js';
import { randomSeed } from '../engine/schedule/seed.js';
import { DEFAULT_HOSTILE_RUNS, DEFAULT_RUNS, type RunSettings } from '../engine/schedule/settings.js';
import { type HarBodies, harBodyForms } from '../engine/schedule/exchange-log.js';
import { DEFAULT_WALK_PAGES, DEFAULT_WALK_RECORDS } from '../generators/coverage/pages.js';
import { KitError } from '../errors.js';
import { TOOL_NAME } from '../version.js';
import { type CommandSpec, parseCommandLine } from './command-line.js';
import { nearestName } from './nearest-name.js';
import { type OptionSpec, runOptions, runParseOptions, runValueNames } from './options.js';
import { optionText, type RunOptions } from './run-options.js';
import { type LeftOutBy, resolveCheckSelection } from './check-selection.js';
import { placedOperations } from './mapped.js';
import { checkReportDir } from './report-dir.js';
import { checkToken, resolveTransport } from './transport.js';

export interface RunConfig extends Omit<RunSettings, 'baseUrl' | 'token' | 'mapped' | 'mappedFlows' | 'tokenSource' | 'secrets'> {
  /** The operation map in force: --operation-map, or the reference server's own with the embedded server. */
  readonly operationMap: { readonly file: string; readonly map: OperationMap } | undefined;
  /** Environment and .env, for the map's `${NAME}` placeholders. */
  readonly variables: Readonly<Record<string, string>>;
  /** Undefined: start the embedded reference server. */
  readonly baseUrl: string | undefined;
  readonly token: string | undefined;
  /** --label: a name for the target, for the reports. */
  readonly label: string | undefined;
  readonly reportDir: string;
  /** Operations selected but not called, with the reason. */
  readonly skipped: ReadonlyArray<{ readonly operationId: string; readonly reason: string }>;
  /** `<operation id>:<path>` of one call to re-send, instead of a run. */
  readonly replay: string | undefined;
  readonly baseline: string | undefined;
  readonly failOnNew: boolean;
  readonly waivers: string | undefined;
  readonly verbosity: 'quiet' | 'normal' | 'verbose';
  /** `I/N`: this run is the I-th of N parts. */
  readonly shard: string | undefined;
  /** Secrets the options carry: --header values, passwords in the base URL and proxy URLs. */
  readonly optionSecrets: readonly string[];
  /** Said loudly before the run and recorded in the report (--insecure). */
  readonly warnings: readonly string[];
  /** --ca-file as given, for the report. */
  readonly caFile: string | undefined;
  /** --max-time: the whole run's bound, as given and in ms; undefined: none. */
  readonly maxTime: { readonly text: string; readonly ms: number } | undefined;
  /** --allow-unverified: unverified operations do not make the run incomplete. */
  readonly allowUnverified: boolean;
  /** --require-records: a lookup by id whose records went unchecked makes the run incomplete. */
  readonly requireRecords: boolean;
  /** --har: where the HAR file of the run's exchanges goes (absolute); undefined: none. */
  readonly har: string | undefined;
  /** Ids of the checks and flows --checks or --exclude-checks leave out. */
  readonly excludedChecks: readonly string[];
  /** Which of the two left them out; undefined when every check runs. */
  readonly checksLeftOutBy: LeftOutBy | undefined;
  /** --max-failures: the run stops once this many causes that fail it are found; undefined: no limit. */
  readonly maxFailures: number | undefined;
  /** --dry-run: print the plan, send nothing, write nothing. */
  readonly dryRun: boolean;
}

type Source = (name: string) => string | undefined;

function badOption(message: string): KitError {
  return new KitError('OTP_BAD_OPTION', message);
}

export function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badOption(`--${name} ${JSON.stringify(text)} is not a whole number from ${min} to ${max}; e.g. --${name} ${Math.min(25, max)}.`);
  }
  return value;
}

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

const isDurationUnit = (unit: string): unit is keyof typeof DURATION_UNITS_MS => Object.hasOwn(DURATION_UNITS_MS, unit);

/** `90s`, `10m`, `1h`, `500ms`; a bare number is seconds. */
export function duration(name: string, text: string): { text: string; ms: number } {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim());
  const unit = match?.[2] ?? 's';
  const ms = match && isDurationUnit(unit) ? Math.round(Number(match[1]) * DURATION_UNITS_MS[unit]) : NaN;
  if (!match || !(ms >= 1) || ms > 7 * 24 * 3_600_000) {
    throw badOption(`--${name} ${JSON.stringify(text)} is not a duration up to a week; write it like 90s, 10m or 1h.`);
  }
  return { text: text.trim(), ms };
}

const positiveInteger = (name: string, text: string, max: number) => wholeNumber(name, text, 1, max);

function flag(name: string, text: string | undefined, fallback: boolean): boolean {
  if (text === undefined) return fallback;
  if (/^(?:1|true|yes|on)$/i.test(text)) return true;
  if (/^(?:0|false|no|off)$/i.test(text)) return false;
  throw badOption(`${name} ${JSON.stringify(text)} is not a yes or no; use true or false.`);
}

function oneOf<T extends string>(name: string, text: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(text)) {
    throw badOption(`--${name} ${JSON.stringify(text)} is not known; use one of: ${allowed.join(', ')}.`);
  }
  return text as T;
}

/**
 * Options given together (on the command line, in the environment or .env) that cannot both hold:
 * refused, naming both and the one to drop, rather than one of them silently winning.
 */
function refuseContradictions({ readOnly, source, givenAs }: { readOnly: boolean; source: Source; givenAs: (name: string) => string }): void {
  if (readOnly && flag('--stateful', source('stateful'), false)) {
    throw badOption(
      `${givenAs('read-only')} and ${givenAs('stateful')} contradict each other: the flows create and delete records, and read-only sends nothing that changes state; drop ${givenAs('stateful')}, or ${givenAs('read-only')} to run the flows.`,
    );
  }
  const walk = ['walk-pages', 'walk-records'].find((name) => source(name) !== undefined);
  if (walk !== undefined && !flag('--coverage', source('coverage'), true)) {
    throw badOption(
      `${givenAs('coverage')} and ${givenAs(walk)} contradict each other: the page walk is part of the coverage pass, which ${givenAs('coverage')} turns off; drop ${givenAs(walk)}, or ${givenAs('coverage')} to walk the pages.`,
    );
  }
  if (source('ca-file') !== undefined && flag('--insecure', source('insecure'), false)) {
    throw badOption(
      `${givenAs('insecure')} and ${givenAs('ca-file')} contradict each other: --ca-file verifies the server certificate against that CA, --insecure verifies nothing; drop ${givenAs('insecure')}.`,
    );
  }
}

/** The HAR file --har names, refused where it is a folder. */
function harFile(harText: string, cwd: string): string {
  const har = resolve(cwd, harText);
  if (existsSync(har) && statSync(har).isDirectory()) {
    throw badOption(`--har ${harText} is a folder; give the file to write, e.g. --har ${join(harText, 'run.har')}.`);
  }
  return har;
}

/** What `--only` can pick from: the documented operations and those an operation map places. */
export interface Selectable {
  readonly id: string;
  readonly group: string;
  readonly path: string;
  readonly mutates: boolean;
}

/** `--only` terms: a group id, a path or an operation id. Returns the selected ids, in catalogue order. */
export function selectOperations(terms: readonly string[], mapped: readonly Selectable[] = []): string[] {
  return selectedOperations(terms, mapped).map((op) => op.id);
}

/** The operations `--only` selects, in catalogue order. */
function selectedOperations(terms: readonly string[], mapped: readonly Selectable[]): Selectable[] {
  const candidates: Selectable[] = [...operations, ...mapped];
  if (terms.length === 0) return candidates;
  const selected = new Set<string>();
  for (const term of terms) {
    const matches = candidates.filter((op) => op.group === term || op.path === term || op.id === term);
    if (matches.length === 0) {
      const group = groups.find((g) => g.id === term);
      const listed = findListedOperation(term);
      throw badOption(
        group || listed
          ? `--only ${term}: ${group ? `the group "${group.title}" has no operation with a path` : `"${term}" has no path`}: 4.1 lists it without one; give its path with --operation-map.`
          : `--only ${JSON.stringify(term)} names no group, path or operation id; groups: ${groups.map((g) => g.id).join(', ')}.`,
      );
    }
    for (const match of matches) selected.add(match.id);
  }
  return candidates.filter((op) => selected.has(op.id));
}

function definedEntries(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function readDotenv(cwd: string): Record<string, string> {
  const file = join(cwd, '.env');
  if (!existsSync(file)) return {};
  try {
    return dotenv.parse(readFileSync(file));
  } catch (error) {
    throw new KitError('OTP_BAD_DOTENV', `${file} could not be read (${(error as Error).message}); fix or remove it.`);
  }
}

export interface ParsedCommandLine {
  readonly values: Record<string, string | string[] | boolean | undefined>;
  readonly positionals: string[];
}

/** The options of run, as a mistake on its command line names them. */
export const runCommand: CommandSpec = { name: 'run', help: `Run ${TOOL_NAME} --help for the options.`, valueNames: runValueNames };

/** Parses the options of `run` (and --help), refusing a mistake with a sentence. */
export function parseRunArguments(argv: readonly string[]): ParsedCommandLine {
  return parseCommandLine(runCommand, {
    args: [...argv],
    options: { ...runParseOptions(), help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
}

/**
 * The options a run was given explicitly, on its command line or as typed options, before the
 * environment and .env: each as the option table's text, and how a message names it.
 */
export interface GivenOptions {
  /** The option's value as text; undefined where it was not given. */
  text(name: string): string | undefined;
  /** How a message names the option as given: `--timeout`, or `options.timeoutMs`. */
  name(name: string): string;
  /** The --header lines given; undefined where none were. */
  readonly headers: readonly string[] | undefined;
}

function optionSpec(name: string): OptionSpec {
  const spec = runOptions.find((option) => option.name === name);
  if (!spec) throw new Error(`No option --${name} in the option table.`);
  return spec;
}

/** The options of a command line (parsed by parseRunArguments), refusing a switch given both ways. */
function commandLineOptions(argv: readonly string[]): GivenOptions {
  const { values } = parseRunArguments(argv);
  for (const spec of runOptions) {
    if (spec.negatable && values[spec.name] === true && values[`no-${spec.name}`] === true) {
      throw badOption(`--${spec.name} and --no-${spec.name} contradict each other; give one.`);
    }
  }
  return {
    text: (name) => {
      const given = values[name];
      if (Array.isArray(given)) return given.length > 0 ? given.join(',') : undefined;
      if (typeof given === 'string') return given;
      if (given === true) return 'true';
      return values[`no-${name}`] === true ? 'false' : undefined;
    },
    name: (name) => (values[`no-${name}`] !== undefined ? `--no-${name}` : `--${name}`),
    headers: Array.isArray(values.header) ? values.header : undefined,
  };
}

/** Typed options (the library API's), read by the same rules as the command line; a name it does not know is refused, as on the command line. */
function typedOptions(options: RunOptions, alsoKnown: readonly string[]): GivenOptions {
  const known = [...runOptions.map((spec) => spec.key), ...alsoKnown];
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown !== undefined) {
    const guess = nearestName(unknown, known);
    throw badOption(`options.${unknown} is not an option of run${guess ? `; did you mean options.${guess}?` : '.'}`);
  }
  return {
    text: (name) => optionText(options[optionSpec(name).key]),
    name: (name) => `options.${optionSpec(name).key}`,
    headers: options.headers,
  };
}

/** The command line's options: the command line beats the environment beats .env beats the default. */
export function resolveRunConfig(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): RunConfig {
  return resolveGivenOptions(commandLineOptions(argv), env, cwd);
}

/**
 * Typed options, as the library API takes them: they beat .env, which beats the default; the
 * environment is not read. `alsoKnown`: names the caller takes besides the run's options (`cwd`).
 */
export function resolveTypedOptions(options: RunOptions, cwd: string, alsoKnown: readonly string[] = []): RunConfig {
  return resolveGivenOptions(typedOptions(options, alsoKnown), {}, cwd);
}

function resolveGivenOptions(given: GivenOptions, env: Readonly<Record<string, string | undefined>>, cwd: string): RunConfig {
  const dotenvValues = readDotenv(cwd);
  const source: Source = (name) => {
    const spec = optionSpec(name);
    return given.text(name) ?? env[spec.env] ?? dotenvValues[spec.env];
  };
  /** How the user gave an option, as a message names it: as given, in the environment or in .env. */
  const givenAs = (name: string): string => {
    if (given.text(name) !== undefined) return given.name(name);
    const spec = optionSpec(name);
    return `${spec.env} (${env[spec.env] !== undefined ? 'environment' : '.env'})`;
  };

  const givenBaseUrl = source('base-url');
  if (givenBaseUrl !== undefined) parseBaseUrl(givenBaseUrl);
  // user:password@ is not sent (the token goes in authorization): shown nowhere, and a secret.
  const baseUrl = givenBaseUrl === undefined ? undefined : displayUrl(givenBaseUrl);
  const mapFile = source('operation-map') ?? (baseUrl === undefined ? referenceOperationMapFile : undefined);
  const operationMap = mapFile === undefined ? undefined : { file: mapFile, map: readOperationMap(resolve(cwd, mapFile)) };
  const token = source('token');
  checkToken(token);
  const tokenOperation = operationMap?.map.operations['token-get'];
  if (baseUrl !== undefined && (token === undefined || token === '') && tokenOperation?.token === undefined) {
    throw badOption(
      `--base-url ${baseUrl} is given without a token; pass --token TOKEN or set OTP_TOKEN (in the environment or .env), or map token-get with a "token" pointer in --operation-map.`,
    );
  }
  const seedText = source('seed');
  const seed = seedText === undefined ? randomSeed() : Number(seedText);
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw badOption(`--seed ${JSON.stringify(seedText)} is not a 32-bit integer; use the seed a report printed, e.g. --seed 42.`);
  }
  const replay = source('replay');
  if (replay !== undefined && seedText === undefined) {
    throw badOption(`--replay ${replay} needs the seed of the run that found it; add --seed with the report's seed.`);
  }
  const dryRun = flag('--dry-run', source('dry-run'), false);
  const runOnly = ['checks', 'exclude-checks', 'max-failures'].find((name) => source(name) !== undefined) ?? (dryRun ? 'dry-run' : undefined);
  if (replay !== undefined && runOnly !== undefined) {
    // A replay judges its one call by every check, so that a deviation it re-sends is never called fixed for want of its check.
    throw badOption(
      `${givenAs('replay')} and ${givenAs(runOnly)} contradict each other: a replay re-sends one call and judges it by every check; drop ${givenAs(runOnly)}.`,
    );
  }
  const only = (source('only') ?? '')
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
  const failOn = oneOf<Severity>('fail-on', source('fail-on') ?? 'error', ['error', 'warning']);

  const readOnly = flag('--read-only', source('read-only'), false);
  const baselineFile = source('baseline');
  const failOnNew = flag('--fail-on-new', source('fail-on-new'), false);
  if (failOnNew && baselineFile === undefined) {
    throw badOption('--fail-on-new compares with a baseline; add --baseline with the report.json of an earlier run.');
  }
  const quiet = flag('--quiet', source('quiet'), false);
  const verbose = flag('--verbose', source('verbose'), false);
  if (quiet && verbose) throw badOption(`${givenAs('quiet')} and ${givenAs('verbose')} contradict each other; pick one.`);
  refuseContradictions({ readOnly, source, givenAs });
  const waiversFile = source('waivers');
  const shard = source('shard');
  const shardParts = shard === undefined ? undefined : /^(\d+)\/(\d+)$/.exec(shard);
  if (shard !== undefined && (!shardParts || Number(shardParts[1]) < 1 || Number(shardParts[1]) > Number(shardParts[2]))) {
    throw badOption(`--shard ${JSON.stringify(shard)} is not I/N with 1 <= I <= N, e.g. --shard 2/3; give every part the same --seed.`);
  }
  if (shard !== undefined && seedText === undefined) {
    throw badOption(`--shard ${shard} needs a --seed shared by every part, so that merged reports describe one run.`);
  }
  const mappable = (operationMap ? placedOperations(operationMap.map) : []).map(({ listed, entry }) => ({
    id: listed.id,
    group: listed.group,
    path: entry.path,
    mutates: entry.mutates ?? listed.mutates,
  }));
  const selected = selectedOperations(only, mappable);
  if (readOnly && selected.every((op) => op.mutates)) {
    // A run that would send nothing must not look like a check: say so before anything starts.
    throw new KitError(
      'OTP_BAD_OPTION',
      `--read-only leaves nothing to check: every operation --only selects (${selected.map((op) => op.id).join(', ')}) changes state; select a read-only operation too, or drop --read-only.`,
    );
  }
  const groupsCalled = new Set(selected.filter((op) => !(readOnly && op.mutates)).map((op) => op.group)).size;
  if (shardParts && Number(shardParts[2]) > groupsCalled) {
    // A part with no group would check nothing and still pass.
    throw badOption(
      `--shard ${shard}: the run calls operations of ${groupsCalled} groups, and a part is at least one group; split it into ${groupsCalled} parts at most.`,
    );
  }
  const rate = source('rate');
  const reportDir = resolve(cwd, source('report-dir') ?? 'reports');
  checkReportDir(reportDir);
  const lookup = (name: string) => env[name] ?? dotenvValues[name];
  const headerLines = given.headers ?? (lookup('OTP_HEADERS') ?? '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const caFile = source('ca-file');
  const transport = resolveTransport({
    baseUrl: givenBaseUrl,
    caFile: caFile === undefined ? undefined : resolve(cwd, caFile),
    insecure: flag('--insecure', source('insecure'), false),
    proxy: source('proxy'),
    headers: headerLines,
    lookup,
  });
  const maxTime = source('max-time');
  const harText = source('har');
  const har = harText === undefined ? undefined : harFile(harText, cwd);
  // The report folder is created by the run, before the HAR is written.
  if (har !== undefined && dirname(har) !== reportDir && !existsSync(dirname(har))) {
    throw badOption(
      `--har ${harText}: the folder ${dirname(har)} does not exist; create it, or write the HAR into the report folder, e.g. --har reports/run.har.`,
    );
  }

  const runs = positiveInteger('runs', source('runs') ?? String(DEFAULT_RUNS), 100_000);
  // --runs 1 is the quick pass: one valid call per operation; what else a run sends is there only when asked for.
  const quick = runs === 1;
  const stateful = flag('--stateful', source('stateful'), !quick) && !readOnly;
  const selection = resolveCheckSelection({
    checks: source('checks'),
    excludeChecks: source('exclude-checks'),
    mapFlowIds: (operationMap?.map.flows ?? []).map((flow) => flow.id),
    flowsRun: stateful,
    givenAs,
  });
  const maxFailures = source('max-failures');
  return {
    baseUrl,
    label: source('label'),
    token,
    authScheme: oneOf<AuthScheme>('auth-scheme', source('auth-scheme') ?? 'bearer-no-space', authSchemes),
    pathForm: oneOf<PathForm>('path-form', source('path-form') ?? 'documented', pathForms),
    runs,
    hostileRuns: wholeNumber('hostile-runs', source('hostile-runs') ?? (quick ? '0' : String(DEFAULT_HOSTILE_RUNS)), 0, 100_000),
    authProbes: flag('--auth-probes', source('auth-probes'), !quick),
    httpProbes: flag('--http-probes', source('http-probes'), !quick),
    coveragePass: flag('--coverage', source('coverage'), !quick),
    walkPages: positiveInteger('walk-pages', source('walk-pages') ?? String(DEFAULT_WALK_PAGES), 100_000),
    walkRecords: positiveInteger('walk-records', source('walk-records') ?? String(DEFAULT_WALK_RECORDS), 10_000_000),
    stateful,
    readOnly,
    ratePerSecond: rate === undefined ? undefined : positiveInteger('rate', rate, 100_000),
    replay,
    baseline: baselineFile === undefined ? undefined : resolve(cwd, baselineFile),
    failOnNew,
    waivers: waiversFile === undefined ? undefined : resolve(cwd, waiversFile),
    verbosity: quiet ? 'quiet' : verbose ? 'verbose' : 'normal',
    shard,
    maxTime: maxTime === undefined ? undefined : duration('max-time', maxTime),
    allowUnverified: flag('--allow-unverified', source('allow-unverified'), false),
    requireRecords: flag('--require-records', source('require-records'), false),
    har,
    harBodies: oneOf<HarBodies>('har-bodies', source('har-bodies') ?? 'excerpt', harBodyForms),
    excludedChecks: selection.excludedChecks,
    checksLeftOutBy: selection.leftOutBy,
    maxFailures: maxFailures === undefined ? undefined : positiveInteger('max-failures', maxFailures, 100_000),
    dryRun,
    seed,
    timeoutMs: positiveInteger('timeout', source('timeout') ?? '10000', 3_600_000),
    concurrency: positiveInteger('concurrency', source('concurrency') ?? '8', 1024),
    maxBodyBytes: positiveInteger('max-body', source('max-body') ?? String(5 * 1024 * 1024), 1024 * 1024 * 1024),
    reportDir,
    failOn,
    operations: selected.filter((op) => !(readOnly && op.mutates)).map((op) => op.id),
    skipped: selected.filter((op) => readOnly && op.mutates).map((op) => ({ operationId: op.id, reason: 'read-only: the operation changes state' })),
    operationMap,
    variables: { ...dotenvValues, ...definedEntries(env) },
    ...(Object.keys(transport.transport).length > 0 ? { transport: transport.transport } : {}),
    optionSecrets: transport.secrets,
    warnings: transport.warnings,
    caFile,
  };
}
