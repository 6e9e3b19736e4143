/** Red team round 12, records read across answers. */
import type { RedTeamFault } from './red-team-fault.js';

export const round12Records: readonly RedTeamFault[] = [];
