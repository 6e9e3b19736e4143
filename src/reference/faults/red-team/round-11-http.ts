/** Red team round 11, HTTP semantics and message framing. */
import type { RedTeamFault } from './red-team-fault.js';

export const round11Http: readonly RedTeamFault[] = [];
