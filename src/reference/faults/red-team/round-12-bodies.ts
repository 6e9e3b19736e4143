/** Red team round 12, JSON text in requests and answers. */
import type { RedTeamFault } from './red-team-fault.js';

export const round12Bodies: readonly RedTeamFault[] = [];
