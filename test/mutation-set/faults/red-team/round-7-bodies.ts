/**
 * Red team round 7, bodies: strings escaped by Python's unicode_escape codec, amounts written as
 * every digit of the double they were computed in, and a JSON template indented with full-width
 * spaces.
 */
import type { Json } from '../../../../src/reference/json.js';
import { answerFault, json } from '../../../../src/reference/faults/fault.js';
import { JSON_TYPE, succeeded } from './_internals/answers.js';
import { bigDecimalOfDouble, jsonWith, pythonUnicodeEscaped } from './_internals/json-text.js';
import { planted, type PlantedFault } from '../../planted-fault.js';

/** The amounts of a created order (2.3, 2.4) the pricing engine computes as doubles. */
const AMOUNTS: ReadonlySet<string> = new Set(['soTotal', 'soFreightPrice', 'siPrice', 'siDiscount', 'siAmount', 'siVamount']);

/** U+3000 IDEOGRAPHIC SPACE, which a Chinese input method types for a space in full-width mode. */
const IDEOGRAPHIC_SPACE = '\u3000';

export const round7Bodies: readonly PlantedFault[] = [
  planted(answerFault, {
    name: 'strings-escaped-by-unicode-escape-codec',
    description:
      "The consignment service is Python, and its JSON is written by hand to keep it ASCII: each string is text.encode('unicode_escape') with quotes escaped after. For Chinese the codec's \\uXXXX is JSON's escape too, so nobody noticed the rest: \\xNN up to U+00FF, \\UXXXXXXXX beyond the BMP",
    operationId: 'consignment-delete',
    redTeam: {
      round: 7,
      standard: 'RFC 8259',
      clause:
        '7: "escape = %x5C", followed by one of " \\ / b f n r t or "uXXXX"; "To escape an extended character that is not in the Basic Multilingual Plane, the character is represented as a 12-character sequence, encoding the UTF-16 surrogate pair"',
      observable:
        'Request class: a consignment whose text holds a character of U+0080 to U+00FF (the µ of pack "100µl", the ° of "2-8°C") or beyond the BMP, then deleted: its answer reads "100\\xb5l" (or "\\U00020bb7"), and JSON.parse refuses it; text in ASCII and Chinese parses as before',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: jsonWith(body, pythonUnicodeEscaped) }),
  }),
  planted(answerFault, {
    name: 'amounts-from-bigdecimal-of-double',
    description:
      'The pricing engine computes in double, and the order view wraps each amount with new BigDecimal(double) rather than BigDecimal.valueOf(double): the exact binary fraction, some fifty digits, which Jackson writes out in full as it writes every BigDecimal',
    operationId: 'beta-order-create',
    redTeam: {
      round: 7,
      standard: 'RFC 7493',
      clause:
        '2.2: "I-JSON messages SHOULD NOT include numbers that express greater magnitude or precision than an IEEE 754 double precision number provides, for example 1E400 or 3.141592653589793238462643383279"',
      observable:
        'Every created beta order writes each amount that has a fraction with up to 50 decimals: "siPrice":7.20999999999999996447286321199499070644378662109375, a discount of 0.95 as 0.9499999999999999555910790149937383830547332763671875, siAmount, siVamount and soTotal alike. JSON.parse reads the doubles meant; a decimal reader (Python\'s Decimal, Java\'s BigDecimal) gets amounts off by a fraction of a fen',
    },
    expect: { check: 'json-number-precision', severity: 'warning' },
    answer(body) {
      const clean = body as Json;
      return succeeded(clean) ? { contentType: JSON_TYPE, body: jsonWith(clean, bigDecimalOfDouble(AMOUNTS)) } : json(clean);
    },
  }),
  planted(answerFault, {
    name: 'json-indented-with-ideographic-spaces',
    description:
      'The consignee detail is rendered from a pretty-printed JSON template whose indentation was typed with a Chinese input method left in full-width mode: every line is indented with U+3000 IDEOGRAPHIC SPACE where ASCII spaces belong',
    operationId: 'consignee-by-id',
    redTeam: {
      round: 7,
      standard: 'RFC 8259',
      clause:
        '2: "Insignificant whitespace is allowed before or after any of the six structural characters", "ws = *( %x20 / %x09 / %x0A / %x0D )": U+3000 is none of them',
      observable:
        'Every consigneeInfoById answer is indented with the bytes E3 80 80 (U+3000) at the start of each line after the first: JSON.parse and every strict parser refuse it at the first one',
    },
    expect: { check: 'json-body', severity: 'error' },
    answer: (body) => ({ contentType: JSON_TYPE, body: JSON.stringify(body, null, IDEOGRAPHIC_SPACE) }),
  }),
];
