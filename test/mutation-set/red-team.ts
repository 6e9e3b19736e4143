import type { Deviation } from '../../src/engine/judging/deviation.js';
import type { RedTeamFault } from './planted-fault.js';
import { MUTATION_SEEDS } from './mutation.js';
import { deviationsAgainst } from './run-against.js';

/** What the kit made, at first sight, of a fault it was not built for. */
export interface FirstSight {
  readonly fault: RedTeamFault;
  /** Deviations the faulty server got that the clean one did not, under the same seed: how the kit showed the fault. */
  readonly shownBy: readonly Deviation[];
  /** The run did not start against the faulty server (it blamed the setup), with why. */
  readonly notRun?: string;
}

/** A deviation as the clean run and the faulty run are compared: what broke, where, at what severity. */
const deviationKey = (deviation: Deviation) => `${deviation.severity} ${deviation.check} ${deviation.operation} ${deviation.instancePath}`;

/**
 * Runs the kit, under the first mutation seed, on the fault's operation (and its flows) against a
 * clean reference server and against one with the fault: the fault is seen when the faulty run
 * reports what the clean one does not. A fault that stops the run before it starts is not seen:
 * the kit then blamed the user's setup for the server's defect.
 */
export async function firstSight(fault: RedTeamFault, seed: number = MUTATION_SEEDS[0]!): Promise<FirstSight> {
  const clean = await deviationsAgainst({}, [fault.operationId], { seed });
  const faulty = await deviationsAgainst({ fault }, [fault.operationId], { seed });
  const cleanKeys = new Set(clean.deviations.map(deviationKey));
  const shownBy = faulty.deviations.filter((deviation) => !cleanKeys.has(deviationKey(deviation)));
  return { fault, shownBy, ...(faulty.notRun === undefined ? {} : { notRun: faulty.notRun }) };
}

/** Seen: something was reported that a clean server does not get, and the run was not blamed on the setup. */
export const seen = (sight: FirstSight): boolean => sight.notRun === undefined && sight.shownBy.length > 0;

/** What a sight showed, as docs/red-team-rounds.md's last column words it. */
export function shownAs(sight: FirstSight): string {
  const checks = [...new Set(sight.shownBy.map((deviation) => `${deviation.severity} \`${deviation.check}\``))].join(', ');
  return sight.notRun !== undefined ? `no: not run (${sight.notRun.split(':')[0]})` : seen(sight) ? `yes: ${checks}` : 'no';
}

/** What reports the fault now, as its expectation in the mutation set says: the check, rule or relation, or why nothing does. */
export function reportedNow(fault: RedTeamFault): string {
  return 'unseen' in fault.expect ? `nothing: ${fault.expect.unseen}` : `${fault.expect.severity} \`${fault.expect.check}\``;
}

/**
 * One row of docs/red-team-rounds.md's table: the fault, the clause it breaks, what a client sees,
 * what the kit showed of it at first sight, and what reports it now.
 */
export function redTeamRow(fault: RedTeamFault, atFirstSight: string): string {
  const { standard, clause, observable } = fault.redTeam;
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  return `| \`${fault.name}\` | ${fault.operationId} | ${cell(`${standard} ${clause}`)} | ${cell(observable)} | ${atFirstSight} | ${cell(reportedNow(fault))} |`;
}
