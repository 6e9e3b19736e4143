import { redTeamRounds } from './faults/red-team/rounds.js';
import { firstSight, redTeamRow, seen } from './red-team.js';

/**
 * `npm run red-team -- N`: the kit against each fault of red-team round N, at first sight. It prints
 * the rows docs/red-team-rounds.md records for the round, before anything is tuned to them, and the rate.
 */
const round = Number(process.argv[2] ?? Object.keys(redTeamRounds).at(-1));
const faults = redTeamRounds[round];
if (!faults) {
  console.error(`No red-team round ${process.argv[2]}; the rounds are ${Object.keys(redTeamRounds).join(', ')}.`);
  process.exit(2);
}
const sights = [];
for (const fault of faults) {
  const sight = await firstSight(fault);
  sights.push(sight);
  console.log(redTeamRow(sight));
}
const found = sights.filter(seen).length;
console.log(`round ${round}: ${found} of ${sights.length} faults seen at first sight (${Math.round((100 * found) / sights.length)}%)`);
