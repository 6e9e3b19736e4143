import { foldIndexes, pointerToken } from '../../json-pointer.js';
import type { Finding } from '../types.js';

/** Every value of a parsed JSON document with its pointer, depth first, in document order. */
export function* valuesIn(value: unknown, pointer = ''): Generator<{ readonly value: unknown; readonly pointer: string }> {
  yield { value, pointer };
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* valuesIn(item, `${pointer}/${index}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, member] of Object.entries(value)) yield* valuesIn(member, `${pointer}/${pointerToken(name)}`);
  }
}

/** What a walk of a parsed document finds of its objects: how many members they hold together, and their names. */
export interface JsonOutline {
  readonly members: number;
  /** Every member name at any depth, each once. */
  readonly names: ReadonlySet<string>;
}

const NO_MEMBERS: JsonOutline = { members: 0, names: new Set() };

/** Walked once per answer for every check that reads it; a parsed body is never changed. */
const outlines = new WeakMap<object, JsonOutline>();

/** The members of a parsed document's objects, counted and named in one walk (see JsonOutline). */
export function jsonOutline(value: unknown): JsonOutline {
  if (value === null || typeof value !== 'object') return NO_MEMBERS;
  let outline = outlines.get(value);
  if (outline === undefined) {
    const names = new Set<string>();
    outline = { members: countMembers(value, names), names };
    outlines.set(value, outline);
  }
  return outline;
}

function countMembers(value: unknown, names: Set<string>): number {
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += countMembers(item, names);
    return count;
  }
  for (const name in value) {
    names.add(name);
    count += 1 + countMembers((value as Record<string, unknown>)[name], names);
  }
  return count;
}

/** Places of an answer where one failure shows, as findings: one per place, list indexes folded, with its count. */
export function findingsAt(places: readonly { readonly pointer: string; readonly actual: string }[], expected: string): Finding[] {
  const byPlace = new Map<string, { pointer: string; actual: string; occurrences: number }>();
  for (const { pointer, actual } of places) {
    const place = byPlace.get(foldIndexes(pointer));
    if (place) place.occurrences++;
    else byPlace.set(foldIndexes(pointer), { pointer, actual, occurrences: 1 });
  }
  return [...byPlace.values()].map(({ pointer, actual, occurrences }) => ({
    instancePath: pointer,
    expected,
    actual: occurrences > 1 ? `${actual} (and ${occurrences - 1} more like it)` : actual,
    ...(occurrences > 1 ? { occurrences } : {}),
  }));
}
