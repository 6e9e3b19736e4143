import { askedFaults } from './asked.js';
import { authFaults } from './auth.js';
import { envelopeFaults } from './envelope.js';
import { framingFaults } from './framing.js';
import { headerFaults } from './headers.js';
import type { Fault } from '../../../src/reference/faults/fault.js';
import { inputClassFaults } from './input-classes.js';
import { jsonTextFaults } from './json-text.js';
import { leakFaults } from './leaks.js';
import { orderFaults } from './orders.js';
import { pageFaults } from './pages.js';
import { caughtRedTeamFaults } from './red-team/caught.js';
import { recordFaults } from './records.js';
import { requestFormFaults } from './request-forms.js';
import { roundTripFaults } from './round-trip.js';
import { stateFaults } from './state.js';
import { transportFaults } from './transport.js';

/**
 * Every fault the reference server can inject, each a documented rule broken at one operation, by
 * area in the order the checks are reported. The kit's mutation test starts the server with each in
 * turn and requires the named check to fire; docs/checks.md shows, for each check, the first fault
 * here that trips it.
 */
export const faults: readonly Fault[] = [
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
  ...caughtRedTeamFaults,
];

export function findFault(name: string): Fault | undefined {
  return faults.find((fault) => fault.name === name);
}
