import { askedFaults } from './asked.js';
import { authFaults } from './auth.js';
import { envelopeFaults } from './envelope.js';
import { framingFaults } from './framing.js';
import { headerFaults } from './headers.js';
import { inputClassFaults } from './input-classes.js';
import { jsonTextFaults } from './json-text.js';
import { leakFaults } from './leaks.js';
import { orderFaults } from './orders.js';
import { pageFaults } from './pages.js';
import { redTeamRounds } from './red-team/rounds.js';
import { recordFaults } from './records.js';
import { requestFormFaults } from './request-forms.js';
import { roundTripFaults } from './round-trip.js';
import { stateFaults } from './state.js';
import { transportFaults } from './transport.js';
import { type CaughtFault, isCaught, isRedTeam, type PlantedFault } from '../planted-fault.js';
import { namesInOrderMet } from '../red-team-rounds.js';

/** Every fault planted in the reference server: each a documented rule broken at one operation, with what the kit must make of it. */
export const plantedFaults: readonly PlantedFault[] = [
  ...transportFaults,
  ...framingFaults,
  ...jsonTextFaults,
  ...headerFaults,
  ...requestFormFaults,
  ...envelopeFaults,
  ...recordFaults,
  ...askedFaults,
  ...pageFaults,
  ...orderFaults,
  ...leakFaults,
  ...authFaults,
  ...stateFaults,
  ...roundTripFaults,
  ...inputClassFaults,
  ...Object.values(redTeamRounds).flat(),
];

/** The red team's faults, round by round in the order the kit met them. */
export const redTeamFaults = plantedFaults.filter(isRedTeam).sort((a, b) => namesInOrderMet.indexOf(a.name) - namesInOrderMet.indexOf(b.name));

/**
 * The mutation set: the planted faults some check must report, the kit's own by area in the order
 * the checks are reported, then the red team's in the order met. The kit's mutation test starts the
 * server with each in turn and requires the named check to fire; docs/checks.md shows, for each
 * check, the first fault here that trips it.
 */
export const faults: readonly CaughtFault[] = [...plantedFaults.filter((fault) => !isRedTeam(fault)), ...redTeamFaults].filter(isCaught);

export function findFault(name: string): CaughtFault | undefined {
  return faults.find((fault) => fault.name === name);
}

export function findPlantedFault(name: string): PlantedFault | undefined {
  return plantedFaults.find((fault) => fault.name === name);
}
