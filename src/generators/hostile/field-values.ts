import { shorten } from './json-text.js';
import type { JsonType } from './shape.js';

/*
 * The values hostile requests put into a field, as JSON text with a short printable label. Each
 * list starts with its plainest entry: fast-check shrinks a constantFrom towards the first value.
 */

/** A value written into a body: its exact JSON text and how descriptions show it. */
export interface FieldValue {
  readonly text: string;
  readonly label: string;
}

/** A JavaScript value, written by JSON.stringify (which escapes lone surrogates as `\udXXX`). */
export const json = (value: unknown, label?: string): FieldValue => {
  const text = JSON.stringify(value);
  return { text, label: label ?? shorten(text) };
};

/** JSON text written as is: numbers JSON.stringify cannot write, such as `1e400`. */
const raw = (text: string): FieldValue => ({ text, label: text });

// ---- wrong-type ---------------------------------------------------------------------------------

/** A value of another type, made from the field's current value where that reads more plausibly. */
export type WrongValue = (current: unknown) => FieldValue;

const asNumber = (current: unknown): number => {
  const number = Number(current);
  return typeof current === 'string' && /^-?\d+(\.\d+)?$/.test(current) && Number.isSafeInteger(Math.trunc(number)) ? number : 1;
};

const forNumbers: readonly WrongValue[] = [
  (current) => json(String(current)), // "12": the number as text, which lenient servers coerce
  () => json(''),
  () => json(true),
  (current) => json([current]),
  () => json({}),
];
const forStrings: readonly WrongValue[] = [
  (current) => json(asNumber(current)), // cid "12" sent as 12
  () => json(true),
  (current) => json([current]),
  () => json({}),
];

/** Wrong values per declared type: "string where number/integer, number where string, boolean, array, object". */
export const wrongValues: Readonly<Record<JsonType, readonly WrongValue[]>> = {
  number: forNumbers,
  integer: forNumbers,
  string: forStrings,
  boolean: [() => json('true'), () => json(1), () => json([true]), () => json({})],
  array: [
    (current) => json(JSON.stringify(current)), // the array encoded twice, as a string
    (current) => json(Array.isArray(current) && current.length > 0 ? current[0] : {}), // one line instead of a list
    () => json(1),
    () => json(true),
  ],
  object: [(current) => json(JSON.stringify(current)), () => json(1), () => json(true), (current) => json([current])],
  null: [() => json(0), () => json(''), () => json(false), () => json([]), () => json({})],
};

// ---- extra-field --------------------------------------------------------------------------------

/** A member the schema does not declare. */
export interface ExtraMember {
  readonly key: string;
  readonly value: FieldValue;
}

/** Members aimed at prototype pollution, mass assignment, shadowed methods and key-length limits. */
export const extraMembers: readonly ExtraMember[] = [
  { key: 'unexpectedField', value: json('value') },
  // Written as text: `{"__proto__": …}` in JSON creates an own member, an object literal would not.
  { key: '__proto__', value: json({ isAdmin: true }) },
  { key: 'constructor', value: json({ prototype: { isAdmin: true } }) },
  { key: 'hasOwnProperty', value: json('not a function') },
  { key: 'isAdmin', value: json(true) },
  { key: '$where', value: json('1 == 1') },
  { key: '', value: json(1) },
  { key: 'k'.repeat(1000), value: json(1) },
];

// ---- boundary-number ----------------------------------------------------------------------------

/** Edges of 32-bit and 53-bit integers and of doubles, for every numeric field. */
const numericBoundaries: readonly FieldValue[] = [
  raw('0'),
  raw('-1'),
  raw('-0'),
  raw('2147483647'),
  raw('2147483648'), // 2^31
  raw('-2147483649'),
  raw('9007199254740992'), // 2^53
  raw('-9007199254740992'),
  raw('9007199254740993'), // 2^53 + 1: no double holds it
  raw('1e308'),
  raw('-1e308'),
  raw('5e-324'),
  // Valid JSON grammar, but beyond any double: JavaScript reads Infinity, strict parsers fail.
  raw('1e400'),
  raw('-1e400'),
  raw('1e-400'),
];

/** Only where "integer" is declared: a fraction, and integers written in a floating-point form. */
const integerBoundaries: readonly FieldValue[] = [raw('1.5'), raw('1.0'), raw('1e2')];

export const boundaryNumbers = (type: 'number' | 'integer'): readonly FieldValue[] =>
  type === 'integer' ? [...numericBoundaries, ...integerBoundaries] : numericBoundaries;

// ---- long-string --------------------------------------------------------------------------------

const longLength = 10_000;
const repeatTo = (pattern: string, length: number): string => pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

/** Strings of exactly 10,000 characters (UTF-16 code units; the CJK ones are all in the BMP). */
export const longStrings: readonly FieldValue[] = [
  json(repeatTo('A', longLength), '"AAAA…" (10,000 ASCII chars)'),
  json(repeatTo('无水乙醇氯化钠乙腈甲苯丙酮甲醇', longLength), '"无水乙醇…" (10,000 CJK chars)'),
  json(repeatTo('9', longLength), '"9999…" (10,000 digits)'),
];

// ---- unicode ------------------------------------------------------------------------------------

/** Each character of `word` followed by `marks` combining diacritics (U+0300–U+036F). */
const zalgo = (word: string, marks: number): string =>
  [...word].map((ch, i) => ch + Array.from({ length: marks }, (_, j) => String.fromCharCode(0x300 + ((i * 7 + j * 11) % 0x70))).join('')).join('');

/** Text that breaks byte counting, rendering, normalisation and UTF-16 assumptions. */
export const unicodeStrings: readonly FieldValue[] = [
  json('无水乙醇（分析纯，≥99.7%）'),
  json('𠜎𠜱𠝹𠱓'), // CJK Extension B: surrogate pairs
  json('🧪⚗️👩‍🔬🇨🇳👍🏽'), // emoji: surrogate pairs, variation selector, ZWJ sequence, flag, skin tone
  json('مختبر الكيمياء'), // Arabic
  json('מעבדה כימית'), // Hebrew
  json('order\u202Efdp.exe'), // RIGHT-TO-LEFT OVERRIDE: shows as "orderexe.pdf"
  json(zalgo('Zalgo', 12)),
  json('A\u0000B'),
  json('\u0000'),
  json('\u0001\u0007\b\t\n\u000B\f\r\u001B[31m\u007F\u0085'), // C0, ANSI escape, DEL, C1 NEL
  json('\uD800'), // lone high surrogate, sent as the escape "\ud800"
  json('\uDFFF'), // lone low surrogate
  json('A\uD83DB'), // high surrogate not followed by a low one
  json('\uDC00\uD800'), // a pair in the wrong order
  json('a\u200Bb\u200Cc\u200Dd\uFEFFe'), // zero-width characters and a BOM inside text
  json('line\u2028separator\u2029'),
  json('\uFFFE\uFFFF\uFFFD'), // noncharacters and the replacement character
  json('１２３４５'), // fullwidth digits
  json('e\u0301 é ﬁ İı ß'), // NFD vs NFC, a ligature, and characters whose case mapping changes length
];

// ---- injection ----------------------------------------------------------------------------------

/** Payloads of the common injection classes; harmless on a sound server, telling on a careless one. */
export const injections: readonly FieldValue[] = [
  json("' OR '1'='1"),
  json('1; DROP TABLE orders--'),
  json('1 OR 1=1'),
  json("1' UNION SELECT NULL,NULL--"),
  json('<script>alert(1)</script>'),
  json('"><img src=x onerror=alert(1)>'),
  json('../../../../etc/passwd'),
  json('..\\..\\windows\\win.ini'),
  json('{{7*7}}'),
  json('$' + '{7*7}'), // split so that no reader takes it for a template literal
  json('<%= 7*7 %>'),
  json('%s%s%n'),
  json('; id'),
  json('$(id)'),
  json('\r\nSet-Cookie: hostile=1'),
  json('$' + '{jndi:ldap://localhost.invalid/a}'), // a .invalid host: the lookup cannot reach anyone
  json('*)(uid=*))(|(uid=*'),
  json({ $ne: null }), // NoSQL operator in place of a value
];
