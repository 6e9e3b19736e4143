/**
 * Red team round 11: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on, at one operation of section 4 each, of other kinds than rounds 1 to 10.
 */
import { round11Access } from './round-11-access.js';
import { round11Bodies } from './round-11-bodies.js';
import { round11Http } from './round-11-http.js';
import { round11Records } from './round-11-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound11: readonly PlantedFault[] = [...round11Http, ...round11Bodies, ...round11Records, ...round11Access];
