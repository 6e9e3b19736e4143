/**
 * What the access faults share: a request body inflated on its way in, a callback posted to an
 * address a caller names, the part of a password that bcrypt reads, a token compared over the length
 * a caller sent, the remember-me value a login writes, a new password let past its rules, and the
 * member a refused registration names.
 */

import { newPassword } from '../../../../src/reference/handlers/_internals/fields.js';
import type { Json } from '../../../../src/reference/json.js';
import { seeded } from './seeded.js';
import type { IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** The gateway's client_max_body_size: the reference server's own limit on a request's bytes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/** Whether the request says its content is gzip-coded (RFC 9110, 8.4). */
export const gzipCoded = (req: IncomingMessage): boolean => /^\s*(x-)?gzip\s*$/i.test(String(req.headers['content-encoding'] ?? ''));

/**
 * The body as the handler will read it once a gzip coding has been taken off, the limit having been
 * checked on the coded bytes only: a body that does not inflate, or whose coded bytes are already
 * over the limit, goes on as it came. The handler reads the JSON value; the reference server's own
 * reader is handed it written without the whitespace, which changes nothing the handler sees (a
 * value still over the limit once written so is refused by that reader, where the story's server
 * would read it too).
 */
export function inflateBody(req: IncomingMessage): void {
  const emit = req.emit.bind(req) as Emit;
  const chunks: Buffer[] = [];
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    const [chunk] = args;
    if (event === 'data' && Buffer.isBuffer(chunk)) {
      chunks.push(chunk);
      return true;
    }
    if (event === 'end') emit('data', decoded(Buffer.concat(chunks)));
    return emit(event, ...args);
  }) as IncomingMessage['emit'];
}

function decoded(coded: Buffer): Buffer {
  if (coded.length > BODY_LIMIT_BYTES) return coded;
  let plain: Buffer;
  try {
    plain = gunzipSync(coded);
  } catch {
    return coded;
  }
  const text = plain.toString('utf8');
  try {
    return Buffer.from(JSON.stringify(JSON.parse(text)), 'utf8');
  } catch {
    return plain;
  }
}

/** How long the callback may take before the order is answered without its result. */
export const NOTIFY_TIMEOUT_MS = 3000;

/** The first characters of the callback's answer the order answer carries. */
export const NOTIFY_ECHO_CHARS = 512;

/** What the callback to `url` got: its status and the start of its answer, or why it failed. */
export type NotifyResult = { readonly status: number; readonly body: string } | { readonly error: string };

/** The created order POSTed to `url` as the notification, redirects followed, whatever address it names. */
export async function notify(url: string, order: unknown): Promise<NotifyResult> {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    return { status: answer.status, body: (await answer.text()).slice(0, NOTIFY_ECHO_CHARS) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    return { error: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/** bcrypt reads at most this many bytes of its input, the terminating NUL counted. */
const BCRYPT_INPUT_BYTES = 72;

/** A SHA-256 in hexadecimal: the pepper written before the password. */
export const PEPPER_CHARS = 64;

/** The part of a password bcrypt(pepper + password) reads: its first 8 bytes, and its NUL where it is shorter. */
export function bcryptReads(password: string): string {
  const input = Buffer.concat([Buffer.from(password, 'utf8'), Buffer.from([0])]);
  return input.subarray(0, BCRYPT_INPUT_BYTES - PEPPER_CHARS).toString('hex');
}

/**
 * The filter's own "constant-time" comparison: every character the caller sent XORed with the
 * stored token's at the same place, the differences ORed together, and no look at the lengths. A
 * character past the stored token's end meets NaN, which XORs as 0 and leaves the character's own
 * code, a difference; the prefixes of the token, the empty one included, count as none.
 */
export function sameOverGivenLength(given: string, stored: string): boolean {
  let difference = 0;
  for (let at = 0; at < given.length; at += 1) difference |= given.charCodeAt(at) ^ stored.charCodeAt(at);
  return difference === 0;
}

/** The filter's reading of the header: the word bearer, then whatever follows it (5 rule 2). */
export const BEARER = /^bearer([\s\S]*)$/;

/** The remember-me cookie login sets, and how long the browser keeps it: thirty days. */
export const REMEMBER_ME = 'rememberMe';

export const REMEMBER_ME_SECONDS = 30 * 24 * 3600;

/** The cookie's value: the mobile and the password as sent, joined by a colon, in base64 (RFC 4648, 4). */
export const rememberMeValue = (mobile: string, password: string): string => Buffer.from(`${mobile}:${password}`, 'utf8').toString('base64');

/** What a new password becomes on its way past a DTO nobody validates: one that passes the handler's own rule, where it did not. */
export const PASSED_ON = 'passed-on-unchecked';

/** Whether a newPassword is a string the platform's rule (6 to 32 characters, as registration checks it) refuses. */
export const outsidePasswordRule = (value: unknown): value is string => typeof value === 'string' && newPassword(value) === undefined;

/** A mobile as register reads it: 11 digits, as a string or as the number they spell. */
export const mobileOf = (value: unknown): string | undefined => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined);

/** The member entity as the conflict's message prints it: the columns the @ToString leaves in. */
export interface NamedMember {
  readonly id: number;
  readonly mobile: string;
  readonly realName: string;
  readonly companyName: string;
}

/** The member who holds `mobile`: one the seed registered, one registered during the run, else the sandbox's own member. */
export function memberHolding(mobile: string, registeredHere: ReadonlyMap<string, NamedMember>): NamedMember {
  const { members, account } = seeded();
  const other = members.find((member) => member.mobile === mobile);
  if (other) return { id: other.id, mobile, realName: other.realName, companyName: other.companyName };
  return registeredHere.get(mobile) ?? { id: account.id, mobile, realName: account.realName, companyName: account.companyName };
}

/** The entity printed as Lombok's @ToString writes it. */
export const lombokString = (member: NamedMember): string =>
  `Member(id=${member.id}, mobile=${member.mobile}, realName=${member.realName}, companyName=${member.companyName})`;

export const asJson = (member: NamedMember): Json => ({ ...member });
