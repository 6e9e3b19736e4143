import { fieldLinesOf } from '../../client/field-lines.js';
import type { ExchangeCheck } from '../types.js';
import { dateProblem } from './_internals/http-date.js';

/** A token (RFC 9110 §5.6.2): a cookie's name. */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** cookie-value = *cookie-octet / ( DQUOTE *cookie-octet DQUOTE ): no control, space, quote, comma, semicolon or backslash (RFC 6265 §4.1.1). */
const VALUE = /^(?:[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*|"[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*")$/;
/**
 * Where another cookie starts in a Set-Cookie line that holds more than one: a comma followed by
 * `name=`, which an Expires date ("Wed, 21 Oct …") is not.
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

/** The cookie-pair, Expires or Max-Age of each cookie of the Set-Cookie lines (kept apart: client/field-lines.ts) that breaks the grammar, as written. */
function malformedParts(setCookie: string): string[] {
  return fieldLinesOf('set-cookie', setCookie)
    .flatMap((line) => line.split(NEXT_COOKIE))
    .flatMap((line) => {
      const [first = '', ...attributes] = line.split(';');
      const pair = first.trim();
      const equals = pair.indexOf('=');
      const [name, value] = equals < 0 ? [pair, undefined] : [pair.slice(0, equals), pair.slice(equals + 1)];
      const broken = value !== undefined && NAME.test(name) && VALUE.test(value) ? [] : [pair];
      return [...broken, ...attributes.flatMap((attribute) => attributeProblem(attribute) ?? [])];
    });
}

export const setCookie: ExchangeCheck = {
  id: 'set-cookie',
  scope: 'exchange',
  rule: '1',
  quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
  standards: ['rfc6265-4.1.1-cookie-syntax'],
  severity: 'warning',
  title: 'A cookie that is not written as cookies are',
  description:
    'A Set-Cookie whose name=value pair breaks the cookie grammar: a value holding quotes, commas, semicolons, spaces or backslashes (a JSON object written raw as a cookie, `{"id":1,"mobile":"…"}`), or no `=`; or whose Expires is not an rfc1123-date (a date written by JavaScript\'s `Date.toString()`, which user agents read in another time zone) or whose Max-Age is not digits. "Servers SHOULD NOT send Set-Cookie headers that fail to conform to the following grammar" (RFC 6265 §4.1.1): clients that split Set-Cookie at commas or stop a value at a quote read another cookie than was sent. A warning: the spec says nothing of cookies.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const header = exchange.response!.headers['set-cookie'];
    const parts = header === undefined ? [] : malformedParts(header);
    if (parts.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: 'name=value of cookie-octets, an Expires of an IMF-fixdate, a Max-Age of digits (RFC 6265 §4.1.1)',
        actual: `set-cookie: ${parts.join('; ')}`,
      },
    ];
  },
};
