/**
 * The Structured Fields of RFC 9651 (which obsoletes RFC 8941 and adds the Date), as the fields
 * the checks read are written: a List (§3.1), a Dictionary (§3.2) or an Item (§3.3).
 *   sf-list        = list-member *( OWS "," OWS list-member )
 *   sf-dictionary  = dict-member *( OWS "," OWS dict-member )
 *   dict-member    = member-key ( parameters / ( "=" member-value ))
 *   member-value   = sf-item / inner-list
 *   sf-item        = bare-item parameters
 * Each value is kept with its type; only what a check compares is kept of it: a Byte Sequence's
 * octets (a digest) and a Date's seconds (a deprecation). Parameters are read for their grammar only.
 */
export type BareItem =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | { readonly kind: 'date'; readonly seconds: number }
  | { readonly kind: 'token' }
  | { readonly kind: 'string' }
  /** An Integer, a Decimal, a Boolean or a Display String. */
  | { readonly kind: 'other' };

export type MemberValue = BareItem | { readonly kind: 'inner-list' };

const KEY = /[a-z*][a-z0-9_\-.*]*/y;
const BYTES = /:([A-Za-z0-9+/=]*):/y;
/** `sf-date = "@" sf-integer` (RFC 9651 §3.3.7). */
const DATE = /@(-?\d{1,15})(?![\d.])/y;
const TOKEN = /[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/y;
const STRING = /"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*"/y;
/** An Integer or a Decimal, a Boolean, a Display String (§3.3.1, §3.3.2, §3.3.6, §3.3.8). */
const OTHER = /-?\d{1,15}(?:\.\d{1,3})?|\?[01]|%"(?:[\x20\x21\x23\x24\x26-\x5b\x5d-\x7e]|%[0-9a-f]{2})*"/y;
const OWS = /[ \t]*/y;
const SP = / */y;

/** The field's text read from the start, one position moved along as each piece is read. */
class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.at >= this.text.length;
  }

  /** Reads a sticky pattern here: what it matched, moved past, or undefined. */
  private read(pattern: RegExp): RegExpExecArray | undefined {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text) ?? undefined;
    if (match) this.at += match[0].length;
    return match;
  }

  private take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  key(): string | undefined {
    return this.read(KEY)?.[0];
  }

  bareItem(): BareItem | undefined {
    const bytes = this.read(BYTES)?.[1];
    if (bytes !== undefined) return { kind: 'bytes', bytes: Buffer.from(bytes, 'base64') };
    const date = this.read(DATE);
    if (date) return { kind: 'date', seconds: Number(date[1]) };
    if (this.read(TOKEN)) return { kind: 'token' };
    if (this.read(STRING)) return { kind: 'string' };
    return this.read(OTHER) ? { kind: 'other' } : undefined;
  }

  /** `*( ";" *SP param-key [ "=" bare-item ] )`: false where one is malformed. */
  parameters(): boolean {
    while (this.take(';')) {
      this.read(SP);
      if (this.key() === undefined) return false;
      if (this.take('=') && !this.bareItem()) return false;
    }
    return true;
  }

  /** `sf-item / inner-list`, with its parameters: undefined where it is neither. */
  memberValue(): MemberValue | undefined {
    if (this.take('(')) return this.innerList() ? { kind: 'inner-list' } : undefined;
    const item = this.bareItem();
    return item && this.parameters() ? item : undefined;
  }

  /** `( parameters / ( "=" member-value ))`: a member with no value is the Boolean true, its parameters after the key. */
  dictMemberValue(): MemberValue | undefined {
    if (this.take('=')) return this.memberValue();
    return this.parameters() ? { kind: 'other' } : undefined;
  }

  /** The rest of an inner list, its items separated by spaces up to `)`, and its parameters. */
  private innerList(): boolean {
    while (true) {
      this.read(SP);
      if (this.take(')')) return this.parameters();
      if (!this.bareItem() || !this.parameters()) return false;
      if (this.text[this.at] !== ' ' && this.text[this.at] !== ')') return false;
    }
  }

  /** `OWS "," OWS` before a further member: false where the field goes on with anything else, or ends after the comma. */
  separator(): boolean {
    this.read(OWS);
    if (!this.take(',')) return false;
    this.read(OWS);
    return !this.done;
  }
}

/** The members of the field in order, or undefined where it is no List (an empty field is an empty List). */
export function sfList(field: string): MemberValue[] | undefined {
  const reader = new Reader(field.trim());
  const members: MemberValue[] = [];
  while (!reader.done) {
    const member = reader.memberValue();
    if (!member) return undefined;
    members.push(member);
    if (!reader.done && !reader.separator()) return undefined;
  }
  return members;
}

/** The members of the field in order, or undefined where it is no Dictionary (an empty field is an empty Dictionary). */
export function sfDictionary(field: string): Map<string, MemberValue> | undefined {
  const reader = new Reader(field.trim());
  const members = new Map<string, MemberValue>();
  while (!reader.done) {
    const key = reader.key();
    if (key === undefined) return undefined;
    const member = reader.dictMemberValue();
    if (!member) return undefined;
    // "If there are duplicate keys, only the last instance is kept" (§4.2.2).
    members.set(key, member);
    if (!reader.done && !reader.separator()) return undefined;
  }
  return members;
}

/** The field's one Item, or undefined where it is none (an empty field is no Item). */
export function sfItem(field: string): BareItem | undefined {
  const reader = new Reader(field.trim());
  const item = reader.bareItem();
  return item && reader.parameters() && reader.done ? item : undefined;
}
