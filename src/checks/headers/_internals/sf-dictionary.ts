/**
 * A Dictionary of RFC 8941 §3.2, as the digest fields of RFC 9530 are written:
 *   sf-dictionary  = dict-member *( OWS "," OWS dict-member )
 *   dict-member    = member-key ( parameters / ( "=" member-value ))
 *   member-value   = sf-item / inner-list
 * Each member's value is kept only where it is a Byte Sequence (`:` base64 `:`, §3.3.5): the one
 * type a digest is; any other well-formed value is kept as `other`.
 */
export type MemberValue = { readonly kind: 'bytes'; readonly bytes: Buffer } | { readonly kind: 'other' };

const KEY = /[a-z*][a-z0-9_\-.*]*/y;
const BYTES = /:([A-Za-z0-9+/=]*):/y;
/** The other bare items (§3.3): an Integer or a Decimal, a String, a Token, a Boolean. */
const OTHER_BARE_ITEM = /-?\d{1,15}(?:\.\d{1,3})?|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*"|[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*|\?[01]/y;
const OWS = /[ \t]*/y;
const SP = / */y;

/** Reads one sticky pattern at `at`: what it matched, or undefined. */
function read(pattern: RegExp, field: string, at: number): RegExpExecArray | undefined {
  pattern.lastIndex = at;
  return pattern.exec(field) ?? undefined;
}

/** The members of the field in order, or undefined where it is no Dictionary. */
export function sfDictionary(field: string): Map<string, MemberValue> | undefined {
  const text = field.trim();
  const members = new Map<string, MemberValue>();
  let at = 0;
  /** A bare item at `at`, moved past: its value, or undefined where none is there. */
  const bareItem = (): MemberValue | undefined => {
    const bytes = read(BYTES, text, at);
    if (bytes) {
      at += bytes[0].length;
      return { kind: 'bytes', bytes: Buffer.from(bytes[1]!, 'base64') };
    }
    const other = read(OTHER_BARE_ITEM, text, at);
    if (!other) return undefined;
    at += other[0].length;
    return { kind: 'other' };
  };
  /** `*( ";" *SP param-key [ "=" bare-item ] )`, moved past: false where one is malformed. */
  const parameters = (): boolean => {
    while (text[at] === ';') {
      at += 1 + read(SP, text, at + 1)![0].length;
      const key = read(KEY, text, at);
      if (!key) return false;
      at += key[0].length;
      if (text[at] === '=') {
        at++;
        if (!bareItem()) return false;
      }
    }
    return true;
  };
  /** An inner list, `(` items separated by spaces `)`, and its parameters, moved past. */
  const innerList = (): boolean => {
    at++;
    while (true) {
      at += read(SP, text, at)![0].length;
      if (text[at] === ')') {
        at++;
        return parameters();
      }
      if (!bareItem() || !parameters()) return false;
      if (text[at] !== ' ' && text[at] !== ')') return false;
    }
  };
  while (at < text.length) {
    const key = read(KEY, text, at);
    if (!key) return undefined;
    at += key[0].length;
    let value: MemberValue = { kind: 'other' };
    if (text[at] === '=') {
      at++;
      if (text[at] === '(') {
        if (!innerList()) return undefined;
      } else {
        const item = bareItem();
        if (!item) return undefined;
        value = item;
      }
    }
    if (!parameters()) return undefined;
    // "If there are duplicate keys, only the last instance is kept" (§4.2.2).
    members.set(key[0], value);
    at += read(OWS, text, at)![0].length;
    if (at >= text.length) return members;
    if (text[at] !== ',') return undefined;
    at += 1 + read(OWS, text, at + 1)![0].length;
    if (at >= text.length) return undefined;
  }
  // An empty field is an empty Dictionary (§3.2).
  return members;
}
