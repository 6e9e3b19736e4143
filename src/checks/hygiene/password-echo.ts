import { namesAPassword } from '../secret-names.js';
import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';
import { clause } from '../clauses.js';

/**
 * Shorter passwords are found inside other text by chance (a hostile "1", the empty one), and a
 * server that takes them has its own problem: the coverage pass sends them to every password field.
 */
const SHORTEST_PASSWORD = 6;

/**
 * Runs of the base64 alphabets (RFC 4648 4 and 5) long enough to hold a password: a cookie, a
 * header or a member that hands the password back encoded ("user:password", as Basic writes it).
 */
const BASE64_RUN = /[A-Za-z0-9+/_-]{8,}={0,2}/g;

/** The string values the body sent at any depth: under a member whose name says password where `passwords`, under no such member otherwise. */
function stringsSent(value: unknown, passwords: boolean, underPassword: boolean, found: Set<string>): void {
  if (typeof value === 'string') {
    if (underPassword === passwords) found.add(value);
  } else if (Array.isArray(value)) value.forEach((element) => stringsSent(element, passwords, underPassword, found));
  else if (value !== null && typeof value === 'object')
    for (const [name, member] of Object.entries(value)) stringsSent(member, passwords, underPassword || namesAPassword(name), found);
}

/**
 * Every name namesAPassword takes holds `pass` or `pwd` (or is `salt`), its letters apart by `_` or
 * `-` at most: a body whose text has none of them and no escape to write one otherwise names no
 * password, and is not parsed for one.
 */
const PASSWORD_LETTERS = /p[_-]*(?:a[_-]*s[_-]*s|w[_-]*d)|s[_-]*a[_-]*l[_-]*t/i;
const mayNameAPassword = (text: string): boolean => text.includes('\\') || PASSWORD_LETTERS.test(text);

/**
 * The passwords worth looking for: long enough not to turn up by chance, and not a value the body
 * also sent under another name (a mobile sent as the password too), which the answer may repeat as that.
 * Most bodies send no password: their other strings are not gathered.
 */
function passwordsSent(body: unknown): string[] {
  const passwords = new Set<string>();
  stringsSent(body, true, false, passwords);
  const long = [...passwords].filter((password) => password.trim().length >= SHORTEST_PASSWORD);
  if (long.length === 0) return [];
  const others = new Set<string>();
  stringsSent(body, false, false, others);
  return long.filter((password) => !others.has(password));
}

/** Whether the text holds a password, as sent, JSON-escaped, or inside a base64 run that decodes to text holding it. */
function holdsPassword(text: string, passwords: readonly string[]): boolean {
  if (passwords.some((password) => text.includes(password) || text.includes(JSON.stringify(password).slice(1, -1)))) return true;
  for (const [run] of text.matchAll(BASE64_RUN)) {
    const decoded = Buffer.from(run, 'base64').toString('utf8');
    if (passwords.some((password) => decoded.includes(password))) return true;
  }
  return false;
}

export const passwordEcho: ExchangeCheck<'response'> = {
  id: 'password-echo',
  scope: 'exchange',
  ...clause('behaviour-not-shown'),
  standards: ['owasp-api2-password-storage'],
  severity: 'warning',
  title: 'The answer hands back the password it was sent',
  description:
    'A password the request sent (the value of a member whose name says password, at any depth: login\'s password, a reset\'s oldPassword and newPassword), written again in the answer: its body or a response header, as sent, JSON-escaped, or base64-encoded alone or inside other text (a remember-me cookie of "mobile:password", a Basic-style value). base64 is an encoding, not encryption: every cookie jar, log, proxy and error tracker that keeps the answer then holds the password in plain text (OWASP API2, "Uses plain text, non-encrypted, or weakly hashed passwords"). Passwords of fewer than six characters, and one the request also sent under another name, are not looked for. A warning: the spec says nothing of what an answer may repeat. The finding says where the password was found, never the password.',
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe', 'flow'],
  run(exchange) {
    const sent = exchange.request.body;
    if (sent === undefined || !mayNameAPassword(sent)) return [];
    const passwords = passwordsSent(sentBody(exchange));
    if (passwords.length === 0) return [];
    const { bodyText, headers } = exchange.response;
    const where = [
      holdsPassword(bodyText, passwords) ? 'the body' : '',
      ...Object.entries(headers).flatMap(([name, value]) => (holdsPassword(value, passwords) ? [`the ${name} header`] : [])),
    ].filter(Boolean);
    if (where.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: 'no password of the request in the answer',
        actual: `a password the request sent, written again in ${where.join(' and ')}`,
      },
    ];
  },
};
