import type { SentRequest } from '../../client/exchange.js';

const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const escapeForDoubleQuotes = (text: string) => text.replace(/(["\\$`])/g, '\\$1');

/** One argument as a POSIX shell reads it back: as it is where it has nothing the shell would read, single-quoted otherwise. */
export const shellWord = (text: string): string => (/^[\w.:/@%+=,-]+$/.test(text) ? text : singleQuoted(text));

/**
 * A curl line that re-sends the request byte for byte. The token never appears: the authorization
 * header reads it from $OTP_TOKEN when the line is run (every scheme puts the token last).
 * Anything else secret in it is for the redactor.
 */
export function curlRepro(request: SentRequest, token: string): string {
  const parts = ['curl', '-sS', ...(request.httpVersion === '1.0' ? ['--http1.0'] : []), '-X', request.method, singleQuoted(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization' && token.length > 0 && value.endsWith(token)) {
      parts.push('-H', `"${escapeForDoubleQuotes(`${name}: ${value.slice(0, -token.length)}`)}\${OTP_TOKEN}"`);
    } else {
      parts.push('-H', singleQuoted(`${name}: ${value}`));
    }
  }
  // The kit asks for compressed answers: curl must decode them too, or it prints the raw bytes.
  if (Object.keys(request.headers).some((name) => name.toLowerCase() === 'accept-encoding')) parts.push('--compressed');
  if (request.body !== undefined) parts.push('--data-raw', singleQuoted(request.body));
  return parts.join(' ');
}
