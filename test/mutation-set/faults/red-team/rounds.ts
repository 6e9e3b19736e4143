import type { PlantedFault } from '../../planted-fault.js';
import { redTeamRound1 } from './round-1.js';
import { redTeamRound10 } from './round-10.js';
import { redTeamRound11 } from './round-11.js';
import { redTeamRound12 } from './round-12.js';
import { redTeamRound2 } from './round-2.js';
import { redTeamRound3 } from './round-3.js';
import { redTeamRound4 } from './round-4.js';
import { redTeamRound5 } from './round-5.js';
import { redTeamRound6 } from './round-6.js';
import { redTeamRound7 } from './round-7.js';
import { redTeamRound8 } from './round-8.js';
import { redTeamRound9 } from './round-9.js';

/** Each red-team round's faults, by round: what `npm run red-team N` meets at first sight. */
export const redTeamRounds: Readonly<Record<number, readonly PlantedFault[]>> = {
  1: redTeamRound1,
  2: redTeamRound2,
  3: redTeamRound3,
  4: redTeamRound4,
  5: redTeamRound5,
  6: redTeamRound6,
  7: redTeamRound7,
  8: redTeamRound8,
  9: redTeamRound9,
  10: redTeamRound10,
  11: redTeamRound11,
  12: redTeamRound12,
};
