import { differences } from '../flows/records.js';
import type { Handle } from './commands.js';
import { createdShown, deletedGone, editShown, type ModelRule, othersUntouched, readChangesNothing } from './rules.js';

/** A record the run made, as the model knows it. */
export interface OwnRecord {
  readonly handle: Handle;
  /** What its create put in the set's marker field: unique to this record of this run. */
  readonly marker: string;
  /** Its id, learnt from the first list that showed it: as the server wrote it, and as text to compare. */
  id?: { readonly value: unknown; readonly text: string };
  /** Record field → the value the model predicts there. */
  values: Record<string, unknown>;
  exists: boolean;
  /** The page of the list that last showed it: where a deleted record would still be. */
  page?: number;
  /** Its place in the list (from 0) where the last list showed it: its page at one record a page is this plus one. */
  position?: number;
  lastWrite: 'create' | 'edit' | 'delete';
  /**
   * The views (the list, the lookup) that showed it as predicted since its last write, each with
   * whether the run wrote another of its records since.
   */
  confirmed: Map<View, { othersWritten: boolean }>;
  /**
   * Its marker was listed on two records: another client sent the same create (a retry, a second
   * tab), and which is the run's cannot be told. Never written to nor compared again.
   */
  untracked: boolean;
}

/** Where a record is seen: the list, its page at one record a page, or the lookup by id. */
export type View = 'list' | 'page' | 'read';

/** The records of one sequence, by handle. */
export type ModelState = Map<Handle, OwnRecord>;

/**
 * The rule a disagreement in a view breaks, by what changed since that view last showed the record
 * as predicted: its own create, edit or delete (the view has not shown it since); another record's
 * write; or nothing but reads.
 */
export function ruleFor(record: OwnRecord, view: View): ModelRule {
  const since = record.confirmed.get(view);
  if (!since) return record.lastWrite === 'create' ? createdShown : record.lastWrite === 'edit' ? editShown : deletedGone;
  return since.othersWritten ? othersUntouched : readChangesNothing;
}

/** Every other record learns that the run wrote one beside it. */
function besides(state: ModelState, record: OwnRecord): void {
  for (const other of state.values()) if (other !== record) for (const since of other.confirmed.values()) since.othersWritten = true;
}

/** A write the server accepted: the record's new state, and every other record's knowledge that something was written. */
export function written(state: ModelState, record: OwnRecord, kind: 'edit' | 'delete'): void {
  besides(state, record);
  record.lastWrite = kind;
  record.confirmed.clear();
  if (kind === 'delete') record.exists = false;
}

/** A record just made: the others learn of a write. */
export function created(state: ModelState, record: OwnRecord): void {
  besides(state, record);
  state.set(record.handle, record);
}

/** A view showed the record as predicted. */
export function confirm(record: OwnRecord, view: View): void {
  record.confirmed.set(view, { othersWritten: false });
}

/**
 * The predicted fields a record shows otherwise, as `field "shown" (sent "value")`: those the record
 * names, compared as the round trips compare (records.ts: a number as its numeric text, text in
 * any Unicode normalisation form).
 */
export function otherwise(record: Pick<OwnRecord, 'values'>, shown: Readonly<Record<string, unknown>>): string[] {
  const named = Object.fromEntries(Object.entries(record.values).filter(([field]) => field in shown));
  return differences(shown, named);
}
