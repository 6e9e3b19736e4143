/**
 * A value a request names a record or a filter by, or a record carries, as the text the checks
 * compare: 7 and "7" are the same id, and spaces around a string are not part of it. Null, an
 * empty string, booleans, objects and arrays name nothing: undefined.
 */
export function valueText(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text;
}
