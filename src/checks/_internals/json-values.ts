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
