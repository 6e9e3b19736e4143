/**
 * Red team round 3: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics and framing, cookies, JSON, the OWASP API Top 10), at one
 * operation of section 4, of other kinds than rounds 1 and 2. By what they strike: HTTP (the header
 * fields and the framing), bodies (the JSON text and its shape), access (who gets in, and where).
 */
import { round3Access } from './round-3-access.js';
import { round3Bodies } from './round-3-bodies.js';
import { round3Http } from './round-3-http.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound3: readonly PlantedFault[] = [...round3Http, ...round3Bodies, ...round3Access];
