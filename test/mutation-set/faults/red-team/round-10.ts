/**
 * Red team round 10: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics, HSTS, digest fields, JSON, the OWASP API Top 10), at one
 * operation of section 4 each, of other kinds than rounds 1 to 9. By what they strike: HTTP (a
 * Strict-Transport-Security field over cleartext, a Content-Digest of the body in another charset,
 * HTTP/1.0 refused with a 426 that names no protocol, an unreadable body answered as problem
 * details), bodies (request JSON with a line break refused, request escapes kept as written, a whole
 * number with a fraction part refused, an envelope inside an envelope), records (totalPage and pageNo
 * swapped, a list cached and trimmed to the newest 200, a published price read back in fen, an edit
 * that inserts a copy) and access (a registration that overwrites the member with the mobile, an id
 * checked and read from two members of one body, OPTIONS let past the token, a mobile pattern whose
 * backtracking holds the whole server).
 */
import { round10Access } from './round-10-access.js';
import { round10Bodies } from './round-10-bodies.js';
import { round10Http } from './round-10-http.js';
import { round10Records } from './round-10-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound10: readonly PlantedFault[] = [...round10Http, ...round10Bodies, ...round10Records, ...round10Access];
