import { answerKind, type EnvelopedCall, refusedToken, succeeded, withTheToken } from '../call-record.js';
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
  'session-cookie',
  'renewed-token',
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

/**
 * `session-cookie` is the call with no header, with the Cookie field of the cookies the run's
 * sign-in (#12 login) was answered with, as a browser sends them to every request to the host;
 * `renewed-token` the call with, in the run's scheme, the token the token operation answered when
 * asked again. Each is sent only where the server handed out what it carries.
 */

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

/** Whether a call was one of the probes. */
export function probedWith(call: Pick<CallRecord, 'intent' | 'path'>, probes: readonly AuthProbe[]): boolean {
  const probe = probeOf(call);
  return probe !== undefined && probes.includes(probe);
}

/** Records in the answer: a non-empty list, or a non-empty record, as the server does what was asked. */
export function servedRecords(call: CallRecord): boolean {
  return succeeded(call) && call.operation.response.kind !== 'object' && call.envelope.records > 0;
}

/**
 * A probe with no authorization header let in where the call with no header, and nothing else, was
 * refused: answered otherwise than that call, and as calls with the valid token are (a success, or
 * an answer they got too: "no such record" where a delete sent again finds its record gone).
 */
export function letInWithoutHeader(calls: readonly CallRecord[], probe: AuthProbe): { noHeader: EnvelopedCall; letIn: EnvelopedCall } | undefined {
  const noHeader = calls.find((call): call is EnvelopedCall => probeOf(call) === 'no-header' && call.envelope !== undefined);
  if (!noHeader || succeeded(noHeader)) return undefined;
  const letIn = calls.find((call): call is EnvelopedCall => probeOf(call) === probe && call.envelope !== undefined);
  if (!letIn || refusedToken(letIn) || answerKind(letIn) === answerKind(noHeader)) return undefined;
  const answeredWithTheToken = new Set(calls.filter((call) => withTheToken(call) && call.envelope !== undefined).map(answerKind));
  return succeeded(letIn) || answeredWithTheToken.has(answerKind(letIn)) ? { noHeader, letIn } : undefined;
}
