import type { ExchangeCheck } from '../types.js';
import { findingsAt, valuesIn } from '../_internals/json-values.js';
import { jsonText, structureOf } from './_internals/json-text.js';
import { clause } from '../clauses.js';

/**
 * A number of more than 15 digits, or an exponent of three digits, where a value starts (after a
 * colon, a bracket or a comma): what a double may not hold. Most answers have none, and a long
 * digit string in quotes (an account number, an order number) starts after a quote instead.
 */
const MAYBE_INEXACT = /[:[,]\s*-?[\d.]{16}|\d[eE][+-]?\d{3}/;
const NUMBER_TOKEN = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** The digits of a decimal that count and the power of ten of the last: `1.50e2` and `150` are both `15e1`. */
function significand(text: string): string {
  const [mantissa = '', exponent = '0'] = text.replace(/^-/, '').toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  const kept = digits.replace(/0+$/, '');
  return kept === '' ? '0' : `${kept}e${Number(exponent) - fraction.length + (digits.length - kept.length)}`;
}

/** Why a double does not hold the number as written, or undefined where it does. */
function inexact(token: string): string | undefined {
  const value = Number(token);
  if (!Number.isFinite(value)) return `${token}, past the magnitude of a double (read as ${value})`;
  if (!/[.eE]/.test(token)) return Number.isSafeInteger(value) ? undefined : `${token}, an integer past ±(2^53 − 1) (read as ${String(value)})`;
  if (significand(token) === significand(String(value))) return undefined;
  return `${token}, more digits than a double keeps (read as ${String(value)})`;
}

export const jsonNumberPrecision: ExchangeCheck<'json'> = {
  id: 'json-number-precision',
  scope: 'exchange',
  ...clause('json-over-http'),
  standards: ['rfc8259-6-interoperable-numbers', 'rfc7493-2.2-numbers'],
  severity: 'warning',
  title: 'JSON number a double does not hold',
  description:
    'A number of the answer that an IEEE 754 double, what most clients read numbers into, does not hold as written: an integer past ±(2^53 − 1) (a 64-bit id such as 1795000000000000123 read as …0000), a magnitude past 1.8e308 (1E400), or more significant digits than a double keeps (428.33333333333333333333). RFC 8259 §6 calls only numbers within a double interoperable, and I-JSON says a sender "SHOULD NOT" send others (RFC 7493 §2.2), recommending a string for them. A warning: the body is still JSON.',
  needs: 'json',
  intents: ['conforming', 'hostile'],
  run(exchange) {
    const response = exchange.response;
    if (!MAYBE_INEXACT.test(jsonText(response))) return [];
    const tokens = (structureOf(response).match(NUMBER_TOKEN) ?? []).flatMap((token) => {
      const why = inexact(token);
      return why === undefined ? [] : [{ value: Number(token), why }];
    });
    if (tokens.length === 0) return [];
    // Each number is found in the parsed answer by the value a client reads for it, in text order.
    const numbers = [...valuesIn(exchange.json)].filter(({ value }) => typeof value === 'number');
    let from = 0;
    const places = tokens.map(({ value, why }) => {
      const at = numbers.findIndex((number, index) => index >= from && number.value === value);
      if (at >= 0) from = at + 1;
      // Where no parsed number has the value (none left to match), the finding is at the whole body.
      return { pointer: numbers[at]?.pointer ?? '', actual: why };
    });
    return findingsAt(places, 'numbers a double holds as written (RFC 8259 §6, RFC 7493 §2.2), larger or longer ones as strings');
  },
};
