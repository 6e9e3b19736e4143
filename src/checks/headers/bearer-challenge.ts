import { type ExchangeCheck, everyIntent } from '../types.js';
import { clause } from '../clauses.js';

/** RFC 9110 §5.6.2: `token = 1*tchar`. */
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
/** An element of the challenge list up to the next comma outside a quoted-string, read leniently: a quote runs to the next unescaped one. */
const ELEMENT = /(?:[^",]|"(?:[^"\\]|\\[\s\S])*"?)*/y;
/** `auth-param = token BWS "=" BWS ( token / quoted-string )` (RFC 9110 §11.2), its name and value captured. */
const AUTH_PARAM = new RegExp(`^(${TOKEN})[ \\t]*=[ \\t]*([\\s\\S]*)$`);
/** `challenge = auth-scheme [ 1*SP ( token68 / #auth-param ) ]`: the scheme and what follows it. */
const CHALLENGE = new RegExp(`^(${TOKEN})(?:[ \\t]+([\\s\\S]*))?$`);

/**
 * RFC 6750 §3: the characters each attribute of a Bearer challenge may hold, once unquoted. "error"
 * and "error_description" take %x20-21 / %x23-5B / %x5D-7E; "error_uri", a URI-reference,
 * %x21 / %x23-5B / %x5D-7E; "scope", %x21 / %x23-5B / %x5D-7E and %x20 between scope tokens.
 */
const ALLOWED: Readonly<Record<string, RegExp>> = {
  error: /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/,
  error_description: /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/,
  error_uri: /^[\x21\x23-\x5B\x5D-\x7E]*$/,
  scope: /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/,
};

/** A parameter's value as its recipient reads it: a quoted-string without its quotes and escapes. */
const unquoted = (value: string): string => (value.startsWith('"') ? value.replace(/^"|"$/g, '').replace(/\\([\s\S])/g, '$1') : value);

/** The auth-params of the field's Bearer challenges, by lower-case name (RFC 9110 §11.2: names are case-insensitive), as [name, value] pairs. */
function bearerParams(field: string): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  let bearer = false;
  const take = (element: string) => {
    const [, name, value] = AUTH_PARAM.exec(element) ?? [];
    if (name !== undefined && value !== undefined) {
      if (bearer) params.push([name.toLowerCase(), unquoted(value.trim())]);
      return;
    }
    const challenge = CHALLENGE.exec(element);
    const scheme = challenge?.[1];
    if (!challenge || scheme === undefined) return;
    bearer = scheme.toLowerCase() === 'bearer';
    // The first auth-param shares its element with the scheme; a token68 is none.
    if (challenge[2] !== undefined) take(challenge[2].trim());
  };
  for (let at = 0; at <= field.length;) {
    ELEMENT.lastIndex = at;
    // ELEMENT matches the empty string too: it matches wherever it starts.
    const element = ELEMENT.exec(field)?.[0] ?? '';
    take(element.trim());
    at += element.length + 1;
  }
  return params;
}

export const bearerChallenge: ExchangeCheck<'response'> = {
  id: 'bearer-challenge',
  scope: 'exchange',
  ...clause('token-behaviour-not-shown'),
  standards: ['rfc6750-3-error-attributes'],
  severity: 'warning',
  title: 'A Bearer challenge whose error attributes hold characters RFC 6750 does not allow',
  description:
    'An answer whose WWW-Authenticate carries a Bearer challenge with an error, error_description, error_uri or scope attribute holding a character outside the set RFC 6750 §3 gives it: printable US-ASCII without `"` and `\\` (%x20-21 / %x23-5B / %x5D-7E; error_uri and scope tokens without the space). A description in another script (`error_description="令牌无效或已过期"` written as UTF-8 octets) reaches a client that reads field values as Latin-1, as browsers and node:http do, as mojibake, and one that refuses octets above %x7E drops the challenge. Seen where the server refuses a token, on the auth probes too, and on an answer in the envelope as on a 401. One finding per answer. A warning: how a server refuses a token is not shown (5).',
  needs: 'response',
  intents: everyIntent,
  run(exchange) {
    const field = exchange.response.headers['www-authenticate'];
    if (field === undefined) return [];
    const broken = bearerParams(field).filter(([name, value]) => {
      const allowed = ALLOWED[name];
      return allowed !== undefined && !allowed.test(value);
    });
    if (broken.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: 'www-authenticate: Bearer error, error_description, error_uri and scope in %x20-21 / %x23-5B / %x5D-7E (RFC 6750 §3)',
        actual: `www-authenticate: ${field} (${broken.map(([name]) => name).join(', ')} outside that set)`,
      },
    ];
  },
};
