import { valuesIn } from '../_internals/json-values.js';
import { isErrorResult, isPlainObject } from '../preconditions.js';
import type { ExchangeCheck, Finding } from '../types.js';

/**
 * Member names that hold what identifies a person or the member's company, compared in lower case
 * without `_` and `-`: a name (not a bare `name`, which an error's class has), a phone, an e-mail
 * address, an identity card number.
 */
const PERSONAL_MEMBER = /^(?:real|full|nick|user|member|contact|company|legal)name$|^(?:mobile|phone|telephone|tel|email|mail|idcard|idno|idnumber|idcardno)$/;

/** The e-mail addresses of a text, each part bounded by its length in RFC 5321 §4.5.3.1, read around each "@". */
function emailAddresses(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    const local = /[\w.+-]{1,64}$/.exec(text.slice(Math.max(0, at - 64), at))?.[0];
    const domain = /^[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.[a-z]{2,24}/i.exec(text.slice(at + 1, at + 1 + 600))?.[0];
    if (local && domain) found.push(`${local}@${domain}`);
  }
  return found;
}

/**
 * Text that identifies a person: a mobile number (mainland China, 11 digits, not part of a longer
 * run) or an e-mail address. Read in one pass each: a refusal may quote 128 KiB of a field as sent.
 */
const PERSONAL_TEXT: readonly { readonly kind: string; readonly find: (text: string) => readonly string[] }[] = [
  { kind: 'a mobile number', find: (text) => text.match(/(?<![\d.])1[3-9]\d{9}(?!\d)/g) ?? [] },
  { kind: 'an e-mail address', find: emailAddresses },
];

const plain = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
const scalar = (value: unknown) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

/** The personal members of an object that names a record by its `id`: a record of someone, carried whole. */
function personalMembersOfRecord(value: unknown): string[] {
  if (!isPlainObject(value) || !scalar(value.id)) return [];
  return Object.entries(value)
    .filter(([name, member]) => PERSONAL_MEMBER.test(plain(name)) && scalar(member))
    .map(([name]) => name);
}

/** The first place of the refusal that holds a record of a person, or personal text the request did not send. */
function firstPersonal(body: unknown, sent: string): Finding | undefined {
  for (const { value, pointer } of valuesIn(body)) {
    const members = personalMembersOfRecord(value);
    if (members.length > 0)
      return { instancePath: pointer, expected: 'a refusal that names no record', actual: `a record (id, ${members.join(', ')}) in the refusal` };
    if (typeof value !== 'string') continue;
    for (const { kind, find } of PERSONAL_TEXT) {
      if (find(value).some((match) => !sent.includes(match)))
        return { instancePath: pointer, expected: 'a refusal that names no one', actual: `${kind} the request did not send, in the refusal` };
    }
  }
  return undefined;
}

export const refusalPersonalData: ExchangeCheck<'json'> = {
  id: 'refusal-personal-data',
  scope: 'exchange',
  rule: '2.1, 7',
  quote: 'error | object | Error result data. … Content of the `error` object: not shown.',
  standards: ['owasp-api3-exposed-properties'],
  severity: 'warning',
  title: 'A refusal carries a record of a person',
  description:
    'An answer refused (an error result on evidence: a refusal status, or an `error` with a value, and no data) whose body holds, at any depth, a record of a person: an object with an `id` and a member whose name says it identifies a person or the member\'s company (realName, companyName, mobile, email, idCard…); or text that holds a mobile number or an e-mail address the request did not send. A refusal that says why by naming the record it ran into, as a registration of a mobile that has a member naming that member, hands another person\'s data to whoever asks, without a token where the operation takes none (OWASP API3, "The API endpoint exposes properties of an object that are considered sensitive and should not be read by the user"). What the request sent, written back, is not judged. A warning: the content of `error` is not shown (7). The finding names the members, never their values.',
  needs: 'json',
  intents: ['conforming', 'hostile', 'flow'],
  run(exchange) {
    const body = exchange.json;
    if (!isPlainObject(body) || !isErrorResult(body, exchange.response.status)) return [];
    const found = firstPersonal(body, exchange.request.body ?? '');
    return found ? [found] : [];
  },
};
