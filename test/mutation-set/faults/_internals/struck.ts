/** Faults that strike only some calls of their operation, or an operation the server places at a path of its own. */

import { findListedOperation } from '../../../../src/catalogue/listed-operations.js';
import { mappedOperation } from '../../../../src/catalogue/operation-map.js';
import { wirePath } from '../../../../src/catalogue/operations.js';
import { type Fault, type FaultFacts, socketFault } from '../../../../src/reference/faults/fault.js';
import { referenceOperationMapFile } from '../../../../src/reference/map-file.js';
import { readOperationMap } from '../../../../src/validation/operation-map-file.js';

/** A fault that takes over the socket at the calls `when` picks, and leaves the others clean. */
export function inputSocketFault(facts: FaultFacts & { when(payload: unknown): boolean; respond: Fault['respond'] }): Fault {
  const fault = socketFault(facts);
  return { ...fault, strikes: (operation, payload) => fault.strikes(operation, payload) && facts.when(payload) };
}

/** A fault that answers its operation's calls its own way, and also watches requests before routing (what they carry, or others' calls). */
export function watchingFault(facts: FaultFacts & Required<Pick<Fault, 'respond' | 'interceptor'>>): Fault {
  return { ...socketFault(facts), interceptor: facts.interceptor };
}

/** The path the reference server answers an operation of 4.1 at, from its own operation map, doubled slash included. */
export function listedPathOf(operationId: string): string {
  const listed = findListedOperation(operationId);
  const entry = readOperationMap(referenceOperationMapFile).operations[operationId];
  if (!listed || !entry) throw new Error(`The reference server places no operation ${operationId}.`);
  return wirePath(mappedOperation(listed, entry, entry.body));
}
