/**
 * Red team round 6: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics and caching, JSON, the OWASP API Top 10), at one operation
 * of section 4, of other kinds than rounds 1 to 5. By what they strike: HTTP (field values a proxy
 * or gateway rewrites, content codings by weight, freshness), bodies (member names a serializer
 * derives, JSON texts nested or written twice), records (one list reading another catalogue, the
 * order of a page, how filters combine, a create run twice) and access (tokens in URLs, deletes by
 * any id).
 */
import { round6Access } from './round-6-access.js';
import { round6Bodies } from './round-6-bodies.js';
import { round6Http } from './round-6-http.js';
import { round6Records } from './round-6-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound6: readonly PlantedFault[] = [...round6Http, ...round6Bodies, ...round6Records, ...round6Access];
