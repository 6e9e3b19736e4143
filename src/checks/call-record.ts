import { refusesToken } from '../client/refusal.js';
import { isErrorResult, isPlainObject, preconditionsMet, resultData } from './preconditions.js';
import type { CallRecord, Exchange, Precondition, RecordId } from './types.js';

const identity = (record: unknown): RecordId | undefined => {
  if (!isPlainObject(record)) return undefined;
  const id = record.id ?? record.soId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
};

/**
 * Identities kept of one answer, at most: every call of an operation keeps its record until the
 * operation ends, and a page of 60,000 records must not become 60,000 kept strings a call.
 */
export const IDS_KEPT = 1000;

/** The records an answer's data carries (a page's list, or the record itself), and the identities of the first IDS_KEPT. */
function carried(data: Record<string, unknown> | undefined): { records: number; ids: RecordId[] } {
  if (!data) return { records: 0, ids: [] };
  const list = Array.isArray(data.list) ? data.list : Object.keys(data).length > 0 ? [data] : [];
  const ids: RecordId[] = [];
  for (let index = 0; index < Math.min(list.length, IDS_KEPT); index++) {
    const id = identity(list[index]);
    // Records without an identity have none to compare: none is kept.
    if (id === undefined) return { records: list.length, ids: [] };
    ids.push(id);
  }
  return { records: list.length, ids };
}

/** The path of a request URL, as sent: what follows the origin (`http://host:port`). */
const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]*/i, '');

/** The record of a call, built once from the whole exchange, before anything of it is let go; `met` when the caller has them already. */
export function recordOf(exchange: Exchange, rank: number, met: Readonly<Record<Precondition, boolean>> = preconditionsMet(exchange)): CallRecord {
  const body = met.json ? exchange.response!.json : undefined;
  const value = body?.ok ? body.value : undefined;
  const data = met.data ? resultData(exchange) : undefined;
  return {
    operation: exchange.operation,
    intent: exchange.intent,
    path: exchange.path,
    rank,
    wirePath: pathOf(exchange.request.url),
    status: exchange.response?.status,
    failure: exchange.failure?.kind,
    envelope: isPlainObject(value)
      ? { code: value.code, errorResult: isErrorResult(value, exchange.response!.status), hasData: met.data, ...carried(data) }
      : undefined,
  };
}

/** A status line that is an answer to judge: a 429 is a rate limit the kit could not wait out (rate-limited reports it). */
export const answered = (call: CallRecord): boolean => call.status !== undefined && call.status !== 429 && call.failure === undefined;

/** HTTP 200 and a result with data: the server did what was asked. */
export const succeeded = (call: CallRecord): boolean => call.status === 200 && call.envelope?.hasData === true;

/** The server refused the token (refusesToken). */
export const refusedToken = (call: CallRecord): boolean => refusesToken(call.status, call.envelope?.code);
