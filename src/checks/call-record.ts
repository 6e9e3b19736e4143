import { createHash } from 'node:crypto';
import { contentCodings } from '../client/decode.js';
import { refusesToken } from '../client/refusal.js';
import { valueText } from './asked/value-text.js';
import { isErrorResult, isPlainObject, type Meetings, meetings } from './preconditions.js';
import type { AnswerCoding, AskedValue, CallRecord, EnvelopeOutline, Exchange, PageOutline, RecordTexts } from './types.js';
import { recordTextsOf } from './_internals/record-texts.js';

/**
 * Record keys kept of one page of a walk, at most: every call of an operation keeps its record until
 * the operation ends, and a page of 60,000 records must not become 60,000 kept strings a call.
 */
export const KEYS_KEPT = 1000;

/**
 * Whether a call is a page of a walk (`page:<size>:<no>`, `page-hostile:…`, page 1 asked without
 * pageNo, `page-unnumbered:<size>`, or a page of the list without its filters,
 * `page-unfiltered:<size>:<no>`, or a page of the walk asked once more, `page-again:<size>:<no>`),
 * or a relation's own call (`relation:…`): the answers the checks compare record by record, across pages.
 * Only their records are kept as keys: every other call of an operation keeps none, whatever the
 * length of its list.
 */
const WALK_PREFIXES = ['page:', 'page-hostile:', 'page-unnumbered:', 'page-unfiltered:', 'page-again:', 'relation:'];
const walksAList = (exchange: Exchange) => WALK_PREFIXES.some((prefix) => exchange.path.startsWith(prefix));
/** A lookup naming its id twice (`listed-id:…`) keeps the key of the one record it answered: whose record it is shows in its id. */
const keysKeptOf = (exchange: Exchange): number => (walksAList(exchange) ? KEYS_KEPT : exchange.path.startsWith('listed-id:') ? 1 : 0);
/** Strings longer than this are not kept of what a call asked: the checks compare ids, codes and numbers. */
export const ASKED_STRING_CHARS = 256;
/** Values kept of one field the records carry, at most: enough to tell one value from several. */
export const VALUES_KEPT = 16;

/** A record's key: its identity (`id`, or the order's `soId`), else a digest of the whole record. */
export function recordKey(record: unknown): string {
  if (isPlainObject(record)) {
    const id = record.id ?? record.soId;
    if (typeof id === 'string' || typeof id === 'number') return `id:${id}`;
  }
  return `#${createHash('sha1')
    .update(JSON.stringify(record) ?? 'undefined')
    .digest('base64url')
    .slice(0, 16)}`;
}

/**
 * The records an answer's data carries (a page's list, or the record itself), the keys of the first
 * KEYS_KEPT, and the values they carry in the fields asked by.
 */
function carried(
  data: Record<string, unknown> | undefined,
  askedFields: readonly string[],
  keysKept: number,
): { records: number; keys: string[]; fieldValues: Record<string, string[]> } {
  if (!data) return { records: 0, keys: [], fieldValues: {} };
  const list = Array.isArray(data.list) ? data.list : Object.keys(data).length > 0 ? [data] : [];
  const keys: string[] = [];
  const values = new Map<string, Set<string>>();
  const judged = Math.min(list.length, KEYS_KEPT);
  for (let index = 0; index < judged; index++) {
    const record: unknown = list[index];
    if (index < keysKept) keys.push(recordKey(record));
    if (!isPlainObject(record)) continue;
    for (const field of askedFields) {
      const text = Object.hasOwn(record, field) ? valueText(record[field]) : undefined;
      if (text === undefined) continue;
      let seen = values.get(field);
      if (!seen) values.set(field, (seen = new Set()));
      if (seen.size < VALUES_KEPT) seen.add(text);
    }
  }
  return { records: list.length, keys, fieldValues: Object.fromEntries([...values].map(([field, seen]) => [field, [...seen]])) };
}

/** A digest of the records a list selected by a request field carried, where it carried any: what tells two selections apart. */
function recordsDigest(exchange: Exchange, data: Record<string, unknown> | undefined): { recordsDigest?: string } {
  const list = data?.list;
  if (exchange.operation.selectsBy === undefined || !Array.isArray(list) || list.length === 0) return {};
  const digest = createHash('sha1');
  for (const record of list.slice(0, KEYS_KEPT)) digest.update(JSON.stringify(record) ?? 'undefined').update('\n');
  return { recordsDigest: digest.digest('base64url').slice(0, 22) };
}

const digestOf = (value: unknown) =>
  createHash('sha1')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('base64url')
    .slice(0, 12);

/** Of a relation's own call, each record's fields as digests (EnvelopeOutline.contents). */
function contentsOf(exchange: Exchange, data: Record<string, unknown> | undefined): { contents?: Readonly<Record<string, string>>[] } {
  if (!exchange.path.startsWith('relation:') || !data) return {};
  const list: readonly unknown[] = Array.isArray(data.list) ? data.list : [data];
  return {
    contents: list
      .slice(0, KEYS_KEPT)
      .map((record) =>
        isPlainObject(record) ? Object.fromEntries(Object.entries(record).map(([field, value]) => [field, digestOf(value)])) : { '': digestOf(record) },
      ),
  };
}

/** The records' texts (recordTextsOf), where there are any to keep. */
function textsOf(exchange: Exchange, data: Record<string, unknown> | undefined): { texts?: RecordTexts } {
  const texts = recordTextsOf(exchange, data);
  return texts ? { texts } : {};
}

/** What a page said of itself, where `data` is one (it has a list, a pageNo or a totalPage). */
function pageOf(data: unknown): PageOutline | undefined {
  if (!isPlainObject(data) || !('list' in data || 'pageNo' in data || 'totalPage' in data)) return undefined;
  return { pageNo: data.pageNo, totalPage: data.totalPage, listIsArray: Array.isArray(data.list) };
}

/**
 * The body a call asked with, where it is a valid one or differs from one in a single field: a valid
 * call's payload, a walk's page past the end, and a call of the coverage pass, whose body is read
 * back from what was sent (its payload describes the class). A body with a member written twice is
 * left out: which of the two a server reads is its own choice.
 */
function askedBody(exchange: Exchange): unknown {
  if (exchange.intent !== 'hostile' || exchange.path.startsWith('page-hostile:')) return exchange.payload;
  const coverageClass = isPlainObject(exchange.payload) ? exchange.payload.kind : undefined;
  if (!exchange.path.startsWith('coverage:') || coverageClass === 'duplicate-key' || exchange.request.body === undefined) return undefined;
  try {
    return JSON.parse(exchange.request.body) as unknown;
  } catch {
    return undefined;
  }
}

/** The scalar top-level fields of the body a call asked with (askedBody). */
function askedOf(exchange: Exchange): Record<string, AskedValue> {
  const body = askedBody(exchange);
  if (!isPlainObject(body)) return {};
  const asked: Record<string, AskedValue> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === null || typeof value === 'number' || typeof value === 'boolean') asked[field] = value;
    else if (typeof value === 'string' && value.length <= ASKED_STRING_CHARS) asked[field] = value;
  }
  return asked;
}

/** The content coding an answer came in, where it came in one. */
function codingOf(exchange: Exchange): { coding?: AnswerCoding } {
  const headers = exchange.response?.headers;
  const codings = contentCodings(headers?.['content-encoding']);
  if (headers === undefined || codings.length === 0) return {};
  const vary = (headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase());
  return { coding: { codings: codings.join(', '), varies: vary.includes('accept-encoding') || vary.includes('*') } };
}

/** The path of a request URL, as sent: what follows the origin (`http://host:port`). */
const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]*/i, '');

/** The record of a call, built once from the whole exchange, before anything of it is let go; `met` when the caller has them already. */
export function recordOf(exchange: Exchange, rank: number, met: Meetings = meetings(exchange)): CallRecord {
  const value = met.json?.json;
  const data = met.data?.data;
  const page = isPlainObject(value) ? pageOf(value.data) : undefined;
  const asked = askedOf(exchange);
  return {
    operation: exchange.operation,
    intent: exchange.intent,
    path: exchange.path,
    rank,
    wirePath: pathOf(exchange.request.url),
    asked,
    status: exchange.response?.status,
    failure: exchange.failure?.kind,
    ...(exchange.responseCut === undefined ? {} : { bodyCut: true as const }),
    ...codingOf(exchange),
    durationMs: exchange.durationMs,
    envelope:
      met.json && isPlainObject(value)
        ? {
            code: value.code,
            errorResult: isErrorResult(value, met.json.response.status),
            hasData: met.data !== undefined,
            ...carried(data, Object.keys(asked), keysKeptOf(exchange)),
            ...recordsDigest(exchange, data),
            ...textsOf(exchange, data),
            ...contentsOf(exchange, data),
            ...(page ? { page } : {}),
          }
        : undefined,
  };
}

/** A status line that is an answer to judge: a 429 is a rate limit the kit could not wait out (rate-limited reports it). */
export const answered = (call: CallRecord): boolean => call.status !== undefined && call.status !== 429 && call.failure === undefined;

/** A call answered with a JSON object: an envelope to read. */
export type EnvelopedCall = CallRecord & { readonly envelope: EnvelopeOutline };

/** HTTP 200 and a result with data: the server did what was asked. */
export const succeeded = (call: CallRecord): call is EnvelopedCall => call.status === 200 && call.envelope?.hasData === true;

/** The server refused the token (refusesToken). */
export const refusedToken = (call: CallRecord): boolean => refusesToken(call.status, call.envelope?.code);

/** How a client tells answers apart before it reads their data: the status and the envelope's code. */
export const answerKind = (call: CallRecord): string => `${call.status} ${JSON.stringify(call.envelope?.code)}`;

/** A call sent with the valid token in the documented form and answered: a generated call, one of the coverage pass or of the page walk. */
export const withTheToken = (call: CallRecord): boolean => (call.intent === 'conforming' || call.intent === 'hostile') && call.status !== undefined;

/** Whether two calls asked the same, in outline (CallRecord.asked): a call, and the same call sent again in another form. */
export function askedAlike(a: CallRecord, b: CallRecord): boolean {
  const fields = Object.keys(a.asked);
  return fields.length === Object.keys(b.asked).length && fields.every((field) => Object.hasOwn(b.asked, field) && b.asked[field] === a.asked[field]);
}
