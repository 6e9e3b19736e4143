import type { ExchangeCheck } from '../types.js';
import { listMembers } from './_internals/field-list.js';
import { dateProblem } from './_internals/http-date.js';
import { clause } from '../clauses.js';

/** RFC 9110 §5.6.2: `tchar`, any VCHAR except delimiters. */
const TCHAR = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]";
/** RFC 9110 §5.6.2: `token = 1*tchar`. */
const TOKEN = new RegExp(`^${TCHAR}+$`);
/** RFC 9110 §5.6.4: `quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE`, obs-text as undici reads it (Latin-1). */
const QUOTED_STRING = '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"';
/** RFC 9111 §5.2: `cache-directive = token [ "=" ( token / quoted-string ) ]`, its name and argument captured. */
const CACHE_DIRECTIVE = `(${TCHAR}+)(?:=(${TCHAR}+|${QUOTED_STRING}))?`;
/** RFC 9111 §5.2: `Cache-Control = #cache-directive`, whose empty elements a recipient MUST accept (RFC 9110 §5.6.1). */
const CACHE_CONTROL = new RegExp(`^(?:${CACHE_DIRECTIVE})?(?:[ \\t]*,[ \\t]*(?:${CACHE_DIRECTIVE})?)*$`);
/**
 * The response directives whose argument is delta-seconds (RFC 9111 §1.2.2: `delta-seconds = 1*DIGIT`),
 * each in "the token form of the argument syntax: e.g., 'max-age=5' not 'max-age="5"'. A sender
 * MUST NOT generate the quoted-string form" (§5.2.2.1; §5.2.2.10 says the same of s-maxage).
 */
const DELTA_SECONDS_DIRECTIVES = new Set(['max-age', 's-maxage']);

/** A Cache-Control value in its grammar, every delta-seconds directive with digits for its argument. */
function validCacheControl(value: string): boolean {
  const directives = value.trim();
  if (!CACHE_CONTROL.test(directives)) return false;
  // Read left to right, the directives match where the list's grammar placed them: a quoted-string is consumed whole.
  return [...directives.matchAll(new RegExp(CACHE_DIRECTIVE, 'g'))].every(
    ([, name = '', argument]) => !DELTA_SECONDS_DIRECTIVES.has(name.toLowerCase()) || (argument !== undefined && /^\d+$/.test(argument)),
  );
}

/**
 * RFC 9110 §7.6.3: a Via element, `received-protocol RWS received-by`, where
 * `received-protocol = [ protocol-name "/" ] protocol-version` and `received-by = pseudonym [ ":" port ]`,
 * `pseudonym = token`; an IP-literal host is taken too, as the section's prose calls received-by "normally the host and optional port".
 */
const VIA_HOP = new RegExp(`(?:${TCHAR}+/)?${TCHAR}+[ \\t]+(?:${TCHAR}+|\\[[0-9A-Fa-f:.]+\\])(?::\\d*)?`, 'y');
/** RFC 9110 §5.6.5: `ctext = HTAB / SP / %x21-27 / %x2A-5B / %x5D-7E / obs-text`. */
const CTEXT = /[\t \x21-\x27\x2A-\x5B\x5D-\x7E\x80-\xFF]/;

/** The length of the comment at `at` (RFC 9110 §5.6.5: `comment = "(" *( ctext / quoted-pair / comment ) ")"`), or 0 where none is there. */
function commentLength(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')') {
      if (--depth === 0) return i + 1 - at;
    } else if (!CTEXT.test(char)) return 0;
  }
  return 0;
}

/** `Via = #( received-protocol RWS received-by [ RWS comment ] )`, read element by element: a comment may hold commas. */
function validVia(value: string): boolean {
  let at = 0;
  const skip = (pattern: RegExp): number => {
    pattern.lastIndex = at;
    const length = pattern.exec(value)?.[0].length ?? 0;
    at += length;
    return length;
  };
  while (true) {
    skip(/[ \t]*/y);
    if (at >= value.length) return true;
    // Empty elements a recipient MUST accept (RFC 9110 §5.6.1).
    if (value[at] === ',') {
      at++;
      continue;
    }
    if (skip(VIA_HOP) === 0) return false;
    if (skip(/[ \t]+/y) > 0 && value[at] === '(') {
      const comment = commentLength(value, at);
      if (comment === 0) return false;
      at += comment;
    }
    skip(/[ \t]*/y);
    if (at < value.length && value[at++] !== ',') return false;
  }
}

/** RFC 5646 §2.1, as RFC 9110 §8.5.1 takes it: subtags of letters and digits, one to eight each, joined by "-", the first letters only. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

const everyMember =
  (valid: (member: string) => boolean) =>
  (value: string): boolean =>
    listMembers(value).every(valid);

/**
 * The response fields of RFC 9110 and RFC 9111 whose grammar no other check reads (shared-cache reads what Cache-Control allows, not how it is written), each with its grammar and
 * the clause that gives it. Expires takes "0" too: RFC 9111 §5.3 names it as the invalid date
 * recipients read as "already expired", and frameworks send it by default.
 */
const GRAMMARS: Readonly<Record<string, { readonly grammar: string; readonly valid: (value: string) => boolean }>> = {
  'content-language': { grammar: 'Content-Language = #language-tag (RFC 9110 §8.5, RFC 5646 §2.1)', valid: everyMember((tag) => LANGUAGE_TAG.test(tag)) },
  vary: { grammar: 'Vary = #( "*" / field-name ) (RFC 9110 §12.5.5)', valid: everyMember((name) => name === '*' || TOKEN.test(name)) },
  allow: { grammar: 'Allow = #method (RFC 9110 §10.2.1)', valid: everyMember((method) => TOKEN.test(method)) },
  'accept-ranges': { grammar: 'Accept-Ranges = acceptable-ranges, #range-unit (RFC 9110 §14.3)', valid: everyMember((unit) => TOKEN.test(unit)) },
  connection: { grammar: 'Connection = #connection-option (RFC 9110 §7.6.1)', valid: everyMember((option) => TOKEN.test(option)) },
  via: {
    grammar: 'Via = #( received-protocol RWS received-by [ RWS comment ] ), received-by = pseudonym [ ":" port ], pseudonym = token (RFC 9110 §7.6.3)',
    valid: validVia,
  },
  trailer: { grammar: 'Trailer = #field-name (RFC 9110 §6.6.2)', valid: everyMember((name) => TOKEN.test(name)) },
  age: { grammar: 'Age = delta-seconds, 1*DIGIT (RFC 9111 §5.1)', valid: (value) => /^\d+$/.test(value.trim()) },
  expires: { grammar: 'Expires = HTTP-date (RFC 9111 §5.3)', valid: (value) => value.trim() === '0' || dateProblem(value.trim()) === undefined },
  'cache-control': {
    grammar:
      'Cache-Control = #cache-directive, cache-directive = token [ "=" ( token / quoted-string ) ] (RFC 9111 §5.2), max-age and s-maxage in the token form of delta-seconds = 1*DIGIT (§5.2.2.1, §5.2.2.10)',
    valid: validCacheControl,
  },
};

/** The grammars by field name, listed once: every answer is read against them. */
const GRAMMAR_ENTRIES = Object.entries(GRAMMARS);

export const fieldSyntax: ExchangeCheck<'response'> = {
  id: 'field-syntax',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc9110-5.5-field-grammar', 'rfc9111-5.2.2.1-max-age-token', 'rfc9110-7.6.3-via'],
  severity: 'warning',
  title: 'A header field whose value is not in its grammar',
  description: `A response field that HTTP defines, with a value outside the grammar that defines it: ${Object.values(GRAMMARS)
    .map(({ grammar }) => grammar)
    .join(
      '; ',
    )}. "Field values are usually constrained to the range of US-ASCII characters… Fields needing a greater range of characters can use an encoding", and each field's definition gives its grammar (RFC 9110 §5.5); a client, cache or proxy that parses the field refuses such a value or reads another meaning into it (Content-Language: zh_CN is no language tag: the subtags of RFC 5646 are joined by "-"; Via: 1.1 kong/3.9.1 names its received-by with a slash, which no token holds; Cache-Control: max-age="60" is the quoted-string form of which RFC 9111 §5.2.2.1 says "A sender MUST NOT generate" it, and a cache that reads delta-seconds as digits finds none). A warning: the spec shows no header of an answer.`,
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const { headers } = exchange.response;
    const broken = GRAMMAR_ENTRIES.filter(([name, { valid }]) => {
      const value = headers[name];
      return value !== undefined && !valid(value);
    });
    if (broken.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: broken.map(([, { grammar }]) => grammar).join('; '),
        actual: broken.map(([name]) => `${name}: ${headers[name]}`).join('; '),
      },
    ];
  },
};
