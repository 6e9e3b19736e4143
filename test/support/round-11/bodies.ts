/** How each fault of red team round 11's JSON text in requests and answers shows, by name. */
import type { Demonstration } from '../red-team-round.js';

export const round11BodiesDemonstrations: Readonly<Record<string, Demonstration>> = {};
