import { type EnvelopedCall, succeeded } from '../call-record.js';
import type { CallRecord } from '../types.js';

/** A record answered: a success whose data carries one (the envelope's data has members). */
export const foundOne = (call: CallRecord): call is EnvelopedCall => succeeded(call) && call.envelope.records > 0;

/**
 * The lookup answered that no record has the id: an error result, or data without a record, at
 * HTTP 200 (7 rule 2) or 404. A refused token, a rate limit or a server error says nothing of
 * whether the record is there; a body cut short or never received neither.
 */
export function noSuchRecord(call: CallRecord): boolean {
  if (call.failure !== undefined || call.bodyCut || !call.envelope || (call.status !== 200 && call.status !== 404)) return false;
  return call.envelope.errorResult || !call.envelope.hasData || call.envelope.records === 0;
}

/** What an answer of no record said, in a few words: its envelope code where it gave one. */
export function saidOf(call: CallRecord): string {
  const code = call.envelope?.code;
  const coded = typeof code === 'string' || typeof code === 'number' ? `, code ${JSON.stringify(code)}` : '';
  if (call.envelope?.errorResult) return `no record: an error result (HTTP ${call.status}${coded})`;
  return `no record: data without one (HTTP ${call.status}${coded})`;
}
