import { redTeamFaults } from '../mutation-set/faults/catalogue.js';
import { redTeamRow } from '../mutation-set/red-team.js';
import { roundsAtFirstSight } from '../mutation-set/first-sight.js';

const TABLE_HEAD = ['| fault | operation | clause broken | what a client sees | seen at first sight | reported now by |', '|---|---|---|---|---|---|'];

/**
 * docs/red-team-rounds.md: each red-team round as the kit first met it, from the record of what it
 * showed then (test/mutation-set/first-sight.ts) and the faults, each with its round, clause and
 * what a client sees. It cannot drift: a test renders it again and compares.
 */
export function renderRedTeamRoundsDoc(): string {
  const rounds = roundsAtFirstSight.map((record) => {
    const rows = record.seen.map(([name, atFirstSight]) => {
      const fault = redTeamFaults.find((each) => each.name === name && each.redTeam.round === record.round);
      if (!fault) throw new Error(`Round ${record.round} records ${name}, which is no red-team fault of that round.`);
      return redTeamRow(fault, atFirstSight);
    });
    return [`## Round ${record.round} (${record.date})`, '', ...record.account, '', ...TABLE_HEAD, ...rows].join('\n');
  });
  const head = [
    "# The red team's rounds at first sight",
    '',
    'Each round as [the red team](red-team.md) met it: its faults, the clause each breaks, and whether',
    'the kit saw it before anything was tuned to it. The rows are kept as recorded; the last column',
    'says what reports each fault now (the check, the rule of the model or the relation a miss became),',
    'as the mutation set holds it.',
  ].join('\n');
  return `${[head, ...rounds].join('\n\n')}\n`;
}
