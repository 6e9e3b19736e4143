import type { Severity } from '../checks/types.js';
import { createClient } from '../client/client.js';
import { type CommandSpec, parseCommandLine } from '../config/command-line.js';
import { runParseOptions, runValueNames } from '../config/options.js';
import { resolveRunConfig } from '../config/resolve.js';
import type { Deviation } from '../engine/judging/deviation.js';
import { replayCall, type ReplayResult } from '../engine/schedule/replay.js';
import { KitError } from '../errors.js';
import { countsAgainst, type GatedDeviation } from '../gate/gate.js';
import { readReportFile } from '../gate/report-file.js';
import { sharedValidator } from '../validation/validator.js';
import { TOOL_NAME } from '../version.js';
import { withReplayTarget } from '../run/replay.js';

/** What replay reads of a report.json (schemas/report-replay.schema.json). */
interface ReplayableReport {
  readonly target: { readonly baseUrl: string; readonly embedded: boolean; readonly authScheme: string };
  readonly failOn: Severity;
  readonly gate?: { readonly failOnNew?: boolean };
  readonly deviations: readonly GatedDeviation[];
}

/** What became of one deviation when its call was sent again. */
export type ReplayOutcome = 'still-failing' | 'fixed' | 'no-answer' | 'not-replayable';

export interface ReplayedDeviation {
  /** Its place in report.json's deviations, from 1. */
  readonly number: number;
  readonly deviation: GatedDeviation;
  readonly outcome: ReplayOutcome;
  /** What the checks found on the answer this time. */
  readonly now: readonly Deviation[];
}

const usage = `Usage: ${TOOL_NAME} replay REPORT.json [--deviation N] [--base-url URL] [--token TOKEN] [options of run]`;

const replayCommand: CommandSpec = { name: 'replay', help: usage, valueNames: { ...runValueNames, deviation: 'N' } };

function badOption(message: string): KitError {
  return new KitError('OTP_BAD_OPTION', message);
}

/** The report file, --deviation, and the options of run that remain (--token, --base-url, TLS, headers…). */
function parseReplayArguments(argv: readonly string[]): { file: string; deviation: number | undefined; runArgv: string[] } {
  const parsed = parseCommandLine(replayCommand, {
    args: [...argv],
    options: { ...runParseOptions(), deviation: { type: 'string' } },
    allowPositionals: true,
    strict: true,
    tokens: true,
  });
  const positionals = parsed.positionals;
  if (positionals.length !== 1) throw badOption(`replay takes one report.json, given ${positionals.length}. ${usage}`);
  const deviationText = parsed.values.deviation as string | undefined;
  const deviation = deviationText === undefined ? undefined : deviationNumber(deviationText);
  const dropped = new Set(
    parsed.tokens.filter((token) => token.kind === 'positional' || (token.kind === 'option' && token.name === 'deviation')).map((token) => token.index),
  );
  // An option's value given apart (`--deviation 3`) is the token after it.
  for (const token of parsed.tokens) if (token.kind === 'option' && token.name === 'deviation' && token.inlineValue === false) dropped.add(token.index + 1);
  return { file: positionals[0], deviation, runArgv: argv.filter((_, index) => !dropped.has(index)) };
}

/** The number --deviation gives: a place in report.json's deviations, from 1. */
function deviationNumber(text: string): number {
  const deviation = Number(text);
  if (!/^\d+$/.test(text) || deviation < 1) {
    throw badOption(`--deviation ${JSON.stringify(text)} is not a deviation number; give its place in report.json's deviations, from 1, e.g. --deviation 1.`);
  }
  return deviation;
}

/**
 * The run options for the replay: those given, else the report's target and auth scheme. The token
 * is never in a report: it comes from --token or OTP_TOKEN, as for a run.
 */
function replayConfig(report: ReplayableReport, runArgv: string[], env: Readonly<Record<string, string | undefined>>, cwd: string) {
  const given = resolveRunConfig(runArgv, env, cwd);
  const defaults = [
    ...(given.baseUrl === undefined && !report.target.embedded ? ['--base-url', report.target.baseUrl] : []),
    ...(runArgv.some((arg) => arg.startsWith('--auth-scheme')) ? [] : ['--auth-scheme', report.target.authScheme]),
  ];
  return defaults.length === 0 ? given : resolveRunConfig([...runArgv, ...defaults], env, cwd);
}

/** The deviations to replay: the one named, else each that failed the run. */
function selectDeviations(report: ReplayableReport, file: string, number: number | undefined): { number: number; deviation: GatedDeviation }[] {
  const numbered = report.deviations.map((deviation, index) => ({ number: index + 1, deviation }));
  if (number === undefined)
    return numbered.filter(({ deviation }) => countsAgainst(deviation, { failOn: report.failOn, failOnNew: report.gate?.failOnNew ?? false }));
  const chosen = numbered[number - 1];
  if (!chosen)
    throw badOption(`--deviation ${number}: ${file} has ${report.deviations.length} deviations; give a number from 1 to ${report.deviations.length}.`);
  if (!chosen.deviation.replay) {
    throw badOption(
      `--deviation ${number} (${chosen.deviation.check} at ${chosen.deviation.operation}) has no replay: auth probes, flows and operation checks are re-checked by a run, e.g. --only ${chosen.deviation.operationId}.`,
    );
  }
  return [chosen];
}

/** Whether the same check fails on the answer again. */
function outcomeOf(deviation: Deviation, answered: boolean, now: readonly Deviation[]): ReplayOutcome {
  if (now.some((found) => found.check === deviation.check)) return 'still-failing';
  return answered ? 'fixed' : 'no-answer';
}

const outcomeWords: Record<ReplayOutcome, string> = {
  'still-failing': 'STILL FAILING',
  fixed: 'FIXED',
  'no-answer': 'NOT CHECKED (no answer)',
  'not-replayable': 'NOT REPLAYED (an auth probe, flow or operation check: re-checked by a run)',
};

function describe(result: ReplayedDeviation): string[] {
  const { number, deviation, outcome, now } = result;
  const lines = [
    `#${number} ${deviation.severity.toUpperCase()} ${deviation.check} at ${deviation.operation} (${deviation.path}, seed ${deviation.seed}): ${outcomeWords[outcome]}`,
  ];
  // Found again, the same check is what makes the outcome still-failing: its message says how.
  const again = now.find((found) => found.check === deviation.check);
  if (again) lines.push(...again.message.split('\n').map((line) => `  ${line}`));
  const other = now.filter((found) => found.check !== deviation.check);
  if (other.length > 0)
    lines.push(`  Now also: ${other.map((found) => `${found.severity} ${found.check}${found.instancePath ? ` ${found.instancePath}` : ''}`).join(', ')}`);
  return lines;
}

/** Exit code: 0 all fixed, 1 any still failing, 3 some could not be checked again. */
export function replayExitCode(results: readonly ReplayedDeviation[]): 0 | 1 | 3 {
  if (results.some((result) => result.outcome === 'still-failing')) return 1;
  if (results.some((result) => result.outcome !== 'fixed')) return 3;
  return 0;
}

/**
 * `replay REPORT.json [--deviation N]`: re-sends the call of each deviation that failed the run (or
 * the one named), regenerated from its seed and path, judges the answer with the same checks, and
 * says for each whether it still fails or is fixed.
 */
export async function replayReport(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  log: (line: string) => void,
): Promise<number> {
  const { file, deviation, runArgv } = parseReplayArguments(argv);
  const report = readReportFile(file, 'report-replay.schema.json', {
    option: '',
    code: 'OTP_BAD_REPORT',
    fix: 'give the report.json a run wrote.',
  }) as ReplayableReport;
  const selected = selectDeviations(report, file, deviation);
  if (selected.length === 0) {
    log(`${file} has no deviation that failed its run: nothing to replay.`);
    return 0;
  }
  const config = replayConfig(report, runArgv, env, cwd);
  const runOnly = [config.checksLeftOutBy, config.maxFailures === undefined ? undefined : '--max-failures', config.dryRun ? '--dry-run' : undefined];
  const given = runOnly.filter((name) => name !== undefined);
  if (given.length > 0) {
    // Judged by fewer checks, a deviation whose check was left out would read as fixed; and a replay has no plan to print or failures to stop at.
    throw badOption(
      `${given.join(', ')} (or its OTP_ variable) belongs to a run, not to replay, which re-sends each call and judges it by every check; drop it.`,
    );
  }
  return withReplayTarget(config, async ({ settings, redactor, server }) => {
    const say = (line: string) => log(redactor.text(line));
    if (server) say(`${file} was written against the embedded reference server: replaying against a new one at ${server.url}.`);
    say(`Replaying ${selected.length} deviation${selected.length === 1 ? '' : 's'} of ${file} against ${settings.baseUrl}`);
    const client = createClient(settings);
    const results: ReplayedDeviation[] = [];
    // Deviations of one call (a 500 that is also not JSON) share one re-send.
    const sent = new Map<string, ReplayResult>();
    try {
      for (const { number, deviation: original } of selected) {
        let result: ReplayedDeviation = { number, deviation: original, outcome: 'not-replayable', now: [] };
        if (original.replay) {
          const call = `${original.operationId}:${original.path}`;
          const replayed = sent.get(`${original.seed} ${call}`) ?? (await replayCall(call, { ...settings, seed: original.seed }, client, sharedValidator()));
          sent.set(`${original.seed} ${call}`, replayed);
          result = { number, deviation: original, outcome: outcomeOf(original, replayed.answered, replayed.deviations), now: replayed.deviations };
        }
        results.push(result);
        for (const line of describe(result)) say(line);
      }
    } finally {
      await client.close();
    }
    const count = (outcome: ReplayOutcome) => results.filter((result) => result.outcome === outcome).length;
    say(
      `${count('still-failing')} still failing, ${count('fixed')} fixed` +
        (count('no-answer') + count('not-replayable') > 0 ? `, ${count('no-answer') + count('not-replayable')} not checked again` : '') +
        ` (of ${results.length}).`,
    );
    return replayExitCode(results);
  });
}
