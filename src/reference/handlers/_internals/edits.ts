import { done, notFound, type Outcome } from './answer.js';
import { removeWhere, takeId } from './state.js';
import type { ReferenceState } from '../../records.js';

/** The records an edit operation of 4.1 changes (bank cards, consignees, invoice profiles), and how one is named. */
export interface EditedRecords<T extends { isDefault: number }> {
  readonly records: T[];
  idOf(entry: T): number;
  /** As a not-found answer names one: "bank card". */
  readonly noun: string;
}

/**
 * An edit operation: without `id` a new record, listed first; with it, that record replaced (not
 * found when none has it). `build` makes the record from the one it replaces, if any; `refuse`
 * may turn it down. One record at most is the default.
 */
export function saveEdit<T extends { isDefault: number }>(
  state: ReferenceState,
  edited: EditedRecords<T>,
  id: number | undefined,
  build: (id: number, before: T | undefined) => T,
  refuse: (entry: T) => Outcome | undefined = () => undefined,
): Outcome {
  const index = id === undefined ? -1 : edited.records.findIndex((entry) => edited.idOf(entry) === id);
  if (id !== undefined && index === -1) return notFound('id', `no ${edited.noun} has the id ${id}`);
  const entry = build(id ?? state.nextId, edited.records[index]);
  const refusal = refuse(entry);
  if (refusal) return refusal;
  // The new id is taken only once the request is accepted, so refused requests leave no gaps.
  const savedId = id ?? takeId(state);
  if (index === -1) edited.records.unshift(entry);
  else edited.records[index] = entry;
  if (entry.isDefault === 1) for (const other of edited.records) if (other !== entry) other.isDefault = 0;
  return done({ id: savedId });
}

/** A delete operation: the record with this id removed, or not found. */
export function deleteEdited<T extends { isDefault: number }>(edited: EditedRecords<T>, id: number): Outcome {
  return removeWhere(edited.records, (entry) => edited.idOf(entry) === id) ? done({}) : notFound('id', `no ${edited.noun} has the id ${id}`);
}
