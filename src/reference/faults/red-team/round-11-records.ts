/** Red team round 11, records read across answers. */
import type { RedTeamFault } from './red-team-fault.js';

export const round11Records: readonly RedTeamFault[] = [];
