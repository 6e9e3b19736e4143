/**
 * Red team round 8: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics, JSON, the OWASP API Top 10), at one operation of section 4,
 * of other kinds than rounds 1 to 7. By what they strike: HTTP (an entity tag of the request, a
 * refusal without a media type, two answers to one request, a header field split by the caller's
 * line break), bodies (Python's repr, no body at all, a page cut by one read), records (a delete
 * answered as not found, characters lost to a three-byte charset, a lookup that searches one page,
 * an id never read back) and access (SQL spliced from a filter, an authorization checked after the
 * delete, tokens compared without case).
 */
import { round8Access } from './round-8-access.js';
import { round8Bodies } from './round-8-bodies.js';
import { round8Http } from './round-8-http.js';
import { round8Records } from './round-8-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound8: readonly PlantedFault[] = [...round8Http, ...round8Bodies, ...round8Records, ...round8Access];
