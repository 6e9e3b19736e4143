import { pointerToken } from '../../json-pointer.js';
import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';
import { valuesIn } from '../_internals/json-values.js';
import { jsonText } from './_internals/json-text.js';
import { clause } from '../clauses.js';

/** A lead octet of a multi-byte UTF-8 sequence (C2–F4), as a character of the text or as its `\u` escape: where the check can find something at all. */
const LEAD_OCTET = /[\u00C2-\u00F4]/;
const ESCAPED_LEAD_OCTET = /\\u00[cCdDeEfF][0-9a-fA-F]/;
/** The escape is looked for only where the text has one at all: most have none. */
const mayHold = (text: string): boolean => LEAD_OCTET.test(text) || (text.includes('\\u00') && ESCAPED_LEAD_OCTET.test(text));
/** A run of characters that, taken as octets, are not ASCII. */
const HIGH_OCTETS = /[\u0080-\u00FF]+/g;
/** A character no octet stands for: text that holds one was not made of octets read as characters. */
const BEYOND_OCTETS = /[\u0100-\uFFFF]/;

/** Decodes only well-formed UTF-8 (RFC 3629 §3: no overlong forms, surrogates or octets past U+10FFFF): anything else throws. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What a string reads as once each of its characters is taken as the octet of the same number, or
 * undefined where that is not its reading: it holds a character above U+00FF, or a run of
 * characters U+0080–U+00FF that is not well-formed UTF-8. Latin-1 text of its own (é, ü, °) has no
 * lead octet followed by its continuation octets, so it never reads as anything else.
 */
function decoded(text: string): string | undefined {
  if (BEYOND_OCTETS.test(text)) return undefined;
  const runs = text.match(HIGH_OCTETS);
  if (!runs) return undefined;
  try {
    for (const run of runs) utf8.decode(Buffer.from(run, 'latin1'));
  } catch {
    return undefined;
  }
  return utf8.decode(Buffer.from(text, 'latin1'));
}

/** A string as JSON writes it, its C1 controls escaped too (JSON.stringify leaves them as they are, invisible in a report). */
const shown = (text: string): string =>
  JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text).replace(
    /[\u007F-\u009F]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** Every string of a parsed JSON value, member names among them. */
function* stringsIn(value: unknown): Generator<string> {
  for (const { value: inner } of valuesIn(value)) {
    if (typeof inner === 'string') yield inner;
    else if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) yield* Object.keys(inner);
  }
}

export const textDoubleEncoded: ExchangeCheck<'json'> = {
  id: 'text-double-encoded',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-7-code-point-escape'],
  severity: 'warning',
  title: 'JSON string holds the UTF-8 octets of its text as characters',
  description:
    'A string or member name of the answer whose characters are all U+00FF or below, with runs of U+0080–U+00FF that, each character taken as an octet, are well-formed multi-byte UTF-8: a lead octet C2–F4 and its continuation octets 80–BF. That is text whose UTF-8 was read as Latin-1 and written again (double encoding, mojibake: 丙酮 answered as "ä¸\\u0099é\\u0085®"), or escaped one octet at a time, where a `\\u` escape holds "four hexadecimal digits that encode the character\'s code point" (RFC 8259 §7). The JSON parses, and every client shows garbled text. Latin-1 text of its own (é, ü, ° alone) is no such run; a string the request sent, answered as sent, is not judged. One finding per answer, with a string and what it reads as. A warning: the body is still JSON.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const response = exchange.response;
    if (!mayHold(jsonText(response))) return [];
    const sent = new Set(stringsIn(sentBody(exchange)));
    const found: { pointer: string; text: string; reads: string }[] = [];
    const judge = (text: string, pointer: string) => {
      const reads = sent.has(text) ? undefined : decoded(text);
      if (reads !== undefined) found.push({ pointer, text, reads });
    };
    for (const { value, pointer } of valuesIn(exchange.json)) {
      if (typeof value === 'string') judge(value, pointer);
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        for (const name of Object.keys(value)) judge(name, `${pointer}/${pointerToken(name)}`);
      }
    }
    const [first] = found;
    if (!first) return [];
    return [
      {
        instancePath: first.pointer,
        expected: 'each character written as itself, or as a \\u escape of its code point (RFC 8259 §7)',
        actual: `${shown(first.text)}, which read as UTF-8 octets is ${shown(first.reads)}${found.length > 1 ? ` (and ${found.length - 1} more strings like it)` : ''}`,
        ...(found.length > 1 ? { occurrences: found.length } : {}),
      },
    ];
  },
};
