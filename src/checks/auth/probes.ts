import { succeeded } from '../call-record.js';
import type { CallRecord } from '../types.js';

/**
 * The ways the kit writes (or leaves out) the `authorization` header when probing (5): the
 * documented `bearer<TOKEN>` is what conforming calls send; these are the others. The probes of a
 * token that is not the valid one are written in the run's scheme, so that only the token differs.
 */
export const authProbes = [
  'no-header',
  'empty-value',
  'wrong-token',
  'bearer-space',
  'bearer-lowercase-space',
  'token-only',
  'token-appended',
  'token-last-changed',
  'token-half',
  'token-case-changed',
  'unsigned-jwt',
  'no-header-single-slash',
  'internal-caller',
] as const;
export type AuthProbe = (typeof authProbes)[number];

/**
 * Probes that carry no valid token at all. `no-header-single-slash` is the call with no header at
 * the path written with one slash (`/pc/…` for `//pc/…`), where a server whose front normalises
 * paths and whose authorization is bound to the documented one may let a call through unchecked.
 */
export const withoutValidToken: readonly AuthProbe[] = ['no-header', 'empty-value', 'wrong-token', 'no-header-single-slash'];
/**
 * What the probe `internal-caller` adds to a call with no header: loopback named as the client's
 * address in each field a proxy writes it in (RFC 7239 Forwarded, and the X-Forwarded-For and X-Real-IP
 * that came before it). A server that lets its own services in without a token, and reads their
 * address from these fields, lets in anyone who writes them.
 */
export const INTERNAL_CALLER_FIELDS: Readonly<Record<string, string>> = {
  forwarded: 'for=127.0.0.1',
  'x-forwarded-for': '127.0.0.1',
  'x-real-ip': '127.0.0.1',
};

/** Probes that carry the valid token written another way than section 5 shows. */
export const otherForms: readonly AuthProbe[] = ['bearer-space', 'bearer-lowercase-space', 'token-only'];
/**
 * Probes that carry a token one slip away from the valid one, in the documented form: one character
 * appended, the last character changed, the first half only, the letter case changed. A server that
 * lets one in compares tokens loosely (by prefix, case-insensitively, up to a length). Their headers
 * hold most of the token in forms the redactor does not know: they stay out of evidence because only
 * operation checks judge probes (with a conforming call as evidence) and observations keep the probe's name.
 */
export const nearMissTokens: readonly AuthProbe[] = ['token-appended', 'token-last-changed', 'token-half', 'token-case-changed'];

/** The probe a call was, or undefined for any other call. */
export function probeOf(call: Pick<CallRecord, 'intent' | 'path'>): AuthProbe | undefined {
  if (call.intent !== 'auth-probe') return undefined;
  return call.path.slice('auth-probe:'.length) as AuthProbe;
}

/** Records in the answer: a non-empty list, or a non-empty record, as the server does what was asked. */
export function servedRecords(call: CallRecord): boolean {
  return succeeded(call) && call.operation.response.kind !== 'object' && call.envelope!.records > 0;
}
