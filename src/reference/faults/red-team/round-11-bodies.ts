/** Red team round 11, JSON text in requests and answers. */
import type { RedTeamFault } from './red-team-fault.js';

export const round11Bodies: readonly RedTeamFault[] = [];
