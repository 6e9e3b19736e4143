/**
 * Red team round 9: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on (HTTP semantics, HTTP/1.1, caching, JSON, cookies, the OWASP API Top 10),
 * at one operation of section 4, of other kinds than rounds 1 to 8. By what they strike: HTTP (a
 * chunked request body read as none, a refusal that leaves the body on the connection, pipelined
 * answers sent as they complete, a byte range served for a POST, max-age in quotes), bodies (a
 * JSON-hijacking prefix, UTF-8 bytes escaped one by one, a gzip stream never finished, a C string's
 * NUL), records (a page cached without its size, row numbers listed as ids, text stored
 * HTML-escaped, a renewed token no gateway knows) and access (CORS credentials for any origin, a
 * login session cookie in place of the token, a status filter in place of the member's condition,
 * an order found by a PO number every member uses).
 */
import { round9Access } from './round-9-access.js';
import { round9Bodies } from './round-9-bodies.js';
import { round9Http } from './round-9-http.js';
import { round9Records } from './round-9-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound9: readonly PlantedFault[] = [...round9Http, ...round9Bodies, ...round9Records, ...round9Access];
