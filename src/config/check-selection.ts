import { alwaysRunChecks, checkInfos } from '../checks/catalogue.js';
import { KitError } from '../errors.js';
import { TOOL_NAME } from '../version.js';
import { nearestName } from './nearest-name.js';

/** Which switch left the checks out, as the reports name it. */
export type LeftOutBy = '--checks' | '--exclude-checks';

/** The checks and flows a run leaves out, and the switch that did. */
export interface CheckSelection {
  /** Ids of the checks and flows that do not run, in the order `list` prints them. */
  readonly excludedChecks: readonly string[];
  readonly leftOutBy: LeftOutBy | undefined;
}

export interface CheckSelectionInput {
  /** --checks and --exclude-checks as given (comma-separated ids), or undefined. */
  readonly checks: string | undefined;
  readonly excludeChecks: string | undefined;
  /** The flows of the operation map in force: their ids are selectable like the kit's. */
  readonly mapFlowIds: readonly string[];
  /** Whether the run runs flows at all (off with --read-only, --no-stateful, --runs 1). */
  readonly flowsRun: boolean;
  /** How the user gave an option, as a message names it (`--checks`, `OTP_CHECKS (environment)`). */
  readonly givenAs: (name: string) => string;
}

const badOption = (message: string) => new KitError('OTP_BAD_OPTION', message);

const idsOf = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

const listHint = `${TOOL_NAME} list prints the id of every check and flow`;

/**
 * The checks and flows --checks or --exclude-checks leave out. Refused: both switches at once, an
 * id that names nothing (with the nearest id it may have meant), a check that always runs
 * (alwaysRun), and a selection that leaves only those: a run that judges nothing but whether the
 * server answers would pass without saying whether it conforms.
 */
export function resolveCheckSelection(input: CheckSelectionInput): CheckSelection {
  const { givenAs } = input;
  if (input.checks !== undefined && input.excludeChecks !== undefined) {
    throw badOption(
      `${givenAs('checks')} and ${givenAs('exclude-checks')} contradict each other: give the checks to run, or the checks to leave out, not both.`,
    );
  }
  const switchName = input.checks !== undefined ? 'checks' : input.excludeChecks !== undefined ? 'exclude-checks' : undefined;
  if (switchName === undefined) return { excludedChecks: [], leftOutBy: undefined };
  const named = idsOf(input.checks ?? input.excludeChecks);
  const option = givenAs(switchName);
  if (named.length === 0) throw badOption(`${option} names no check; give ids separated by commas, e.g. ${option} data-schema,envelope (${listHint}).`);

  const flowIds = [...checkInfos.filter((entry) => entry.kind === 'flow').map((flow) => flow.id), ...input.mapFlowIds];
  const selectable = [...checkInfos.filter((entry) => entry.kind === 'check').map((check) => check.id), ...flowIds];
  for (const id of named) {
    if (selectable.includes(id)) continue;
    const guess = nearestName(id, selectable);
    throw badOption(`${option} ${JSON.stringify(id)} names no check or flow${guess ? `; did you mean ${guess}?` : '.'} ${listHint}.`);
  }
  const always = alwaysRunChecks.map((entry) => entry.id);
  const forced = alwaysRunChecks.find((entry) => switchName === 'exclude-checks' && named.includes(entry.id));
  if (forced) throw badOption(`${option} ${forced.id}: that check always runs, since ${forced.why}; drop it from ${option}.`);

  const excludedChecks =
    switchName === 'checks' ? selectable.filter((id) => !named.includes(id) && !always.includes(id)) : selectable.filter((id) => named.includes(id));
  const judging = selectable.filter((id) => !excludedChecks.includes(id) && !always.includes(id));
  if (judging.length === 0) {
    throw badOption(
      `${option} leaves only the checks that always run (${always.join(', ')}): they say whether the server answers, not whether it conforms; ${switchName === 'checks' ? 'name a check that judges the answers too' : 'leave at least one other check in'}.`,
    );
  }
  if (!input.flowsRun && judging.every((id) => flowIds.includes(id))) {
    throw badOption(
      `${option} leaves only flows (${judging.join(', ')}), and this run runs none (--read-only, --no-stateful or the quick pass --runs 1 turn them off); name a check too, or turn the flows on with --stateful.`,
    );
  }
  return { excludedChecks, leftOutBy: `--${switchName}` };
}
