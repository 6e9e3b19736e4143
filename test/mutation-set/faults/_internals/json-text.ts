/**
 * JSON text as serializers other than JSON.stringify write it: a Python encoder that lets NaN
 * through, a template that escapes only quotes, a JavaScript-string escaper, PL/SQL's TO_CHAR, a
 * Jinja template handed Python values, PHP's json_encode. Each is JSON.stringify with some values
 * written another way.
 */

import { isPlainObject } from '../../../../src/reference/json.js';

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

const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');

/** One character as Python's unicode_escape codec writes it: \xNN up to U+00FF, \uNNNN in the BMP, \UNNNNNNNN beyond. */
function unicodeEscaped(char: string): string {
  const point = char.codePointAt(0) ?? 0;
  if (char === '\\') return '\\\\';
  if (char === '\t') return '\\t';
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (point < 0x20 || (point >= 0x7f && point <= 0xff)) return `\\x${hex(point, 2)}`;
  if (point < 0x7f) return char;
  return point <= 0xffff ? `\\u${hex(point, 4)}` : `\\U${hex(point, 8)}`;
}

/** A string as a hand-made encoder writes it with Python's s.encode('unicode_escape'), quotes escaped after: ASCII-safe, and right only where the codec's escapes happen to be JSON's. */
export const pythonUnicodeEscaped: ValueText = (value) =>
  typeof value === 'string' ? `"${Array.from(value, unicodeEscaped).join('').replaceAll('"', '\\"')}"` : undefined;

/**
 * Every digit of the binary fraction a double holds, as Java's new BigDecimal(double).toString()
 * writes it: 0.95 as 0.9499999999999999555910790149937383830547332763671875.
 */
export function exactDecimal(value: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n === 1n ? '-' : '';
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  // value = mantissa × 2^power; subnormals have no implicit leading bit.
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const power = (biased === 0 ? 1 : biased) - 1075;
  if (power >= 0) return `${sign}${mantissa << BigInt(power)}`;
  // mantissa / 2^k = mantissa × 5^k / 10^k: k decimal places, exactly.
  const places = -power;
  const digits = (mantissa * 5n ** BigInt(places)).toString().padStart(places + 1, '0');
  const decimals = digits.slice(-places).replace(/0+$/, '');
  return `${sign}${digits.slice(0, -places)}${decimals === '' ? '' : `.${decimals}`}`;
}

/** A number under one of these member names written as new BigDecimal(double) keeps it, where it has a fraction. */
export const bigDecimalOfDouble =
  (names: ReadonlySet<string>): ValueText =>
  (value, key) =>
    names.has(key) && typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value) ? exactDecimal(value) : undefined;
