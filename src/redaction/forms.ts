/**
 * The ways one character of a secret can be written in text a server sends back or the kit
 * stores: as itself in either case, JSON-escaped (`\u0054`, `\/`, `\"`, escaped again up to two
 * more times), percent-encoded (each UTF-8 byte as `%54` or `%2554`, `+` for a space) and as an HTML
 * character reference. Patterns are sources for a RegExp with the `i` flag, so hex digits match in
 * either case.
 */

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** JSON's two-character escapes (RFC 8259 §7). */
const shortJsonEscapes: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  '\b': 'b',
  '\f': 'f',
  '\n': 'n',
  '\r': 'r',
  '\t': 't',
};

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

function formsOf(variant: string): string[] {
  const forms = [escapeForRegExp(variant)];
  // A JSON string inside a JSON string escapes the backslash too (1, 3, 7 of them); bounded, so no run of
  // backslashes a server sends can make the search backtrack without end.
  const units = [...Array(variant.length).keys()].map((i) => `\\\\{1,7}u${hex(variant.charCodeAt(i), 4)}`);
  forms.push(units.join(''));
  const short = shortJsonEscapes[variant];
  if (short !== undefined) forms.push(`\\\\{1,7}${escapeForRegExp(short)}`);
  const bytes = [...Buffer.from(variant, 'utf8')].map((byte) => hex(byte, 2));
  forms.push(bytes.map((byte) => `%${byte}`).join(''), bytes.map((byte) => `%25${byte}`).join(''));
  if (variant === ' ') forms.push('\\+');
  const codePoint = variant.codePointAt(0);
  if (codePoint !== undefined) forms.push(`&#x0{0,4}${codePoint.toString(16)};?`, `&#0{0,4}${codePoint};?`);
  return forms;
}

/** A pattern that matches one character of a secret in any of its written forms. */
export function characterPattern(char: string): string {
  const variants = new Set([char, char.toLowerCase(), char.toUpperCase()].filter((variant) => [...variant].length === 1));
  return `(?:${[...new Set([...variants].flatMap(formsOf))].join('|')})`;
}

/**
 * Base64 and base64url of the secret at each of the three byte alignments it can have inside a
 * longer encoded text, without the characters its neighbours would change: what is left of a
 * secret encoded alone or beside other bytes (`user:secret` in a Basic header).
 */
export function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  // Behind `offset` bytes of another value, the secret's own base64 begins `start` characters in.
  for (const [offset, start] of [
    [0, 0],
    [1, 2],
    [2, 3],
  ] as const) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    const end = (offset + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 1;
    const core = encoded.slice(start, end);
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...new Set(cores)];
}
