import type { ExchangeCheck } from '../types.js';
import { findingsAt, jsonOutline } from '../_internals/json-values.js';
import { duplicateMembers, jsonText, structureOf } from './_internals/json-text.js';
import { clause } from '../clauses.js';

/** Members written in the text: each has one colon outside the strings. */
function membersWritten(structure: string): number {
  let count = 0;
  for (let at = structure.indexOf(':'); at >= 0; at = structure.indexOf(':', at + 1)) count++;
  return count;
}

/**
 * A count of the names written, read from the raw text without taking its strings apart: a name
 * closes its quote and is followed by its colon. A text value holding `":` counts too, and a name
 * written with space before its colon does not, so only an equal count is trusted.
 */
function namesWrittenRoughly(text: string): number {
  let count = 0;
  for (let at = text.indexOf('":'); at >= 0; at = text.indexOf('":', at + 2)) count++;
  return count;
}

export const jsonDuplicateNames: ExchangeCheck<'json'> = {
  id: 'json-duplicate-names',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-4-unique-names', 'rfc7493-2.3-unique-names'],
  severity: 'warning',
  title: 'JSON object with two members of one name',
  description:
    'An object of the answer that names a member twice (`{"code":"0","code":"200"}`), names compared once their escapes are undone. "The names within an object SHOULD be unique" (RFC 8259 §4) and I-JSON forbids it (RFC 7493 §2.3): parsers disagree on which value counts (JSON.parse keeps the last, many keep the first), which is how two services read one answer two ways. A warning: the body is still JSON, and the spec names no profile stricter than it.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const response = exchange.response;
    const { members } = jsonOutline(exchange.json);
    // JSON.parse keeps one member of a name: fewer members parsed than written means a name twice.
    if (namesWrittenRoughly(jsonText(response)) === members || membersWritten(structureOf(response)) === members) return [];
    const places = duplicateMembers(jsonText(response)).map(({ pointer, name }) => ({ pointer, actual: `"${name}" written twice in one object` }));
    return findingsAt(places, 'each name once in an object (RFC 8259 §4, RFC 7493 §2.3)');
  },
};
