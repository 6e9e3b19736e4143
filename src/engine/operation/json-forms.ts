/**
 * The ways of writing a JSON text that hold the same value (RFC 8259), which the JSON-form probes
 * write the first valid call's body in, as common clients write theirs:
 * - `whitespace`: pretty-printed, two spaces an indent, and a newline at the end (json.dumps(indent=2),
 *   Postman's Beautify, a file an editor saved): "Insignificant whitespace is allowed before or
 *   after any of the six structural characters" (2);
 * - `escapes`: every character outside printable ASCII as a \u escape, as json.dumps, PHP's
 *   json_encode and .NET write them, and the first character of every string value too, so that
 *   every string shows how it was read whatever text it holds: a character "may be represented as a
 *   six-character sequence" (7);
 * - `fractions`: every whole number with a fraction part, 10 as 10.0, as a client holding a float
 *   writes it: number = [ minus ] int [ frac ] [ exp ] (6);
 * - `order`: each object's members sorted by name, as Go's encoding/json writes a map, Python's
 *   json.dumps(sort_keys=True) and every RFC 8785 canonicalizer: "An object is an unordered
 *   collection of zero or more name/value pairs" (1). Sent in the combined form only: the forms
 *   alone tell which form is refused, and a server that misreads the order answers, it does not refuse.
 */
export type JsonForm = 'whitespace' | 'escapes' | 'fractions' | 'order';

export const JSON_FORMS: readonly JsonForm[] = ['whitespace', 'escapes', 'fractions', 'order'];

/** A form sent alone where the combined form is refused. */
export type FormAlone = Exclude<JsonForm, 'order'>;

export const FORMS_ALONE: readonly FormAlone[] = ['whitespace', 'escapes', 'fractions'];

/** Every object's members in the order of their names' UTF-16 code units, as RFC 8785 3.2.3 sorts them. */
const sortedMembers = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedMembers);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([name, member]) => [name, sortedMembers(member)]));
};

/**
 * The text with its members sorted, where a round trip through JSON.parse writes it as it was:
 * a body written otherwise (a number's own digits, a name twice) keeps its order, and its value.
 */
function inSortedOrder(text: string): string {
  const value: unknown = JSON.parse(text);
  return JSON.stringify(value) === text ? JSON.stringify(sortedMembers(value)) : text;
}

const INDENT = '  ';
const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
/** A string token, its escapes as written. */
const STRING = /"(?:[^"\\]|\\.)*"/y;
/** The short escapes every JSON writer uses for these control characters. */
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '"': '\\"', '\\': '\\\\' };

const unicodeEscape = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`;

/** A string's value written with \u escapes: of every UTF-16 unit outside printable ASCII, and of the first unit of a value (not of a member name, which no client escapes). */
function escaped(value: string, isName: boolean): string {
  let out = '"';
  for (let index = 0; index < value.length; index++) {
    const char = value.charAt(index);
    const unit = value.charCodeAt(index);
    if (unit > 0x7e || (index === 0 && !isName)) out += unicodeEscape(unit);
    else out += SHORT_ESCAPES[char] ?? (unit < 0x20 ? unicodeEscape(unit) : char);
  }
  return `${out}"`;
}

/**
 * A JSON text written in the forms given, token by token, so that each number keeps the digits it
 * was written with (no round trip through a double) and each member stays where it was. Undefined
 * where the text is no JSON. With no form, the text without insignificant whitespace.
 */
export function writtenIn(written: string, forms: readonly JsonForm[]): string | undefined {
  try {
    JSON.parse(written);
  } catch {
    return undefined;
  }
  const text = forms.includes('order') ? inSortedOrder(written) : written;
  const pretty = forms.includes('whitespace');
  let out = '';
  let depth = 0;
  let at = 0;
  const skipWhitespace = () => {
    WHITESPACE.lastIndex = at;
    WHITESPACE.exec(text);
    at = WHITESPACE.lastIndex;
  };
  /** The token at `at`, read past; undefined where none is there, which JSON that parsed never has. */
  const token = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at;
    const found = pattern.exec(text)?.[0];
    at = pattern.lastIndex;
    return found;
  };
  const newLine = () => (pretty ? `\n${INDENT.repeat(depth)}` : '');
  for (skipWhitespace(); at < text.length; skipWhitespace()) {
    const char = text.charAt(at);
    if (char === '{' || char === '[') {
      at++;
      skipWhitespace();
      // An empty object or array stays on its line, as every pretty-printer leaves it.
      if (text[at] === '}' || text[at] === ']') out += `${char}${text[at++]}`;
      else {
        depth++;
        out += `${char}${newLine()}`;
      }
    } else if (char === '}' || char === ']') {
      at++;
      depth--;
      out += `${newLine()}${char}`;
    } else if (char === ',') {
      at++;
      out += `,${newLine()}`;
    } else if (char === ':') {
      at++;
      out += pretty ? ': ' : ':';
    } else if (char === '"') {
      const written = token(STRING);
      if (written === undefined) return undefined;
      skipWhitespace();
      out += forms.includes('escapes') ? escaped(JSON.parse(written) as string, text[at] === ':') : written;
    } else if (char === 't' || char === 'f' || char === 'n') {
      const literal = token(LITERAL);
      if (literal === undefined) return undefined;
      out += literal;
    } else {
      const number = token(NUMBER);
      if (number === undefined) return undefined;
      out += forms.includes('fractions') && /^-?\d+$/.test(number) ? `${number}.0` : number;
    }
  }
  return pretty ? `${out}\n` : out;
}
