import type { DeclaredMember } from '../../validation/declared-members.js';
import { json, type FieldValue } from '../hostile/field-values.js';

/*
 * The input classes of the coverage pass, as data. Every field of every documented request gets
 * one request per class that fits its declared type, the class alone on an otherwise valid body,
 * so an answer points at one cause. Where a class holds several values, an operation's fields take
 * them in turn (the n-th field the class reaches gets value n mod count): every value is sent, and
 * each field still gets the class once.
 */

/** Families group classes in reports: a user reads "numbers: 11 classes, 132 requests". */
export type CoverageFamily =
  | 'number'
  | 'string'
  | 'nesting'
  | 'null'
  | 'absent'
  | 'wrong-type'
  | 'prototype-key'
  | 'duplicate-key'
  | 'server-owned'
  | 'recipients'
  | 'repeated-element'
  | 'whole-body';

/**
 * Where a class's values go: fields declared "number"/"integer", "string" fields, fields holding
 * a number written as text (#6 cid, #14/#15 num; see `roles.ts`), or fields that take an array or
 * an object (#14/#15 items and their first line).
 */
export type Target = 'numeric' | 'string' | 'numeric-text' | 'structure';

export interface ValueClass {
  /** Stable: report.json and the HTML report name it. */
  readonly id: string;
  readonly family: CoverageFamily;
  readonly targets: readonly Target[];
  /** JSON texts, in the order fields take them. */
  readonly values: readonly FieldValue[];
  /**
   * Roles of fields (`roles.ts`) where the spec allows the value: there the call is judged as a
   * valid one (every documented rule), elsewhere as a hostile one (the server stays on its feet).
   */
  readonly allowedIn?: readonly FieldRole[];
  /** Sent to the first field of an operation it fits, not to each: a value that costs too much to send everywhere. */
  readonly oncePerOperation?: true;
}

/** What a field holds, beyond its JSON type; the spec names no formats (4.1), so this is the kit's reading of each name. */
export type FieldRole = 'free-text' | 'quantity' | 'amount' | 'quantity-text' | 'filter';

/**
 * What a value must also be to be valid in a field of a role, beyond its class: an amount in yuan
 * is whole fen, so 1.005 in a price is judged as a hostile value while 2.5 is a valid one.
 */
export const roleFits: Partial<Record<FieldRole, (text: string) => boolean>> = {
  amount: (text) => /^\d+(\.\d{1,2})?$/.test(text),
};

/**
 * Where null is a valid value: a list's `status` filter, which the samples show as null ("Request
 * fields of #1 to #5 and #7 to #12 are shown with null or numeric sample values only", 4 rule 4)
 * and which then filters nothing. Elsewhere null is judged as a hostile value: what a server must
 * do with a null it needs is not shown.
 */
export const nullAllowedIn: readonly FieldRole[] = ['filter'];

const raw = (text: string): FieldValue => ({ text, label: text });
/** A number written as a JSON string: "2.5". */
const asText = (text: string): FieldValue => json(text);

/** Numbers: edges of 32-bit and 53-bit integers and of doubles, decimals, exponent notation. */
const numberClasses: readonly ValueClass[] = [
  { id: 'zero', family: 'number', targets: ['numeric'], values: [raw('0')] },
  { id: 'one', family: 'number', targets: ['numeric'], values: [raw('1')], allowedIn: ['quantity', 'amount'] },
  { id: 'minus-one', family: 'number', targets: ['numeric'], values: [raw('-1')] },
  // No bound is documented ("Rate limits, maximum page size and other bounds: not shown", 8): the
  // bounds are those of the integer types a server stores numbers in, and the bound ± 1.
  { id: 'int32-max', family: 'number', targets: ['numeric'], values: [raw('2147483647')] },
  { id: 'int32-max-plus-one', family: 'number', targets: ['numeric'], values: [raw('2147483648')] },
  { id: 'beyond-double', family: 'number', targets: ['numeric'], values: [raw('9007199254740993')] },
  { id: 'huge', family: 'number', targets: ['numeric'], values: [raw('1e308')] },
  { id: 'decimal', family: 'number', targets: ['numeric'], values: [raw('2.5'), raw('0.5'), raw('1.005')], allowedIn: ['quantity', 'amount'] },
  { id: 'negative-decimal', family: 'number', targets: ['numeric'], values: [raw('-2.5'), raw('-0.5'), raw('-1.005')] },
  { id: 'exponent', family: 'number', targets: ['numeric'], values: [raw('1e2'), raw('2.5E1'), raw('1e-2')] },
  {
    id: 'numeric-string',
    family: 'number',
    targets: ['numeric'],
    values: ['0', '1', '-1', '2147483648', '9007199254740993', '1e308', '0.5', '2.5', '1.005', '-2.5', '1e2'].map(asText),
  },
  // A number written as text, in a field documented as a string that holds one (num, cid).
  { id: 'decimal-text', family: 'number', targets: ['numeric-text'], values: ['2.5', '0.5', '1.005'].map(asText), allowedIn: ['quantity-text'] },
  {
    id: 'edge-number-text',
    family: 'number',
    targets: ['numeric-text'],
    values: ['0', '-1', '2147483648', '-2.5', '9007199254740993', '1e308', '1e2'].map(asText),
  },
  // Forms the grammar allows that hand-written number readers trip on (RFC 8259 §6: "A JSON parser MUST accept all texts that conform", §9).
  { id: 'number-forms', family: 'number', targets: ['numeric'], values: [raw('-0'), raw('1E+2'), raw('0e0'), raw('-0.0')] },
  // Past a double's magnitude or precision: allowed by the grammar, and a limit a parser may set (RFC 8259 §9, RFC 7493 §2.2).
  {
    id: 'beyond-double-range',
    family: 'number',
    targets: ['numeric'],
    values: [raw('1e400'), raw('-1e400'), raw('1e-400'), raw('123456789012345678901234567890'), raw('3.141592653589793238462643383279')],
  },
  // Not JSON at all (RFC 8259 §6: "Leading zeros are not allowed"): a server must refuse the text, not crash on it.
  { id: 'invalid-number', family: 'number', targets: ['numeric'], values: [raw('012'), raw('+1'), raw('.5'), raw('1.')] },
];

const longLength = 10_000;
/** 128 KiB: past the 100 kB default body limit of Express's JSON parser. */
const LARGE_LENGTH = 128 * 1024;

/** Strings: lengths, scripts, invisible characters, quoting and the metacharacters of common interpreters. */
const stringClasses: readonly ValueClass[] = [
  { id: 'empty', family: 'string', targets: ['string'], values: [json('')] },
  { id: 'one-character', family: 'string', targets: ['string'], values: [json('A'), json('氯')], allowedIn: ['free-text'] },
  { id: 'long', family: 'string', targets: ['string'], values: [json('A'.repeat(longLength), '"AAAA…" (10,000 chars)')] },
  { id: 'whitespace', family: 'string', targets: ['string'], values: [json('   '), json(' \t\n ')] },
  // Surrogate pairs: emoji with a ZWJ sequence, a flag, a skin tone; CJK Extension B.
  { id: 'astral', family: 'string', targets: ['string'], values: [json('实验室🧪👩‍🔬'), json('𠜎𠜱 试剂'), json('🇨🇳👍🏽 ok')], allowedIn: ['free-text'] },
  { id: 'combining-marks', family: 'string', targets: ['string'], values: [json('Ångström a\u0308\u0301\u0323')], allowedIn: ['free-text'] },
  { id: 'right-to-left', family: 'string', targets: ['string'], values: [json('مختبر الكيمياء'), json('מעבדה כימית')], allowedIn: ['free-text'] },
  {
    id: 'control-characters',
    family: 'string',
    targets: ['string'],
    values: [json('A\u0000B'), json('\u0001\u0007\b\u001B[31m\u007F'), json('order\u202Efdp.exe')],
  },
  { id: 'apostrophe', family: 'string', targets: ['string'], values: [json("O'Neill & Sons")], allowedIn: ['free-text'] },
  { id: 'double-quote', family: 'string', targets: ['string'], values: [json('2.5" flask, "AR" grade')], allowedIn: ['free-text'] },
  // The five characters an HTML escaper replaces, all in one plain text: a server that stores text as sent answers it as sent.
  { id: 'markup-characters', family: 'string', targets: ['string'], values: [json('Store <25 C & >2 C, "dry"; don\'t stack')], allowedIn: ['free-text'] },
  { id: 'backslash', family: 'string', targets: ['string'], values: [json('C:\\lab\\new'), json('\\u0041\\')] },
  { id: 'sql', family: 'string', targets: ['string'], values: [json("' OR '1'='1"), json('1; DROP TABLE orders--')] },
  { id: 'html', family: 'string', targets: ['string'], values: [json('<script>alert(1)</script>'), json('"><img src=x onerror=alert(1)>')] },
  { id: 'template', family: 'string', targets: ['string'], values: [json('{{7*7}}'), json('$' + '{7*7}'), json('<%= 7*7 %>')] },
  // NFD beside NFC, a ligature, and characters whose case mapping changes length.
  { id: 'normalisation', family: 'string', targets: ['string'], values: [json('Cafe\u0301 Café ﬁ İ ß')], allowedIn: ['free-text'] },
  // Escapes the grammar allows for any character (RFC 8259 §7): an escaped solidus, BMP characters, a surrogate pair.
  {
    id: 'escapes',
    family: 'string',
    targets: ['string'],
    values: [raw('"lab\\/bench 2"'), raw('"\\u00e9t\\u00e9 \\u5b9e\\u9a8c"'), raw('"\\ud83e\\uddea \\ud840\\udc0e"')],
    allowedIn: ['free-text'],
  },
  // A character of each plane beyond the BMP (1, 2, 3, 14) and of the private use areas, where the characters of rare names are kept.
  {
    id: 'unicode-planes',
    family: 'string',
    targets: ['string'],
    values: [
      json('𓂀 𝔸𝔹', '"𓂀 𝔸𝔹" (plane 1)'),
      json('𪜀𫝀', '"𪜀𫝀" (plane 2)'),
      json('𰀀𱍐', '"𰀀𱍐" (plane 3)'),
      json('🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', 'a flag of plane 14 tags'),
      json('\uE000', 'U+E000 (private use)'),
      json('\u{F0000}', 'U+F0000 (plane 15, private use)'),
      json('\u{10FFFD}', 'U+10FFFD (plane 16, private use)'),
    ],
    allowedIn: ['free-text'],
  },
  // What databases and strict encoders refuse: lone surrogates (escaped: RFC 8259 §8.2), NUL (PostgreSQL text), noncharacters (RFC 7493 §2.1).
  {
    id: 'refused-code-points',
    family: 'string',
    targets: ['string'],
    values: [
      json('A\uD800B', '"A\\ud800B" (a lone high surrogate)'),
      json('\uFFFE', 'U+FFFE (a noncharacter)'),
      json('A\u0000B', '"A\\u0000B" (NUL)'),
      json('\uDC00', '"\\udc00" (a lone low surrogate)'),
      json('\uFFFF', 'U+FFFF (a noncharacter)'),
      json('\uFDD0', 'U+FDD0 (a noncharacter)'),
      json('\u{10FFFF}', 'U+10FFFF (a noncharacter)'),
    ],
  },
  // A run of digits that a character outside every common class ends: a pattern that nests a
  // quantifier over digits, word characters or alphanumerics (/^(\d+)+$/, /^(\w+)*$/) tries every
  // way to split the run before it fails, twice the time for each digit more, where a bounded or
  // linear one refuses at once. 30 digits: past the 25 or so at which a backtracking engine spends
  // a second, and short enough for any field a server reads whole. One value: each field gets it once.
  { id: 'backtracking', family: 'string', targets: ['string'], values: [json(`${'1'.repeat(30)}!`, '"1111…1!" (30 digits and "!")')] },
  // Past the 100 kB a JSON body parser takes by default (Express's): where a server's limits answer, if not its handler.
  {
    id: 'large',
    family: 'string',
    targets: ['string'],
    values: [json('A'.repeat(LARGE_LENGTH), `"AAAA…" (${LARGE_LENGTH.toLocaleString('en')} chars)`)],
    oncePerOperation: true,
  },
];

/** Nested arrays, or objects each holding the next, `depth` levels in all. */
const nested = (depth: number): readonly FieldValue[] => [
  { text: `${'['.repeat(depth)}${']'.repeat(depth)}`, label: `[[[…]]] (${depth.toLocaleString('en')} levels)` },
  { text: `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`, label: `{"a":{"a":…}} (${depth.toLocaleString('en')} levels)` },
];

/** Nesting where a field takes an array or an object: within any limit (64), and past common ones (1,000; RFC 8259 §9). */
const nestingClasses: readonly ValueClass[] = [
  { id: 'deep-nesting', family: 'nesting', targets: ['structure'], values: nested(64) },
  { id: 'very-deep-nesting', family: 'nesting', targets: ['structure'], values: nested(1000) },
];

/** Wrong JSON types, per declared type: fields take them in turn. */
export const wrongTypeValues: Readonly<Record<'numeric' | 'string' | 'array' | 'object', readonly FieldValue[]>> = {
  numeric: [json(true), json([1]), json({})],
  string: [json(12), json(true), json(['A']), json({})],
  array: [json('[]'), json({}), json(1)],
  object: [json('{}'), json([]), json(1)],
};

/** Every class that sets a field's value; null, absence, wrong types and keys are built in `requests.ts`. */
export const valueClasses: readonly ValueClass[] = [...numberClasses, ...stringClasses, ...nestingClasses];

/** Members written into every object of a body (the body, each first order line). */
export const prototypeKeys: readonly { readonly key: string; readonly value: FieldValue }[] = [
  { key: '__proto__', value: json({ isAdmin: true }) },
  { key: 'constructor', value: json({ prototype: { isAdmin: true } }) },
];

/**
 * What the `server-owned-field` class writes into each member a record answers and the request does
 * not take (OWASP API3, mass assignment), by the record member's type: values no server produces by
 * itself, so that one the answer carries back was taken from the request. A number within a
 * DECIMAL(10,2) and an integer within 32 bits, so that a column of the usual size holds them.
 */
const planted = {
  integer: json(987654321),
  number: json(98765.43),
  boolean: json(true),
  text: json('planted-by-client'),
  date: json('2001-02-03'),
  dateTime: json('2001-02-03T04:05:06Z'),
} as const;

/** The planted value for a member of a record, or none for one that holds an array, an object or null. */
export function plantedValue(member: DeclaredMember): FieldValue | undefined {
  switch (member.type) {
    case 'integer':
      return planted.integer;
    case 'number':
      return planted.number;
    case 'boolean':
      return planted.boolean;
    case 'string':
      return member.format === 'date-time' ? planted.dateTime : member.format === 'date' ? planted.date : planted.text;
    // "type and format of createdAt: not shown" (2.10): text, which any column of text takes.
    case undefined:
      return planted.text;
    default:
      return undefined;
  }
}

/**
 * What the `several-recipients` class writes into the field that names a paid message's one
 * recipient (`recipientField`): the base body's own value listed twice with each separator servers
 * split on (a comma, a semicolon, a space), and as a JSON array of two (numbers, where it is digits).
 * One request each: a server may split on one separator and not on another.
 */
export function severalRecipients(value: string | number): readonly FieldValue[] {
  const text = String(value);
  const item = /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : text;
  return [json(`${text},${text}`), json(`${text};${text}`), json(`${text} ${text}`), json([item, item])];
}

/**
 * What the `repeated-element` class writes into a field that takes an array: the base body's own
 * elements with the first one written again at the end, two equal elements in one array (an order
 * with the same product and quantity on two lines, as a customer orders for two labs). JSON gives an
 * array's elements no identity: each is a value of its own (RFC 8259 5), and the answer shows each.
 */
export function repeatedElement(elements: readonly unknown[]): FieldValue {
  return { text: JSON.stringify([...elements, elements[0]]), label: 'its first element written again at its end' };
}
