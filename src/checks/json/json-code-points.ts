import type { ExchangeCheck } from '../types.js';
import { findingsAt, valuesIn } from '../_internals/json-values.js';
import { jsonText } from './_internals/json-text.js';
import { clause } from '../clauses.js';

/** Noncharacters: U+FDD0–U+FDEF and the last two code points of every plane, astral ones as their surrogate pairs. */
const NONCHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]/;
/** A surrogate without its other half: UTF-8 cannot carry one, so in JSON it arrives escaped. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** What the text holds before either can be in a string: a noncharacter as it is, or an escape of a surrogate or a noncharacter. */
const ESCAPED = /\\u(?:[dD][89a-fA-F]|[fF][dD][dDeE]|[fF]{3}[eEfF])/;
/** The escapes are looked for only where the text has one at all: most have none. */
const mayHold = (text: string): boolean => NONCHARACTER.test(text) || (text.includes('\\u') && ESCAPED.test(text));

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

function problem(text: string): string | undefined {
  const lone = LONE_SURROGATE.exec(text)?.[0].codePointAt(0);
  if (lone !== undefined) return `a lone surrogate ${hex(lone)}`;
  const nonCharacter = NONCHARACTER.exec(text)?.[0].codePointAt(0);
  return nonCharacter === undefined ? undefined : `the noncharacter ${hex(nonCharacter)}`;
}

export const jsonCodePoints: ExchangeCheck<'json'> = {
  id: 'json-code-points',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-8.2-unpaired-surrogates', 'rfc7493-2.1-code-points'],
  severity: 'warning',
  title: 'JSON string holds a lone surrogate or a noncharacter',
  description:
    'A string or member name of the answer that holds a lone UTF-16 surrogate (`"\\ud83e"`, what is left of an emoji cut in half by a length counted in UTF-16 units) or a noncharacter (U+FFFE, U+FFFF, U+FDD0…). RFC 8259 §8.2 calls the behaviour of software receiving such strings "unpredictable" (strict decoders refuse them, others write U+FFFD), and I-JSON says strings "MUST NOT include code points that identify Surrogates or Noncharacters" (RFC 7493 §2.1). A warning: the body is still JSON. Text the run stored itself shows here too when the server kept it as sent.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const response = exchange.response;
    if (!mayHold(jsonText(response))) return [];
    const places: { pointer: string; actual: string }[] = [];
    for (const { value, pointer } of valuesIn(exchange.json)) {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const name of Object.keys(value)) {
          const found = problem(name);
          if (found) places.push({ pointer, actual: `${found} in the member name ${JSON.stringify(name)}` });
        }
      }
      if (typeof value !== 'string') continue;
      const found = problem(value);
      if (found) places.push({ pointer, actual: `${found} in ${JSON.stringify(value.slice(0, 40))}` });
    }
    return findingsAt(places, 'strings of Unicode characters only (RFC 8259 §8.2, RFC 7493 §2.1)');
  },
};
