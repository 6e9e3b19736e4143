/**
 * Red team round 7: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics and framing, JSON and I-JSON, the OWASP API Top 10), at one
 * operation of section 4, of other kinds than rounds 1 to 6. By what they strike: HTTP (interim and
 * expectation handling, a language tag, chunk sizes), bodies (escapes of another language, numbers
 * beyond a double's precision, whitespace JSON does not have), records (times read in another zone,
 * pages of a join, offsets that wrap, a soft delete half applied) and access (a profiler left on, a
 * method override, a forgeable notion of "internal").
 */
import { round7Access } from './round-7-access.js';
import { round7Bodies } from './round-7-bodies.js';
import { round7Http } from './round-7-http.js';
import { round7Records } from './round-7-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound7: readonly PlantedFault[] = [...round7Http, ...round7Bodies, ...round7Records, ...round7Access];
