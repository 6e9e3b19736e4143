/**
 * Red team round 4: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics, caching and framing, JSON, cookies, links, the OWASP API
 * Top 10), at one operation of section 4, of other kinds than rounds 1 to 3. By what they strike:
 * HTTP (status, header fields, caches and framing), bodies (the JSON text and what travels beside
 * it), records (what several answers tell together) and access (who gets what, and how).
 */
import { round4Access } from './round-4-access.js';
import { round4Bodies } from './round-4-bodies.js';
import { round4Http } from './round-4-http.js';
import { round4Records } from './round-4-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound4: readonly PlantedFault[] = [...round4Http, ...round4Bodies, ...round4Records, ...round4Access];
