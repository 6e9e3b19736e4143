/** How each fault of red team round 12's access, by the OWASP API Top 10 shows, by name. */
import type { Demonstration } from '../red-team-round.js';

export const round12AccessDemonstrations: Readonly<Record<string, Demonstration>> = {};
