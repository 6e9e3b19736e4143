import { succeeded } from '../call-record.js';
import type { AskedValue, CallRecord, EnvelopeOutline, PageOutline } from '../types.js';
import { PAGING_FIELDS } from './list-filter.js';
import { valueText } from './value-text.js';

/** A page of the list without its filters, as the walk asks it: `page-unfiltered:<pageSize>:<pageNo>`. */
export const UNFILTERED_PAGES = /^page-unfiltered:(\d+):(\d+)$/;

/** A list read whole: every record it holds, by key (call-record.ts: `id:<id>`), and the pages that show it. */
export interface WholeList {
  readonly keys: ReadonlySet<string>;
  readonly pages: readonly CallRecord[];
  readonly pageSize: number;
}

/** The fields a call asked by beyond its page, as `field value`: null and "" leave a filter out (4 rule 4). */
export const filtersOf = (asked: Readonly<Record<string, AskedValue>>): string[] =>
  Object.entries(asked).flatMap(([field, value]) => {
    const text = valueText(value);
    return PAGING_FIELDS.has(field) || text === undefined ? [] : [`${field} ${text}`];
  });

/** A page answered as a page (2.2) whose every record left a key: what can be counted whole. */
const countedPage = (call: CallRecord): call is CallRecord & { readonly envelope: EnvelopeOutline & { readonly page: PageOutline } } =>
  succeeded(call) && call.envelope.page?.listIsArray === true && call.envelope.keys.length === call.envelope.records;

/**
 * The list asked by nothing but its page, where its pages show all of it: page 1 to the last its totalPage
 * names were answered, each saying that same totalPage, every page before the last holding the
 * pageSize asked and the last from one record to as many (or none, of an empty list), and no record
 * twice. Anything less may leave records out. `pages` picks the calls that are its pages, capturing
 * their pageSize and pageNo: the walk's pages of the list without its filters unless told.
 */
export function wholeList(calls: readonly CallRecord[], pages: RegExp = UNFILTERED_PAGES): WholeList | undefined {
  const byNo = new Map<number, CallRecord>();
  let pageSize: number | undefined;
  for (const call of calls) {
    const match = pages.exec(call.path);
    if (!match || (pageSize !== undefined && Number(match[1]) !== pageSize)) continue;
    pageSize = Number(match[1]);
    if (!byNo.has(Number(match[2]))) byNo.set(Number(match[2]), call);
  }
  const first = byNo.get(1);
  const totalPage = first?.envelope?.page?.totalPage;
  if (!first || pageSize === undefined || filtersOf(first.asked).length > 0 || !Number.isSafeInteger(totalPage) || (totalPage as number) < 0) return undefined;
  const last = Math.max(1, totalPage as number);
  const keys = new Set<string>();
  const read: CallRecord[] = [];
  for (let pageNo = 1; pageNo <= last; pageNo++) {
    const page = byNo.get(pageNo);
    if (!page || !countedPage(page) || page.envelope.page.totalPage !== totalPage) return undefined;
    const { records } = page.envelope;
    const fits = pageNo < last ? records === pageSize : records <= pageSize && (records > 0 || last === 1);
    if (!fits) return undefined;
    for (const key of page.envelope.keys) {
      if (keys.has(key)) return undefined;
      keys.add(key);
    }
    read.push(page);
  }
  return { keys, pages: read, pageSize };
}
