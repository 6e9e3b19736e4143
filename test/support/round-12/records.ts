/** How each fault of red team round 12's records read across answers shows, by name. */
import type { Demonstration } from '../red-team-round.js';

export const round12RecordsDemonstrations: Readonly<Record<string, Demonstration>> = {};
