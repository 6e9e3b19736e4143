import type { ExchangeCheck } from '../types.js';

/** A token (RFC 9110 §5.6.2): a cookie's name. */
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** cookie-value = *cookie-octet / ( DQUOTE *cookie-octet DQUOTE ): no control, space, quote, comma, semicolon or backslash (RFC 6265 §4.1.1). */
const VALUE = /^(?:[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*|"[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*")$/;
/**
 * Set-Cookie lines arrive joined by ", " (the client keeps one value per field name); another
 * cookie starts where a comma is followed by `name=`, which an Expires date ("Wed, 21 Oct …") is not.
 */
const NEXT_COOKIE = /,\s*(?=[!#$%&'*+\-.^_`|~0-9A-Za-z]+=)/;

/** The cookie-pair of each Set-Cookie line that breaks the grammar, as written. */
function malformedPairs(setCookie: string): string[] {
  return setCookie.split(NEXT_COOKIE).flatMap((line) => {
    const pair = line.split(';')[0]!.trim();
    const equals = pair.indexOf('=');
    const [name, value] = equals < 0 ? [pair, undefined] : [pair.slice(0, equals), pair.slice(equals + 1)];
    return value !== undefined && NAME.test(name) && VALUE.test(value) ? [] : [pair];
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
    'A Set-Cookie whose name=value pair breaks the cookie grammar: a value holding quotes, commas, semicolons, spaces or backslashes (a JSON object written raw as a cookie, `{"id":1,"mobile":"…"}`), or no `=`. "Servers SHOULD NOT send Set-Cookie headers that fail to conform to the following grammar" (RFC 6265 §4.1.1): clients that split Set-Cookie at commas or stop a value at a quote read another cookie than was sent. A warning: the spec says nothing of cookies.',
  needs: 'response',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const header = exchange.response!.headers['set-cookie'];
    const pairs = header === undefined ? [] : malformedPairs(header);
    if (pairs.length === 0) return [];
    return [{ instancePath: '', expected: 'name=value of cookie-octets (RFC 6265 §4.1.1)', actual: `set-cookie: ${pairs.join('; ')}` }];
  },
};
