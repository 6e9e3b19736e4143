import type { Place } from '../records.js';
import { BUILDINGS, COMPANY_NAMES, COMPANY_TRADES, GIVEN_NAMES, STREETS, SURNAMES } from './data.js';
import { digits, intBetween, pick, type Random } from './random.js';

/** People, companies, phone numbers, addresses and bank numbers, drawn from the fixed data. */

export function personName(random: Random): string {
  return pick(random, SURNAMES) + pick(random, GIVEN_NAMES);
}

export function companyName(random: Random, place: Place): string {
  return `${place.city.replace(/市$/, '')}${pick(random, COMPANY_NAMES)}${pick(random, COMPANY_TRADES)}有限公司`;
}

/** Mobile numbers are 11 digits, from 13x to 19x. */
export function mobileNumber(random: Random): string {
  return `1${intBetween(random, 3, 9)}${digits(random, 9)}`;
}

/** Landlines like "010-62345678": area code, then eight digits not starting with 0 or 1. */
export function landline(random: Random, place: Place): string {
  return `${place.areaCode}-${intBetween(random, 2, 8)}${digits(random, 7)}`;
}

export function streetAddress(random: Random): string {
  const building = pick(random, BUILDINGS);
  const room = building === '' ? '' : `${building}${intBetween(random, 1, 12)}层${intBetween(random, 1, 30) + 100}室`;
  return `${pick(random, STREETS)}${intBetween(random, 1, 399)}号${room}`;
}

/** Luhn check digit, as bank card numbers carry. */
function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return String((10 - (sum % 10)) % 10);
}

export function cardNumber(random: Random, bin: string, length: number): string {
  const body = bin + digits(random, length - bin.length - 1);
  return body + luhnCheckDigit(body);
}

/** Unified social credit code of a company (18 characters), as VAT invoices carry it. */
export function vatNumber(random: Random): string {
  return `91${digits(random, 6)}MA${digits(random, 7)}X${intBetween(random, 0, 9)}`;
}
