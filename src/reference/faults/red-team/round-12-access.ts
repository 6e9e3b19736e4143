/** Red team round 12, access, by the OWASP API Top 10. */
import type { RedTeamFault } from './red-team-fault.js';

export const round12Access: readonly RedTeamFault[] = [];
