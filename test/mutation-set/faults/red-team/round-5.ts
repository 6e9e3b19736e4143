/**
 * Red team round 5: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics and framing, JSON and I-JSON, the OWASP API Top 10), at one
 * operation of section 4, of other kinds than rounds 1 to 4. By what they strike: HTTP (content and
 * transfer codings, the Date field), bodies (numbers and text as serializers and converters write
 * them), records (what a create, a delete or a page tells beside the other answers) and access
 * (which tokens get in, and how much one call may take).
 */
import { round5Access } from './round-5-access.js';
import { round5Bodies } from './round-5-bodies.js';
import { round5Http } from './round-5-http.js';
import { round5Records } from './round-5-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound5: readonly PlantedFault[] = [...round5Http, ...round5Bodies, ...round5Records, ...round5Access];
