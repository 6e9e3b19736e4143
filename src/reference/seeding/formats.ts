/** Money, numbers, dates and document numbers as the sandbox writes them. */

export function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** A price that shows its decimals: whole-yuan results are nudged by 50 fen so the JSON number reads like "128.5". */
export function priceWithDecimals(amount: number): number {
  const cents = Math.max(1, Math.round(amount * 100));
  return (cents % 100 === 0 ? cents + 50 : cents) / 100;
}

/** Prices of 2.6 and 2.7 are strings with two decimals, like "1280.00". */
export function moneyText(amount: number): string {
  return amount.toFixed(2);
}

/** "integer in the sample" (2.3): a phone number kept as the integer its digits spell (a leading 0 is lost). */
export function telephoneAsInteger(text: string): number {
  const value = Number(text.replace(/\D/g, ''));
  return Number.isSafeInteger(value) ? value : 0;
}

/** The platform serves China, so dates are China Standard Time (UTC+8), whatever the host's zone. */
const CHINA_OFFSET_SECONDS = 8 * 3600;

export function chinaIso(unixSeconds: number): string {
  return new Date((unixSeconds + CHINA_OFFSET_SECONDS) * 1000).toISOString();
}

/** "2026-11-22 10:15:00": soCtime "string in the create-order responses" (2.3). */
export function formatChinaTime(unixSeconds: number): string {
  const iso = chinaIso(unixSeconds);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The prefix of each kind of document number; meanings of the number fields are "not shown" (2.10). */
export const DOCUMENT_PREFIX = {
  demand: 'XQ',
  demandSerial: 'LS',
  purchaseOrder: 'CG',
  consignment: 'JS',
  order: 'SO',
  dispatch: 'FH',
} as const;

/** Document numbers like "SO202611220001": prefix, China date, serial. */
export function documentNumber(prefix: string, unixSeconds: number, serial: number): string {
  return `${prefix}${chinaIso(unixSeconds).slice(0, 10).replaceAll('-', '')}${String(serial).padStart(4, '0')}`;
}

/** 2026-01-05 09:00 China time: the seeded records are dated from here on, one day or so apart. */
export const SEED_START_SECONDS = Date.UTC(2026, 0, 5, 1, 0, 0) / 1000;
export const DAY_SECONDS = 86_400;

export function seededDate(id: number): number {
  return SEED_START_SECONDS + Math.floor(id * 1.3) * DAY_SECONDS;
}

/** An address as written on a letter: a municipality's city is not repeated. */
export function fullAddress(province: string, city: string, county: string, street: string): string {
  return `${province}${city === province ? '' : city}${county}${street}`;
}
