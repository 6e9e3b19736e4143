import { pointerToken } from '../../json-pointer.js';
import { findingsAt, jsonOutline } from '../_internals/json-values.js';
import { namesASecret } from '../secret-names.js';
import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/** The operations whose answer is a token by design: the token operation, the login and the registration. */
const ISSUES_TOKENS = new Set(['token-get', 'login', 'account-register']);
/** A value shown masked (`******`, `138****8000`) gives nothing away. */
const MASKED = /^[*•]+$|\*{3,}/;

const givesAway = (value: unknown): boolean => (typeof value === 'string' && value !== '' && !MASKED.test(value)) || typeof value === 'number';

/** Cheap test first, on the answer's member names, each once: a name that ends as a secret's may be one, most answers have none. */
const MAYBE_SECRET =
  /(?:pass(?:wor)?d|passwd|pwd|passcode|hash(?:ed)?|digest|salt|secret|key|token|(?:verify|verification|sms|otp|captcha|auth)_?code|otp|captcha)$/i;

/** Whether a pattern finds any of the names. */
function namesAny(names: ReadonlySet<string>, pattern: RegExp): boolean {
  for (const name of names) if (pattern.test(name)) return true;
  return false;
}

/** Every member of `value` at any depth named as a secret and holding one, with its pointer. */
function secretsIn(value: unknown, pointer: string, tokensAllowed: boolean, found: { pointer: string; actual: string }[]): void {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) secretsIn(value[index], `${pointer}/${index}`, tokensAllowed, found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [name, member] of Object.entries(value)) {
    if (namesASecret(name, tokensAllowed) && givesAway(member))
      found.push({ pointer: `${pointer}/${pointerToken(name)}`, actual: `${name} in the record, unmasked` });
    else if (member !== null && typeof member === 'object') secretsIn(member, `${pointer}/${pointerToken(name)}`, tokensAllowed, found);
  }
}

export const recordSecrets: ExchangeCheck<'data'> = {
  id: 'record-secrets',
  scope: 'exchange',
  ...clause('record-fields-not-shown'),
  standards: ['owasp-api3-exposed-properties'],
  severity: 'warning',
  title: 'Answer carries a password, a secret, a token or a one-time code',
  description:
    'A member of `data` named as a secret — a password or PIN, its hash or salt (`password`, `payPwd`, `passwordHash`, `salt`), a secret or private key, a token (except on the operations that issue one: the token operation, login, register), or a one-time code sent to the member’s phone (`verifyCode`, `smsCode`, `otp`: the answer to send-code, #11, must not carry the code it sent, or whoever calls it needs no phone) — with a value that is not masked. A record serialised whole hands them to every client that reads it (OWASP API3, "The API endpoint exposes properties of an object that are considered sensitive"). A warning: the spec names no such field, and what a record may carry beyond its fields is not shown.',
  needs: 'data',
  intents: ['conforming'],
  run(exchange) {
    if (!namesAny(jsonOutline(exchange.json).names, MAYBE_SECRET)) return [];
    const found: { pointer: string; actual: string }[] = [];
    secretsIn(exchange.data, '/data', ISSUES_TOKENS.has(exchange.operation.id), found);
    return findingsAt(found, 'no password, secret or token in a record');
  },
};
