/** Red team round 11, access, by the OWASP API Top 10. */
import type { RedTeamFault } from './red-team-fault.js';

export const round11Access: readonly RedTeamFault[] = [];
