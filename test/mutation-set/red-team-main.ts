import { redTeamFaults } from './faults/catalogue.js';
import { firstSight, redTeamRow, seen, shownAs } from './red-team.js';
import { roundsAtFirstSight } from './first-sight.js';

/**
 * `npm run red-team -- N`: the kit against each fault of red-team round N, as at first sight. It
 * prints the rows docs/red-team-rounds.md records for the round, and the rate: what the kit does now.
 */
const rounds = roundsAtFirstSight.map((record) => record.round);
const round = Number(process.argv[2] ?? rounds.at(-1));
if (!rounds.includes(round)) {
  console.error(`No red-team round ${process.argv[2]}; the rounds are ${rounds.join(', ')}.`);
  process.exit(2);
}
const sights = [];
for (const fault of redTeamFaults.filter((each) => each.redTeam.round === round)) {
  const sight = await firstSight(fault);
  sights.push(sight);
  console.log(redTeamRow(fault, shownAs(sight)));
}
const found = sights.filter(seen).length;
console.log(`round ${round}: ${found} of ${sights.length} faults seen at first sight (${Math.round((100 * found) / sights.length)}%)`);
