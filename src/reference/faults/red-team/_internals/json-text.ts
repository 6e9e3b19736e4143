/**
 * JSON text as serializers other than JSON.stringify write it: a Python encoder that lets NaN
 * through, a template that escapes only quotes, a JavaScript-string escaper, PL/SQL's TO_CHAR, a
 * Jinja template handed Python values, PHP's json_encode. Each is JSON.stringify with some values
 * written another way.
 */
import { isPlainObject } from '../../../json.js';

/** How a serializer writes this value (met under this member name or array index), or undefined to write it as JSON.stringify would. */
export type ValueText = (value: unknown, key: string) => string | undefined;

/** The value as JSON text, with each value `written` claims written its way; members holding undefined are left out, as JSON.stringify leaves them. */
export function jsonWith(value: unknown, written: ValueText, key = ''): string {
  const own = written(value, key);
  if (own !== undefined) return own;
  if (Array.isArray(value)) return `[${value.map((item, index) => jsonWith(item, written, String(index))).join(',')}]`;
  if (isPlainObject(value)) {
    const members = Object.entries(value).filter(([, member]) => member !== undefined);
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${jsonWith(member, written, name)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Python's json.dumps with its default allow_nan=True: a float NaN goes out as the bare word NaN. */
export const pythonNaN: ValueText = (value) => (typeof value === 'number' && Number.isNaN(value) ? 'NaN' : undefined);

/** A string as a template writes it between quotes: quotes and backslashes escaped, every other character as it is, line breaks included. */
export const quotesOnlyEscaped: ValueText = (value) => (typeof value === 'string' ? `"${value.replace(/["\\]/g, '\\$&')}"` : undefined);

/** A string as a JavaScript-literal escaper writes it (Commons Lang's escapeJavaScript): JSON's escapes, and \' for an apostrophe besides. */
export const apostropheEscaped: ValueText = (value) => (typeof value === 'string' ? JSON.stringify(value).replaceAll("'", "\\'") : undefined);

/** A whole number under this member name written as the float it was computed as (Python 2's math.ceil returns one): 4 as 4.0. */
export const floatAt =
  (name: string): ValueText =>
  (value, key) =>
    key === name && Number.isInteger(value) ? `${value as number}.0` : undefined;

/** A number as Oracle's TO_CHAR writes it, which a PL/SQL-built JSON text takes as it is: 0.95 as .95, -0.5 as -.5. */
export const oracleDecimals: ValueText = (value) =>
  typeof value === 'number' && value !== 0 && Math.abs(value) < 1 ? String(value).replace(/^(-?)0\./, '$1.') : undefined;

/** A null as a Jinja template renders a Python None it is handed raw ({{ value }}): the word None. */
export const pythonNone: ValueText = (value) => (value === null ? 'None' : undefined);

/** An empty object as PHP's json_encode writes the empty array() that stands for one: []. */
export const phpEmptyArrays: ValueText = (value) => (isPlainObject(value) && Object.keys(value).length === 0 ? '[]' : undefined);
