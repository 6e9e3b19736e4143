import { findOperation } from '../../catalogue/operations.js';
import { type DeclaredMembers, declaredMembers } from '../../validation/declared-members.js';
import { recordSchemaId } from '../../validation/validator.js';
import type { FieldValue } from '../hostile/field-values.js';
import { type Path, valueAt } from '../hostile/json-text.js';
import { schemaDocumentsById } from '../hostile.js';
import { plantedValue } from './classes.js';

/** One object of a body that a record of the answer answers, and what to write into it. */
export interface PlantedObject {
  /** Where the object is in the body: [] for the body itself, ['items', 0] for the first order line. */
  readonly path: Path;
  /** The members its record carries and the request schema does not declare, each with its planted value. */
  readonly members: ReadonlyArray<{ readonly key: string; readonly value: FieldValue }>;
}

/** What a record declares and a request does not, each with a planted value (members of no planted value left out). */
function plantable(record: DeclaredMembers, request: DeclaredMembers): PlantedObject['members'] {
  return [...record].flatMap(([key, member]) => {
    const value = request.has(key) ? undefined : plantedValue(member);
    return value ? [{ key, value }] : [];
  });
}

/**
 * The objects of an operation's base body that the record it answers with answers (`response.kind`
 * 'record', 4): the body itself against the record, and the first element of each array of objects
 * against the elements of the record's array of that name (#14/#15 items[0] against the order's
 * lines, 2.4). None for an operation that answers no record, or an object with nothing to plant.
 */
export function plantedObjects(operationId: string, base: Readonly<Record<string, unknown>>): PlantedObject[] {
  const operation = findOperation(operationId);
  if (operation?.response.kind !== 'record') return [];
  const documents = schemaDocumentsById();
  const record = declaredMembers(documents, recordSchemaId(operation.response.schema));
  const request = declaredMembers(documents, operation.requestSchema);
  const objects: PlantedObject[] = [{ path: [], members: plantable(record, request) }];
  for (const [key, member] of request) {
    const answered = record.get(key)?.elements;
    const element: Path = [key, 0];
    const sent = valueAt(base, element);
    if (!member.elements || !answered || sent === null || typeof sent !== 'object' || Array.isArray(sent)) continue;
    objects.push({ path: element, members: plantable(answered, member.elements) });
  }
  return objects.filter((object) => object.members.length > 0);
}
