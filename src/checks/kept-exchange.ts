import type { CallRecord, Exchange } from './types.js';
import type { ReceivedResponse } from '../client/exchange.js';
import { extend } from '../objects.js';
import { recordOf } from './call-record.js';

/**
 * A call as evidence keeps it: everything that was sent, and of the answer its status, headers and
 * the beginning of its text — no parse. What a deviation shows, and what a re-send or a shrink
 * starts from; the checks never judge it again.
 */
export type KeptExchange = Omit<Exchange, 'response'> & { readonly response?: Pick<ReceivedResponse, 'status' | 'headers' | 'bodyText'> };

/**
 * Response text kept with a call that is evidence: four times what the evidence shows (2,048
 * characters), so that redaction still sees whole any secret that starts inside the excerpt. No
 * more: evidence is kept until its operation ends, and the run's operations go side by side.
 */
const KEPT_BODY_CHARS = 8 * 1024;
/** Answers up to this long are kept whole as evidence: cheaper than their outline, and small. */
const KEPT_WHOLE_CHARS = 16 * 1024;
/** A copy that holds none of the original: V8 keeps a whole string alive behind any slice of it. */
function detached(text: string, length: number): string {
  return text.length <= length ? text : Buffer.from(text.slice(0, length), 'utf16le').toString('utf16le');
}

/**
 * What the Judge keeps of a call as evidence once every exchange check has judged it: the call with
 * its answer's text cut to its beginning and no parse. A short answer is kept as it came: cheaper
 * than a copy, and small.
 */
export function outline(exchange: Exchange): KeptExchange {
  const { response } = exchange;
  if (!response || response.bodyText.length <= KEPT_WHOLE_CHARS) return exchange;
  return extend(exchange, { response: { status: response.status, headers: response.headers, bodyText: detached(response.bodyText, KEPT_BODY_CHARS) } });
}

/** A call a flow keeps as a step of its evidence: kept as evidence keeps it, with its answer in a line. */
export type KeptStep = KeptExchange & {
  /** The answer in a line (answerOutline), taken while the whole answer was there. */
  readonly answer: string;
};

/** A call as a step of evidence: its answer outlined in a line while it is whole, then kept as evidence keeps it. */
export function keepStep(exchange: Exchange): KeptStep {
  return extend(outline(exchange), { answer: answerOutline(recordOf(exchange, 0)) });
}

/** An answer as a step of evidence shows it: status, envelope code, records and what a page said of itself. */
export function answerOutline(call: CallRecord): string {
  if (call.status === undefined) return call.failure ?? 'no answer';
  const parts = [`HTTP ${call.status}`];
  if (call.failure) parts.push(`then ${call.failure}`);
  const envelope = call.envelope;
  if (!envelope) return [...parts, 'not the envelope'].join(' · ');
  if (envelope.code !== undefined) parts.push(`code ${JSON.stringify(envelope.code)}`);
  if (envelope.errorResult) parts.push('an error result');
  else parts.push(`${envelope.records} record${envelope.records === 1 ? '' : 's'}${envelope.keys.length > 0 ? ` (${keysShown(envelope.keys)})` : ''}`);
  if (envelope.page)
    parts.push(
      `pageNo ${JSON.stringify(envelope.page.pageNo)}, totalPage ${JSON.stringify(envelope.page.totalPage)}${envelope.page.listIsArray ? '' : ', list not an array'}`,
    );
  return parts.join(' · ');
}

/** Keys shown of a step's records: a few, then how many more. */
const KEYS_SHOWN = 5;
const keysShown = (keys: readonly string[]) =>
  `${keys.slice(0, KEYS_SHOWN).join(', ')}${keys.length > KEYS_SHOWN ? `, … ${keys.length - KEYS_SHOWN} more` : ''}`;
