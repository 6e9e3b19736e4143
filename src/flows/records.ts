import { isPlainObject, resultData } from '../checks/preconditions.js';
import type { Exchange } from '../checks/types.js';

/** The records of a page answer, or [] when it is not a page. */
export function listed(exchange: Exchange): Record<string, unknown>[] {
  const list = resultData(exchange)?.list;
  return Array.isArray(list) ? list.filter(isPlainObject) : [];
}

/** An answered result (HTTP 200, JSON, not an error result) */
export function answered(exchange: Exchange): boolean {
  return exchange.response?.status === 200 && resultData(exchange) !== undefined;
}

/** No complete answer came (a timeout, a reset, a cut body): the step says nothing about what the server holds. */
export function unanswered(exchange: Exchange): boolean {
  return exchange.response === undefined || exchange.failure !== undefined;
}

const numeric = (value: unknown) => typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));

/** Decimal text a double holds exactly as written: no exponent, no leading zero, at most 15 digits. */
const plainNumberText = (text: string) => /^-?(0|[1-9]\d*)(\.\d+)?$/.test(text) && text.replace(/\D/g, '').length <= 15;

/**
 * Whether a record shows the value sent, compared as text. Allowed, because neither changes what
 * was said:
 * - a number sent comes back as a number or a numeric string ("12.50" for 12.5), and decimal text
 *   sent comes back as the number it spells: the spec types these fields only by sample;
 * - text comes back in another Unicode normalisation form of the same characters (canonical
 *   equivalence: "Café" with é as one code point or as e and U+0301 is the same text to Unicode).
 * Anything else is a difference: a character lost (an emoji), text cut short, trimmed or case-changed,
 * compatibility forms folded ("ﬁ" to "fi"), a digit string that is an identifier read as a number.
 */
export function sameValue(listed: unknown, sent: unknown): boolean {
  if (listed === sent) return true;
  if (typeof sent === 'number') return numeric(listed) && Number(listed) === sent;
  if (typeof sent !== 'string') return false;
  if (typeof listed === 'string') return listed.normalize('NFC') === sent.normalize('NFC');
  return typeof listed === 'number' && plainNumberText(sent) && Number(sent) === listed;
}

/** Longer text is shown by its start and its length: a finding about 10,000 characters stays readable. */
const SHOWN_CHARACTERS = 40;

/** A value as findings show it: JSON, long text cut with its length. */
export function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  if (typeof value !== 'string' || value.length <= SHOWN_CHARACTERS + 20) return JSON.stringify(value);
  return `${JSON.stringify(value.slice(0, SHOWN_CHARACTERS)).slice(0, -1)}…" (${value.length.toLocaleString('en-US')} characters)`;
}

/**
 * The fields of a listed record that do not show what was sent, each as `field "listed" (sent "value")`.
 * `sent` maps a record field to the value sent for it; `source` says where that value came from
 * (`created`: what a create answered).
 */
export function differences(record: Record<string, unknown>, sent: Record<string, unknown>, source: 'sent' | 'created' = 'sent'): string[] {
  return Object.entries(sent)
    .filter(([field, value]) => !sameValue(record[field], value))
    .map(([field, value]) => `${field} ${shown(record[field])} (${source} ${shown(value)})`);
}
