import { fieldLinesOf } from '../../client/field-lines.js';
import type { ExchangeCheck } from '../types.js';
import { dateProblem } from './_internals/http-date.js';
import { clause } from '../clauses.js';

/** A token (RFC 9110 §5.6.2): a cookie's name. */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** cookie-value = *cookie-octet / ( DQUOTE *cookie-octet DQUOTE ): no control, space, quote, comma, semicolon or backslash (RFC 6265 §4.1.1). */
const VALUE = /^(?:[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*|"[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*")$/;
/**
 * Where a second cookie starts in one field line: a comma followed by `name=`, which the comma of
 * an Expires date ("Wed, 21 Oct 2026 …", or RFC 850's "Wednesday, 21-Oct-26 …") is not.
 */
const NEXT_COOKIE = /,\s*(?=[!#$%&'*+\-.^_`|~0-9A-Za-z]+=)/;

/** max-age-av = "Max-Age=" non-zero-digit *DIGIT (RFC 6265 §4.1.1), and the 0 that deletes a cookie, which user agents read alike (§5.2.2). */
const MAX_AGE = /^(?:0|[1-9]\d*)$/;

/** What of one attribute breaks the grammar, as written; undefined for one that keeps it or that the grammar leaves open. */
function attributeProblem(attribute: string): string | undefined {
  const equals = attribute.indexOf('=');
  const name = (equals < 0 ? attribute : attribute.slice(0, equals)).trim().toLowerCase();
  const value = equals < 0 ? '' : attribute.slice(equals + 1).trim();
  // expires-av = "Expires=" sane-cookie-date, an rfc1123-date: the IMF-fixdate of RFC 9110.
  if (name === 'expires' && dateProblem(value) !== undefined) return attribute.trim();
  if (name === 'max-age' && !MAX_AGE.test(value)) return attribute.trim();
  return undefined;
}

/** The cookie-pair, Expires or Max-Age of one cookie (a set-cookie-string) that breaks the grammar, as written. */
function malformedParts(cookie: string): string[] {
  const [first = '', ...attributes] = cookie.split(';');
  const pair = first.trim();
  const equals = pair.indexOf('=');
  const [name, value] = equals < 0 ? [pair, undefined] : [pair.slice(0, equals), pair.slice(equals + 1)];
  const broken = value !== undefined && NAME.test(name) && VALUE.test(value) ? [] : [pair];
  return [...broken, ...attributes.flatMap((attribute) => attributeProblem(attribute) ?? [])];
}

/** What an answer's Set-Cookie lines break, as expected and as written; undefined where they break nothing. */
function problemsOf(header: string): { expected: string[]; actual: string[] } | undefined {
  const lines = fieldLinesOf('set-cookie', header).map((line) => ({ line, cookies: line.split(NEXT_COOKIE) }));
  // "Origin servers SHOULD NOT fold multiple Set-Cookie header fields into a single header field" (RFC 6265 §3).
  const folded = lines.filter(({ cookies }) => cookies.length > 1);
  const broken = lines.flatMap(({ cookies }) => cookies.flatMap(malformedParts));
  if (folded.length === 0 && broken.length === 0) return undefined;
  return {
    expected: [
      ...(folded.length > 0 ? ['each cookie in a Set-Cookie field line of its own (RFC 6265 §3)'] : []),
      ...(broken.length > 0 ? ['name=value of cookie-octets, an Expires of an IMF-fixdate, a Max-Age of digits (RFC 6265 §4.1.1)'] : []),
    ],
    actual: [
      ...folded.map(({ line, cookies }) => `${line} (${cookies.length} cookies folded into one field line)`),
      ...(broken.length > 0 ? [broken.join('; ')] : []),
    ],
  };
}

export const setCookie: ExchangeCheck<'response'> = {
  id: 'set-cookie',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['rfc6265-3-no-folding', 'rfc6265-4.1.1-cookie-syntax'],
  severity: 'warning',
  title: 'A cookie that is not written as cookies are',
  description:
    'A Set-Cookie field line that holds two cookies, folded into one as a gateway that passes single-valued headers joins them (`a=1; Path=/; HttpOnly, b=2; Path=/`): "Origin servers SHOULD NOT fold multiple Set-Cookie header fields into a single header field" (RFC 6265 §3), since a user agent reads one cookie from a line, the second taken for an attribute of the first, and the comma of an Expires date keeps clients from splitting it again. Or a Set-Cookie whose name=value pair breaks the cookie grammar: a value holding quotes, commas, semicolons, spaces or backslashes (a JSON object written raw as a cookie, `{"id":1,"mobile":"…"}`), or no `=`; or whose Expires is not an rfc1123-date (a date written by JavaScript\'s `Date.toString()`, which user agents read in another time zone) or whose Max-Age is not digits. "Servers SHOULD NOT send Set-Cookie headers that fail to conform to the following grammar" (RFC 6265 §4.1.1): clients that split Set-Cookie at commas or stop a value at a quote read another cookie than was sent. A warning: the spec says nothing of cookies.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const header = exchange.response.headers['set-cookie'];
    const problems = header === undefined ? undefined : problemsOf(header);
    if (problems === undefined) return [];
    return [{ instancePath: '', expected: problems.expected.join('; '), actual: `set-cookie: ${problems.actual.join(' — ')}` }];
  },
};
