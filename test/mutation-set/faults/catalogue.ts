import { authFaults } from './access/auth.js';
import { leakFaults } from './access/leaks.js';
import { misconfigurationFaults } from './access/misconfiguration.js';
import { resourceFaults } from './access/resources.js';
import { cachingAndCookieFaults } from './http/caching-and-cookies.js';
import { codingFaults } from './http/codings.js';
import { connectionFaults } from './http/connections.js';
import { fieldValueFaults } from './http/field-values.js';
import { framingFaults } from './http/framing.js';
import { headerFaults } from './http/headers.js';
import { requestFormFaults } from './http/request-forms.js';
import { transportFaults } from './http/transport.js';
import { askedFaults } from './records/asked.js';
import { concurrencyFaults } from './records/concurrency.js';
import { consignmentFaults } from './records/consignments.js';
import { demandFaults } from './records/demands.js';
import { recordFaults } from './records/fields.js';
import { memberRecordFaults } from './records/member-records.js';
import { modelFaults } from './records/model.js';
import { orderFaults } from './records/orders.js';
import { pageNumberFaults } from './records/page-numbers.js';
import { pageFaults } from './records/pages.js';
import { raceFaults } from './records/races.js';
import { roundTripFaults } from './records/round-trip.js';
import { sequenceFaults } from './records/sequences.js';
import { stateFaults } from './records/state.js';
import { envelopeFaults } from './text/envelope.js';
import { inputClassFaults } from './text/input-classes.js';
import { jsonTextFaults } from './text/json-text.js';
import { notJsonFaults } from './text/not-json.js';
import { requestTextFaults } from './text/request-text.js';
import { type CaughtFault, isCaught, isRedTeam, type PlantedFault } from '../planted-fault.js';
import { namesInOrderMet } from '../first-sight.js';

/**
 * Every fault planted in the reference server, by what it breaks: HTTP (the status, framing,
 * connections, codings, header fields, request forms), text (JSON and the text inside it), records
 * (fields, what was asked, pages, orders and the records a run creates), and access. Each is one
 * documented rule broken at one operation, with what the kit must make of it.
 */
export const plantedFaults: readonly PlantedFault[] = [
  ...transportFaults,
  ...framingFaults,
  ...connectionFaults,
  ...codingFaults,
  ...jsonTextFaults,
  ...notJsonFaults,
  ...requestTextFaults,
  ...headerFaults,
  ...fieldValueFaults,
  ...cachingAndCookieFaults,
  ...requestFormFaults,
  ...envelopeFaults,
  ...recordFaults,
  ...askedFaults,
  ...pageFaults,
  ...pageNumberFaults,
  ...orderFaults,
  ...demandFaults,
  ...consignmentFaults,
  ...memberRecordFaults,
  ...leakFaults,
  ...authFaults,
  ...misconfigurationFaults,
  ...resourceFaults,
  ...stateFaults,
  ...sequenceFaults,
  ...concurrencyFaults,
  ...roundTripFaults,
  ...modelFaults,
  ...raceFaults,
  ...inputClassFaults,
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
