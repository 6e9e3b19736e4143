/**
 * The link-values of a Link field (RFC 8288 §3):
 *   Link       = #link-value
 *   link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
 *   link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
 * A comma may stand inside the angle brackets and inside a quoted string; elsewhere it ends a
 * link-value. Read for its structure: a parameter's bare value is taken as far as the next
 * separator, whatever its characters, so that what is refused certainly breaks the grammar.
 */
export interface LinkValue {
  /** The link-value as written, from its `<` to its last parameter. */
  readonly text: string;
  /** The URI-Reference between the angle brackets. */
  readonly target: string;
  /** The relation types of its first `rel` (§3.3: later ones are ignored), in lower case; none without one. */
  readonly rel: readonly string[];
}

/** A link-param's name: a token (RFC 9110 §5.6.2). */
const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
/** A bare parameter value, read as far as the next separator. */
const BARE_VALUE = /[^\s;,"]*/y;
/** quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE (RFC 9110 §5.6.4). */
const QUOTED_STRING = /"((?:[^"\\]|\\[\s\S])*)"/y;
/** Optional whitespace: spaces and tabs (RFC 9110 §5.6.3). */
const OWS = /[ \t]*/y;

/** Reads one sticky pattern at `at`: what it matched, or undefined. */
function read(pattern: RegExp, field: string, at: number): RegExpExecArray | undefined {
  pattern.lastIndex = at;
  return pattern.exec(field) ?? undefined;
}

/** What a pattern that also matches nothing (OWS, BARE_VALUE) matched at `at`: the empty string where it matched nothing. */
function readAny(pattern: RegExp, field: string, at: number): string {
  return read(pattern, field, at)?.[0] ?? '';
}

/** The link-values of a Link field in order, or undefined where it is not a list of them (an empty field is an empty list). */
export function linkValues(field: string): LinkValue[] | undefined {
  const links: LinkValue[] = [];
  let at = 0;
  const skipWhitespace = () => (at += readAny(OWS, field, at).length);
  while (true) {
    skipWhitespace();
    if (at >= field.length) return links;
    // A recipient accepts empty list elements (RFC 9110 §5.6.1): `, ,`.
    if (field[at] === ',') {
      at++;
      continue;
    }
    if (field[at] !== '<') return undefined;
    const close = field.indexOf('>', at);
    if (close < 0) return undefined;
    const start = at;
    const target = field.slice(at + 1, close);
    let rel: string[] | undefined;
    at = close + 1;
    let end = at;
    while (true) {
      skipWhitespace();
      if (field[at] !== ';') break;
      at++;
      skipWhitespace();
      const name = read(TOKEN, field, at)?.[0];
      // A `;` with no parameter after it, before the next link-value or the end: read past.
      if (name === undefined) {
        if (at >= field.length || field[at] === ',') break;
        return undefined;
      }
      at += name.length;
      end = at;
      skipWhitespace();
      let value: string | undefined;
      if (field[at] === '=') {
        at++;
        skipWhitespace();
        const quoted = field[at] === '"' ? read(QUOTED_STRING, field, at) : undefined;
        if (field[at] === '"' && quoted === undefined) return undefined;
        const written = quoted?.[0] ?? readAny(BARE_VALUE, field, at);
        const inner = quoted?.[1];
        value = inner === undefined ? written : inner.replace(/\\([\s\S])/g, '$1');
        at += written.length;
        end = at;
      }
      if (rel === undefined && name.toLowerCase() === 'rel') rel = (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    }
    skipWhitespace();
    if (at < field.length && field[at] !== ',') return undefined;
    links.push({ text: field.slice(start, end), target, rel: rel ?? [] });
  }
}
