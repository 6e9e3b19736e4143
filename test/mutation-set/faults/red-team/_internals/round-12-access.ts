/**
 * What round 12's access faults share: a token compared over the length a caller sent, the
 * remember-me value a login writes, a new password let past its rules, and the member a refused
 * registration names.
 */
import { newPassword } from '../../../../../src/reference/handlers/_internals/fields.js';
import type { Json } from '../../../../../src/reference/json.js';
import { seeded } from './seeded.js';

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
