import type { Operation } from '../catalogue/operations.js';
import { fieldLinesOf } from '../client/field-lines.js';
import { issuedTokens } from '../engine/target/issued-tokens.js';
import { REDACTED } from '../redaction/redactor.js';
import { headerOf, type ObservedExchange } from './observed.js';

/** Request headers whose values are credentials: the token, a key, a session. */
const CREDENTIAL_HEADER = /^(?:authorization|proxy-authorization)$|token|secret|api-?key|session/i;
/** Members of a request body (or query) whose values are credentials: a password, a token, a key. */
const CREDENTIAL_FIELD = /pass(?:word|wd)?$|^pwd$|secret|token|credential|api_?key/i;
/** Cookies shorter than this are preferences (`lang=en`), not sessions; redacted, they would take every "en" with them. */
const MIN_COOKIE_SECRET = 8;

/** The credential an authorization value carries: the whole value, and what follows its scheme word (a Basic pair decoded, its password too). */
function authorizationSecrets(value: string): string[] {
  const scheme = /^(bearer|basic|token|apikey)\s*/i.exec(value);
  const credential = scheme ? value.slice(scheme[0].length) : value;
  if (scheme?.[1]?.toLowerCase() !== 'basic') return [value, credential];
  const pair = Buffer.from(credential, 'base64').toString('utf8');
  return [value, credential, pair, pair.slice(pair.indexOf(':') + 1)];
}

/**
 * The values of the cookies in a Cookie header (`a=1; b=2`) or of Set-Cookie (`a=1; Path=/`): each
 * of its lines (fieldLinesOf), and each cookie of a line a server folded two into.
 */
function cookieValues(header: string, setCookie: boolean): string[] {
  const pairs = setCookie
    ? fieldLinesOf('set-cookie', header)
        .flatMap((line) => line.split(/,\s*(?=[^;=,\s]+=)/))
        .map((cookie) => {
          const end = cookie.indexOf(';');
          return end < 0 ? cookie : cookie.slice(0, end);
        })
    : header.split(';');
  return pairs.map((pair) => pair.slice(pair.indexOf('=') + 1).trim()).filter((value) => value.length >= MIN_COOKIE_SECRET);
}

/** Strings under credential-named members of a JSON body, at any depth. */
function fieldSecrets(value: unknown, underCredential: boolean, into: string[]): void {
  if (typeof value === 'string' || typeof value === 'number') {
    if (underCredential) into.push(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) fieldSecrets(item, underCredential, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) fieldSecrets(item, underCredential || CREDENTIAL_FIELD.test(key), into);
  }
}

function bodySecrets(body: string | undefined): string[] {
  if (body === undefined || body.trim() === '') return [];
  const found: string[] = [];
  try {
    fieldSecrets(JSON.parse(body), false, found);
  } catch {
    // A form, or not JSON at all: its credential-named fields, as a form writes them.
    for (const [name, value] of new URLSearchParams(body)) if (CREDENTIAL_FIELD.test(name)) found.push(value);
  }
  return found;
}

function querySecrets(url: string): string[] {
  const fragment = url.indexOf('#');
  const query = (fragment < 0 ? url : url.slice(0, fragment)).split('?').slice(1).join('?');
  return [...new URLSearchParams(query)].filter(([name]) => CREDENTIAL_FIELD.test(name)).map(([, value]) => value);
}

/**
 * The credentials an exchange of traffic carries, to join the secrets redacted from everything the
 * kit writes: the authorization header (whole, and the token in it), other credential headers and
 * session cookies, passwords and tokens in the request body or query, and the tokens a login or
 * token answer issues (issuedTokens; `tokenPointer` is where the operation map says the token
 * operation's answer holds one). What a recording already redacted is not a secret.
 */
export function credentialsIn(exchange: ObservedExchange, operation: Operation | undefined, tokenPointer: string | undefined): string[] {
  const { request, response } = exchange;
  const found: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (/^(?:proxy-)?authorization$/i.test(name)) found.push(...authorizationSecrets(value));
    else if (/^cookie$/i.test(name)) found.push(...cookieValues(value, false));
    else if (CREDENTIAL_HEADER.test(name)) found.push(value);
  }
  const setCookie = response && headerOf(response.headers, 'set-cookie');
  if (setCookie) found.push(...cookieValues(setCookie, true));
  found.push(...bodySecrets(request.body), ...querySecrets(request.url));
  if (operation?.id === 'login' || operation?.id === 'token-get')
    found.push(...issuedTokens(exchange, operation.id === 'token-get' ? tokenPointer : undefined));
  return [...new Set(found.map((secret) => secret.trim()))].filter((secret) => secret !== '' && !secret.includes(REDACTED));
}
