/** How each fault of red team round 12's JSON text in requests and answers shows, by name. */
import type { Demonstration } from '../red-team-round.js';

export const round12BodiesDemonstrations: Readonly<Record<string, Demonstration>> = {};
