import { sentBody } from '../sent-body.js';
import type { ExchangeCheck } from '../types.js';
import { NAMED_FIELDS, readBackAs, textNotAsSent } from './_internals/text-as-sent.js';

/** A JSON escape: a \u with four hexadecimal digits, or one of the two-character escapes (RFC 8259 7). */
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const SHORT: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The text with each JSON escape it holds read as the character it stands for. */
const unescaped = (text: string): string =>
  text.replace(ESCAPE, (escape, hex: string | undefined, short: string | undefined) =>
    // ESCAPE matches one of the two: a short escape is always one of SHORT's.
    hex === undefined ? (short === undefined ? escape : (SHORT[short] ?? escape)) : String.fromCharCode(Number.parseInt(hex, 16)),
  );

export const textEscapesKept: ExchangeCheck<'data'> = {
  id: 'text-escapes-kept',
  scope: 'exchange',
  rule: '1; 4, #14, #15; 2.3',
  quote:
    'Every operation is an HTTP call whose body and response are JSON. … soCusPo, soCaName, soCaMobile, soCaPhone, soCaProvince, soCaCity, soCaStreet, soNote (all strings) … same header fields as #14 … | soCaName | string |',
  standards: ['rfc8259-7-request-escapes'],
  severity: 'warning',
  title: 'Text sent with JSON escapes answered as the escapes',
  description: `A field of the record an answer carries (the order a create answers, 2.3) that holds the text the request sent in the field of the same name with JSON escapes as written in place of the characters they stand for: \`\\u738b\\u6653\\u660e\` (eighteen characters) where 王晓明 was sent as those escapes, a backslash and an \`n\` where a line break was sent as \`\\n\`. A string's value is its characters, however they are written: a character "may be represented as a six-character sequence: a reverse solidus, followed by the lowercase letter u, followed by four hexadecimal digits that encode the character's code point" (RFC 8259 §7), as Python's json.dumps, PHP's json_encode and .NET write every character outside ASCII by default. A server that reads request strings with a pattern of its own, undoing only \`\\"\` and \`\\\\\`, stores the escapes. Judged on valid calls and on the HTTP probe that writes the first valid call's JSON in other forms (\`equivalent-form\`), which escapes the first character of every string value and every character outside ASCII, so that every text field shows it. One finding per answer, at the record and naming up to ${NAMED_FIELDS} fields: one cause, whatever the fields. A warning: the spec types the fields and does not say how request JSON is written.`,
  needs: 'data',
  intents: ['conforming', 'flow', 'http-probe'],
  appliesTo: (operation) => operation.response.kind === 'record' && operation.requestSchema !== undefined,
  run(exchange) {
    return textNotAsSent(sentBody(exchange), exchange.data, readBackAs(unescaped));
  },
};
