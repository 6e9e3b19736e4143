import type { ExchangeCheck } from '../types.js';
import { findingsAt } from '../_internals/json-values.js';
import { duplicateMembers, jsonText, membersIn, structureOf } from './_internals/json-text.js';

/** Members written in the text: each has one colon outside the strings. */
const membersWritten = (structure: string) => structure.split(':').length - 1;

export const jsonDuplicateNames: ExchangeCheck = {
  id: 'json-duplicate-names',
  scope: 'exchange',
  rule: '1',
  quote: 'Every operation is an HTTP call whose body and response are JSON.',
  standards: ['rfc8259-4-unique-names', 'rfc7493-2.3-unique-names'],
  severity: 'warning',
  title: 'JSON object with two members of one name',
  description:
    'An object of the answer that names a member twice (`{"code":"0","code":"200"}`), names compared once their escapes are undone. "The names within an object SHOULD be unique" (RFC 8259 §4) and I-JSON forbids it (RFC 7493 §2.3): parsers disagree on which value counts (JSON.parse keeps the last, many keep the first), which is how two services read one answer two ways. A warning: the body is still JSON, and the spec names no profile stricter than it.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const response = exchange.response!;
    if (!response.json.ok || membersWritten(structureOf(response)) === membersIn(response.json.value)) return [];
    const places = duplicateMembers(jsonText(response)).map(({ pointer, name }) => ({ pointer, actual: `"${name}" written twice in one object` }));
    return findingsAt(places, 'each name once in an object (RFC 8259 §4, RFC 7493 §2.3)');
  },
};
