import { findOperation, type Operation, wirePath } from '../../catalogue/operations.js';
import type { Transcript } from '../../client/exchange.js';
import { fieldLinesOf } from '../../client/field-lines.js';
import { atPointer } from '../../json-pointer.js';

/** Keys under which a login or token answer carries something that works as a credential. */
const CREDENTIAL_KEY = /token|ticket|session|jwt|secret|credential|key/i;
/**
 * Shorter strings under such a key are not taken for tokens ("sessionCount": "1"): a weak secret
 * is redacted wherever it stands alone, and "1" would take every page number with it.
 */
const MIN_ISSUED_TOKEN = 8;

/**
 * Wire paths of the operations that issue tokens: login (#12) and the token operation (5 rule 3:
 * "A token is obtained with the token operation"), where an operation map places it.
 */
export function tokenIssuingPaths(mapped: readonly Operation[], tokenOperation?: Operation): Set<string> {
  const issuing = [findOperation('login'), mapped.find((op) => op.id === 'token-get'), tokenOperation];
  return new Set(issuing.filter((op) => op !== undefined).map(wirePath));
}

function credentialsIn(value: unknown, underCredentialKey: boolean, into: string[]): void {
  if (typeof value === 'string') {
    if (underCredentialKey && value.length >= MIN_ISSUED_TOKEN) into.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) credentialsIn(item, underCredentialKey, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // The error object says what was wrong with the request; it issues nothing.
      if (key !== 'error') credentialsIn(item, underCredentialKey || CREDENTIAL_KEY.test(key), into);
    }
  }
}

/**
 * The tokens an answer of a token-issuing operation carries: every string of 8 characters or more
 * under a key that names a credential (outside `error`), and the string at the token operation's
 * pointer. They join the secrets of the run.
 */
export function issuedTokens(transcript: Transcript, pointer?: string): string[] {
  const json = transcript.response?.json;
  if (!json?.ok) return [];
  const found: string[] = [];
  credentialsIn(json.value, false, found);
  const atTokenPointer = pointer === undefined ? undefined : atPointer(json.value, pointer);
  if (typeof atTokenPointer === 'string' && atTokenPointer.length > 0) found.push(atTokenPointer);
  return found;
}

/** A cookie as a user agent keeps it and sends it back (RFC 6265 5.4: "cookie-pair"). */
export interface IssuedCookie {
  readonly name: string;
  readonly value: string;
}

/** Max-Age=0 (or less) in a cookie's attributes: the server removes the cookie (RFC 6265 5.2.2). */
const REMOVED = /;\s*max-age\s*=\s*(?:0+|-\d+)\s*(?:;|$)/i;

/**
 * The cookies an answer of a token-issuing operation sets that work as a credential: each Set-Cookie
 * line's name and value (RFC 6265 5.2), those whose value is 8 characters or more (a shorter one
 * names a setting, a language or a flag, not a session), a cookie the line removes left out. They
 * join the secrets of the run, and are what a browser would send back.
 */
export function issuedCookies(transcript: Transcript): IssuedCookie[] {
  const header = transcript.response?.headers['set-cookie'];
  if (header === undefined) return [];
  return fieldLinesOf('set-cookie', header).flatMap((line) => {
    const end = line.indexOf(';');
    const pair = end < 0 ? line : line.slice(0, end);
    const equals = pair.indexOf('=');
    if (equals <= 0 || REMOVED.test(line)) return [];
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    return name !== '' && value.length >= MIN_ISSUED_TOKEN ? [{ name, value }] : [];
  });
}
