import type { ExchangeCheck } from '../types.js';
import { dateProblem } from './_internals/http-date.js';

/** RFC 9110 §5.6.2: `token = 1*tchar`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 5646 §2.1, as RFC 9110 §8.5.1 takes it: subtags of letters and digits, one to eight each, joined by "-", the first letters only. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** The members of a list-valued field (RFC 9110 §5.6.1), whose empty elements a recipient MUST accept. */
const members = (value: string): string[] =>
  value
    .split(',')
    .map((member) => member.trim())
    .filter((member) => member.length > 0);

const everyMember =
  (valid: (member: string) => boolean) =>
  (value: string): boolean =>
    members(value).every(valid);

/**
 * The response fields of RFC 9110 and RFC 9111 that no other check reads, each with its grammar and
 * the clause that gives it. Expires takes "0" too: RFC 9111 §5.3 names it as the invalid date
 * recipients read as "already expired", and frameworks send it by default.
 */
const GRAMMARS: Readonly<Record<string, { readonly grammar: string; readonly valid: (value: string) => boolean }>> = {
  'content-language': { grammar: 'Content-Language = #language-tag (RFC 9110 §8.5, RFC 5646 §2.1)', valid: everyMember((tag) => LANGUAGE_TAG.test(tag)) },
  vary: { grammar: 'Vary = #( "*" / field-name ) (RFC 9110 §12.5.5)', valid: everyMember((name) => name === '*' || TOKEN.test(name)) },
  allow: { grammar: 'Allow = #method (RFC 9110 §10.2.1)', valid: everyMember((method) => TOKEN.test(method)) },
  'accept-ranges': { grammar: 'Accept-Ranges = acceptable-ranges, #range-unit (RFC 9110 §14.3)', valid: everyMember((unit) => TOKEN.test(unit)) },
  connection: { grammar: 'Connection = #connection-option (RFC 9110 §7.6.1)', valid: everyMember((option) => TOKEN.test(option)) },
  trailer: { grammar: 'Trailer = #field-name (RFC 9110 §6.6.2)', valid: everyMember((name) => TOKEN.test(name)) },
  age: { grammar: 'Age = delta-seconds, 1*DIGIT (RFC 9111 §5.1)', valid: (value) => /^\d+$/.test(value.trim()) },
  expires: { grammar: 'Expires = HTTP-date (RFC 9111 §5.3)', valid: (value) => value.trim() === '0' || dateProblem(value.trim()) === undefined },
};

export const fieldSyntax: ExchangeCheck = {
  id: 'field-syntax',
  scope: 'exchange',
  rule: '1',
  quote: 'Every operation is an HTTP call whose body and response are JSON.',
  standards: ['rfc9110-5.5-field-grammar'],
  severity: 'warning',
  title: 'A header field whose value is not in its grammar',
  description: `A response field that HTTP defines, with a value outside the grammar that defines it: ${Object.values(GRAMMARS)
    .map(({ grammar }) => grammar)
    .join(
      '; ',
    )}. "Field values are usually constrained to the range of US-ASCII characters… Fields needing a greater range of characters can use an encoding", and each field's definition gives its grammar (RFC 9110 §5.5); a client, cache or proxy that parses the field refuses such a value or reads another meaning into it (Content-Language: zh_CN is no language tag: the subtags of RFC 5646 are joined by "-"). A warning: the spec shows no header of an answer.`,
  needs: 'response',
  intents: ['conforming', 'hostile', 'http-probe'],
  run(exchange) {
    const { headers } = exchange.response!;
    const broken = Object.entries(GRAMMARS).filter(([name, { valid }]) => headers[name] !== undefined && !valid(headers[name]!));
    if (broken.length === 0) return [];
    return [
      {
        instancePath: '',
        expected: broken.map(([, { grammar }]) => grammar).join('; '),
        actual: broken.map(([name]) => `${name}: ${headers[name]}`).join('; '),
      },
    ];
  },
};
