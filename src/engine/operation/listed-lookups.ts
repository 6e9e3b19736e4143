import type { Operation } from '../../catalogue/operations.js';
import { type ListedEnd, listedPath, listedPlace } from '../../checks/asked/listed-path.js';
import { namedBy } from '../../checks/asked/named-by.js';
import type { Exchange } from '../../checks/types.js';
import { walkBase } from '../../generators/coverage/pages.js';
import { extend } from '../../objects.js';
import type { JudgeCall } from './coverage-pass.js';
import { MOST_ID_PAIR_CALLS, sendIdPairs } from './listed-id-pairs.js';
import type { ListedEnds, ListedRecord } from './page-walk.js';
import type { OperationSession } from './session.js';

/**
 * The most calls an operation's listed phase sends: a lookup at each end of its list, and, where
 * the run does not walk the list, its first and last page (readListEnds); the lookups naming its
 * id twice (sendIdPairs).
 */
export const MOST_LISTED_CALLS = 4 + MOST_ID_PAIR_CALLS;

/**
 * Whether the operation asks for the records its list showed: a lookup that changes nothing. In
 * every run, the quick pass included: an id the server listed is the one id a lookup can be sure
 * to find, on a sandbox others change too.
 */
export const asksListed = (operation: Operation): boolean => operation.lookup === true && !operation.mutates && operation.listedIn !== undefined;

/** The calls of the listed phase of a run without the coverage pass: the list's first page, and a lookup of its first record. */
export const QUICK_LISTED_CALLS = 2;

/** What the listed phase asks for: the records at both ends of the list and the lookups naming an id twice, or (the quick pass) the first record only. */
export type ListedAsk = 'both-ends' | 'first';

/**
 * Where a lookup's listed records come from: the walk of its list in this run (OperationRun.ends of
 * the list), or, where the run does not walk it, the list itself, whose two ends the phase reads.
 */
export type ListedSource = { readonly walked: Promise<ListedEnds | undefined> } | { readonly list: Operation };

/** The body a lookup of a listed record starts from: the coverage base payload (#8, #9) or the map's body (4.1). */
const lookupBase = (operation: Operation) => walkBase(operation.id, operation.body);

/** A listed value written as the base body writes the field: cid "1" takes the id 37 as "37". */
const asWritten = (value: unknown, template: unknown): unknown => (typeof template === 'string' && typeof value === 'number' ? String(value) : value);

/**
 * The fields of the base body set to name a listed record (namedBy: the field of the same name, or
 * the one id the record carries as `id`); undefined where the body names it by nothing the record
 * carries.
 */
function namingOf(base: Readonly<Record<string, unknown>>, record: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  const pairs = namedBy(base, record, false).filter(([, field]) => record[field] !== undefined && record[field] !== null);
  if (pairs.length === 0) return undefined;
  return Object.fromEntries(pairs.map(([asked, field]) => [asked, asWritten(record[field], base[asked])]));
}

/** The lookup of one listed record: where it is found again, and its payload. */
function lookupOf(operation: Operation, end: ListedEnd, listed: ListedRecord): { path: string; payload: Record<string, unknown> } | undefined {
  const base = lookupBase(operation);
  const naming = base && namingOf(base, listed.record);
  if (!base || !naming) return undefined;
  return { path: listedPath({ end, pageSize: listed.pageSize, pageNo: listed.pageNo, naming }), payload: extend(base, naming) };
}

/** The lookup at a path `listedPath` wrote, made again: the base body with the fields the path names set. */
export function listedCallAt(operation: Operation, path: string): { payload: Record<string, unknown>; body: string } | undefined {
  const place = listedPlace(path);
  const base = lookupBase(operation);
  if (!place || !base || operation.listedIn === undefined) return undefined;
  const payload = extend(base, place.naming);
  return { payload, body: JSON.stringify(payload) };
}

/**
 * Asks the lookup for the record its list showed first and the one it showed last, once the list's
 * walk has read its pages (`ends`, handed over by the run): two calls, judged as valid ones, the
 * first before the last. None where the list is not walked, showed no record, or showed one record
 * only. Then the lookups naming its id twice (sendIdPairs), where the walk read the list whole.
 * `ask` 'first': the record the list showed first alone, and nothing more (the quick pass).
 */
export async function sendListedLookups(
  operation: Operation,
  session: OperationSession,
  ends: Promise<ListedEnds | undefined>,
  judge: JudgeCall,
  ask: ListedAsk = 'both-ends',
): Promise<Exchange[]> {
  const listed = await ends;
  if (!listed || session.abandoned) return [];
  const first = lookupOf(operation, 'first', listed.first);
  const last = lookupOf(operation, 'last', listed.last);
  const sent: Exchange[] = [];
  if (ask === 'first') {
    if (!first) return [];
    const exchange = await session.send('conforming', first.path, first.payload, JSON.stringify(first.payload));
    judge(exchange, 0);
    return [exchange];
  }
  // A list of one record has one end: nothing to compare.
  const both = !first || !last || JSON.stringify(first.payload) === JSON.stringify(last.payload) ? [] : [first, last];
  for (const [index, lookup] of both.entries()) {
    if (session.abandoned) break;
    const exchange = await session.send('conforming', lookup.path, lookup.payload, JSON.stringify(lookup.payload));
    judge(exchange, index);
    sent.push(exchange);
  }
  if (session.abandoned) return sent;
  return [...sent, ...(await sendIdPairs(operation, session, listed, judge, 2))];
}

/** The lookup of the record a list keys as `id:<id>` (call-record.ts): the base body naming that id, where it names records by one. */
export function lookupByKey(operation: Operation, key: string): { operation: string; payload: Record<string, unknown> } | undefined {
  const id = /^id:(.+)$/s.exec(key)?.[1];
  const base = lookupBase(operation);
  if (id === undefined || !base) return undefined;
  const naming = namingOf(base, { id: /^-?\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id });
  return naming && { operation: operation.id, payload: extend(base, naming) };
}

/** The lookup with its own base body: the record the coverage base or the operation map names. */
export function sampleLookup(operation: Operation): { operation: string; payload: Record<string, unknown> } | undefined {
  const base = lookupBase(operation);
  return base && { operation: operation.id, payload: { ...base } };
}
