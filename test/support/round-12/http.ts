/** How each fault of red team round 12's HTTP semantics and message framing shows, by name. */
import type { Demonstration } from '../red-team-round.js';

export const round12HttpDemonstrations: Readonly<Record<string, Demonstration>> = {};
