import type { Exchange, RecordTexts, ReplacedText } from '../types.js';
import { valuesIn } from './json-values.js';

/**
 * Records of one answer whose ids are kept, at most. Every call that changes nothing keeps them until
 * its operation ends, not only a walk's pages: a page of 60,000 records must not become 60,000 kept
 * strings a call, and a run of a few thousand calls keeps a few hundred thousand at most.
 */
const RECORDS_KEPT = 100;
const REPLACEMENT_CHARACTER = '\uFFFD';
/** U+FFFD as its escape in JSON text. */
const ESCAPED_REPLACEMENT = /\\u[fF]{2}[fF][dD]/;
/** Whether JSON text holds U+FFFD, as itself or as its escape: the escape is looked for only where the text has one at all. */
const holdsReplacement = (text: string): boolean => text.includes(REPLACEMENT_CHARACTER) || (text.includes('\\u') && ESCAPED_REPLACEMENT.test(text));
/** Characters kept either side of the first U+FFFD of a string: enough to show what it stands in. */
const AROUND_REPLACEMENT = 12;

/** The first string value of a record that holds U+FFFD, cut around it, with its pointer under `at`. */
function replacedIn(record: unknown, at: string): Omit<ReplacedText, 'key'> | undefined {
  for (const { value, pointer } of valuesIn(record, at)) {
    if (typeof value !== 'string') continue;
    const first = value.indexOf(REPLACEMENT_CHARACTER);
    if (first >= 0) return { pointer, text: value.slice(Math.max(0, first - AROUND_REPLACEMENT), first + AROUND_REPLACEMENT) };
  }
  return undefined;
}

const idOf = (record: unknown): string | undefined => {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined;
  const id = (record as Record<string, unknown>).id ?? (record as Record<string, unknown>).soId;
  return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : undefined;
};

/**
 * The records with an id that an answer of an operation that changes nothing carried (a page's
 * list, or the record itself), and those of them with U+FFFD in their text; undefined for an
 * operation that changes state (a create's record is another record each time), for a request
 * that sent U+FFFD itself, and for an answer with no such record.
 */
export function recordTextsOf(exchange: Exchange, data: Record<string, unknown> | undefined): RecordTexts | undefined {
  if (!data || exchange.operation.mutates || holdsReplacement(exchange.request.body ?? '')) return undefined;
  // Most answers hold no U+FFFD at all: their records are not read string by string.
  const mayHold = holdsReplacement(exchange.response?.bodyText ?? '');
  const inList = Array.isArray(data.list);
  const list = inList ? (data.list as unknown[]) : [data];
  const ids: string[] = [];
  const replaced: ReplacedText[] = [];
  for (const [index, record] of list.slice(0, RECORDS_KEPT).entries()) {
    const key = idOf(record);
    if (key === undefined) continue;
    ids.push(key);
    const found = mayHold && replacedIn(record, inList ? `/data/list/${index}` : '/data');
    if (found) replaced.push({ key, ...found });
  }
  return ids.length > 0 ? { ids, replaced } : undefined;
}
