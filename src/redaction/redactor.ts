import { base64Cores, characterPattern } from './forms.js';

/** What stands where a secret was. */
export const REDACTED = '[REDACTED]';

/**
 * Secrets shorter than this are weak: they are redacted only where they stand alone (not inside a
 * longer word or number), since "a" or "1" redacted everywhere would leave no report to read.
 */
export const WEAK_SECRET_LENGTH = 4;
/** A leading piece of a secret this long is redacted wherever it appears, the rest of the secret or not. */
const LEADING_PIECE_ANYWHERE = 12;
/** At the end of a text cut short, a leading piece of a secret this long is redacted. */
const LEADING_PIECE_AT_EDGE = 4;
/** Base64 of a secret is looked for only when it is at least this long (shorter ones occur by chance). */
const MIN_BASE64_CORE = 8;
/** Texts up to this long are redacted once per `deep` copy, however often they occur in it. */
const REMEMBERED_TEXT_CHARS = 64;
/** Characters a written form of one character of a secret can take at most (`%25E2%2580%25A8`, `\\\\u0054`). */
const MAX_FORM_CHARS = 16;

/** What a cut can leave of the written form of one character: `\u00`, `%2`, `%E2%8`, `&#x5`. */
const PARTIAL_FORM = /^(?:\\{1,7}(?:u[0-9a-f]{0,3})?|%[%0-9a-f]{0,14}|&#?x?[0-9a-f]{0,7})$/i;

type Span = readonly [start: number, end: number];

interface CompiledSecret {
  readonly length: number;
  /** Its first characters (all of it when short), in any form. */
  readonly head: RegExp;
  /** Each of its characters, in any form, anchored where the previous one ended. */
  readonly characters: readonly RegExp[];
  readonly base64: readonly string[];
  /** The fewest characters any form this finds can take: a shorter text holds none. */
  readonly shortest: number;
}

const standsAlone = (text: string, [start, end]: Span) =>
  !/[A-Za-z0-9]/.test(text.charAt(end)) && (!/[A-Za-z0-9]/.test(text.charAt(start - 1)) || /bearer\s*$/i.test(text.slice(Math.max(0, start - 8), start)));

function compile(secret: string): CompiledSecret {
  const chars = [...secret];
  const patterns = chars.map(characterPattern);
  const headLength = Math.min(chars.length, LEADING_PIECE_ANYWHERE);
  const base64 = chars.length < WEAK_SECRET_LENGTH ? [] : base64Cores(secret).filter((core) => core.length >= MIN_BASE64_CORE);
  return {
    length: chars.length,
    head: new RegExp(patterns.slice(0, headLength).join(''), 'gi'),
    characters: patterns.map((pattern) => new RegExp(pattern, 'iy')),
    base64,
    // Each character's form is at least one character long.
    shortest: Math.min(headLength, ...base64.map((core) => core.length)),
  };
}

/** Matches characters `from`… of the secret at `position`; returns where the last one matched ended and how many did. */
function extend(secret: CompiledSecret, text: string, position: number, from: number): { end: number; matched: number } {
  let end = position;
  let matched = from;
  while (matched < secret.length && end < text.length) {
    const character = secret.characters[matched];
    if (!character) break;
    character.lastIndex = end;
    if (!character.test(text)) break;
    end = character.lastIndex;
    matched++;
  }
  return { end, matched };
}

function occurrences(secret: CompiledSecret, text: string): Span[] {
  const spans: Span[] = [];
  secret.head.lastIndex = 0;
  for (let match = secret.head.exec(text); match; match = secret.head.exec(text)) {
    const headEnd = match.index + match[0].length;
    const span: Span = [match.index, extend(secret, text, headEnd, Math.min(secret.length, LEADING_PIECE_ANYWHERE)).end];
    if (secret.length >= WEAK_SECRET_LENGTH || standsAlone(text, span)) spans.push(span);
    // Occurrences may overlap: look again one character on.
    secret.head.lastIndex = match.index + 1;
  }
  for (const core of secret.base64) {
    for (let at = text.indexOf(core); at !== -1; at = text.indexOf(core, at + 1)) spans.push([at, at + core.length]);
  }
  return spans;
}

/** The longest leading piece of the secret that the text ends with, if long enough to tell. */
function leadingPieceAtEnd(secret: CompiledSecret, text: string): Span | undefined {
  if (secret.length < WEAK_SECRET_LENGTH) return undefined;
  // A longer leading piece was redacted already, wherever it was: look only as far back as a shorter one reaches.
  const reach = Math.min(secret.length, LEADING_PIECE_ANYWHERE) * MAX_FORM_CHARS;
  for (let start = Math.max(0, text.length - reach); start < text.length; start++) {
    const { end, matched } = extend(secret, text, start, 0);
    const rest = text.length - end;
    if (matched >= LEADING_PIECE_AT_EDGE && (rest === 0 || (rest < MAX_FORM_CHARS && PARTIAL_FORM.test(text.slice(end))))) return [start, text.length];
  }
  return undefined;
}

function replaceSpans(text: string, spans: Span[]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let result = '';
  let at = 0;
  let open: [number, number] | undefined;
  const flush = () => {
    if (!open) return;
    result += text.slice(at, open[0]) + REDACTED;
    at = open[1];
  };
  for (const [start, end] of spans) {
    if (open && start <= open[1]) open[1] = Math.max(open[1], end);
    else {
      flush();
      open = [start, end];
    }
  }
  flush();
  return result + text.slice(at);
}

/**
 * Keeps secrets out of everything the kit stores or prints: the token, passwords and the tokens a
 * server issues, in every written form (see forms.ts), as a header name or value, and as the
 * leading piece a cut leaves. Secrets can be added as they become known.
 */
export class Redactor {
  private readonly compiled = new Map<string, CompiledSecret>();

  constructor(secrets: Iterable<string> = []) {
    for (const secret of secrets) this.add(secret);
  }

  add(secret: string): void {
    if (secret.length > 0 && !this.compiled.has(secret)) this.compiled.set(secret, compile(secret));
  }

  /** Every secret in the text, whole or a leading piece of 12 characters or more, becomes [REDACTED]. */
  text(text: string): string {
    let spans: Span[] | undefined;
    for (const secret of this.compiled.values()) {
      if (text.length < secret.shortest) continue;
      const found = occurrences(secret, text);
      if (found.length > 0) spans = spans ? spans.concat(found) : found;
    }
    return spans ? replaceSpans(text, spans) : text;
  }

  /**
   * The first `limit` characters of a text, redacted before the cut, with no leading piece of a
   * secret left at the edge (a secret straddling the cut, or a body the cap cut short). A
   * [REDACTED] the cut would split is kept whole, a few characters past the limit.
   */
  excerpt(text: string, limit: number): { readonly text: string; readonly truncated: boolean } {
    // A secret that starts before the limit ends within this window, so redacting it is enough.
    const window = text.slice(0, limit + this.longest() * MAX_FORM_CHARS);
    const redacted = this.text(window);
    const truncated = redacted.length > limit || window.length < text.length;
    // A cut through a [REDACTED] keeps it whole: the reader sees that a secret was there.
    const straddling = redacted.lastIndexOf(REDACTED, limit - 1);
    const end = straddling !== -1 && straddling + REDACTED.length > limit ? straddling + REDACTED.length : limit;
    const kept = redacted.slice(0, end);
    const edges = [...this.compiled.values()].map((secret) => leadingPieceAtEnd(secret, kept)).filter((span) => span !== undefined);
    return { text: replaceSpans(kept, edges), truncated };
  }

  /** Header names and values: Node lower-cases names, and a server may use a secret as one. */
  headers(headers: Readonly<Record<string, string>>): Record<string, string> {
    return this.deep(headers) as Record<string, string>;
  }

  /** A copy of plain data (objects, arrays, strings) with every key and string redacted. */
  deep<T>(value: T): T {
    if (this.compiled.size === 0) return value;
    // The keys of a report and many of its values repeat by the thousand: each short text is searched once per copy.
    const redacted = new Map<string, string>();
    const text = (original: string): string => {
      if (original.length > REMEMBERED_TEXT_CHARS) return this.text(original);
      let result = redacted.get(original);
      if (result === undefined) {
        result = this.text(original);
        redacted.set(original, result);
      }
      return result;
    };
    return walk(value, text) as T;
  }

  private longest(): number {
    return Math.max(0, ...[...this.compiled.values()].map((secret) => secret.length));
  }
}

/** A copy of `value` with `text` applied to every string and key. */
function walk(value: unknown, text: (original: string) => string): unknown {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, text));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    let name = text(key);
    // Two keys redacted alike stay two keys.
    for (let n = 2; Object.hasOwn(copy, name); n++) name = `${text(key)} (${n})`;
    const item = walk((value as Record<string, unknown>)[key], text);
    // A member named __proto__ (JSON.parse makes one) stays a member: assigned, it would set the copy's prototype.
    if (name === '__proto__') Object.defineProperty(copy, name, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[name] = item;
  }
  return copy;
}

/** The line the run prints when the token is too short to be redacted everywhere it could appear. */
export function weakTokenWarning(token: string): string | undefined {
  if (token.length === 0 || token.length >= WEAK_SECRET_LENGTH) return undefined;
  return `Warning: the token is ${token.length} character${token.length === 1 ? '' : 's'} long, which is weak: it is redacted from the reports only where it stands alone, not inside longer words. Use a token of ${WEAK_SECRET_LENGTH} characters or more.`;
}
