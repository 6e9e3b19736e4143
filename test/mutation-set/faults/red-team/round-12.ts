/**
 * Red team round 12: departures a real OTP server could make, each from one clause of the spec or of
 * a standard it rests on, at one operation of section 4 each, of other kinds than rounds 1 to 11.
 */
import { round12Access } from './round-12-access.js';
import { round12Bodies } from './round-12-bodies.js';
import { round12Http } from './round-12-http.js';
import { round12Records } from './round-12-records.js';
import type { PlantedFault } from '../../planted-fault.js';

export const redTeamRound12: readonly PlantedFault[] = [...round12Http, ...round12Bodies, ...round12Records, ...round12Access];
