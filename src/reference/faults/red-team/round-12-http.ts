/** Red team round 12, HTTP semantics and message framing. */
import type { RedTeamFault } from './red-team-fault.js';

export const round12Http: readonly RedTeamFault[] = [];
