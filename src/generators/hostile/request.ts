/** One request body the kit sends to see whether the server stays on its feet. */
export interface HostileRequest {
  /** Category, stable: one of `hostileKinds`. */
  readonly kind: HostileKind;
  /** A short human description, e.g. 'pageSize: 1e308' or 'items[0].pCode: "<script>alert(1)</script>"' or 'body: [1,2]'. */
  readonly description: string;
  /** The exact request body text; undefined means send no body at all. */
  readonly body: string | undefined;
}

/**
 * The categories, in the order `fc.oneof` lists them. The first eight keep the body a JSON object
 * and change one field or member; the last three replace the body.
 */
export const hostileKinds = [
  /** A declared field with a value of another type: "12" for a number, 12 for a string, true, [...], {}. */
  'wrong-type',
  /** A required field left out; where several are required, also all of them (`{}`). */
  'missing-field',
  /** A declared field, an array of lines or a line set to null. */
  'null-field',
  /** An undeclared member: `__proto__`, `constructor`, `hasOwnProperty`, a 1000-char key, … */
  'extra-field',
  /** 0, -1, 2^31, ±2^53, 1e308, 5e-324, the overflowing `1e400`; 1.5 where "integer" is declared. */
  'boundary-number',
  /** A 10,000-character string: ASCII, CJK or digits. */
  'long-string',
  /** CJK, emoji, right-to-left and U+202E, combining marks, NUL and control characters, lone surrogates. */
  'unicode',
  /** SQL, HTML/script, path traversal, template, format-string, shell, CRLF, JNDI, LDAP, NoSQL. */
  'injection',
  /** Valid JSON that is not an object: null, true, a number, a string, an array. */
  'non-object-body',
  /** Text JSON.parse rejects: truncated, trailing comma, single quotes, bare word, BOM, NaN, … */
  'invalid-json',
  /** No body at all, an empty one, or whitespace only. */
  'empty-body',
] as const;
export type HostileKind = (typeof hostileKinds)[number];
