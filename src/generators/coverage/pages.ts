import { extend } from '../../objects.js';
import { basePayloads } from './base-payloads.js';
import { fieldRoles } from './roles.js';

/*
 * The page classes and the bounds of the page walk, as data. The walk reads every page of a list
 * operation in order, so every record the server holds within the bound is validated; the page
 * classes name what it reached: the first three pages, the deep ones, the last and one past it.
 */

/** Default bounds of the walk per operation (`--walk-pages`, `--walk-records`). */
export const DEFAULT_WALK_PAGES = 50;
export const DEFAULT_WALK_RECORDS = 2000;

/**
 * Page sizes besides the walk's, each walked from page 1 with its own class: paging that is off by
 * one record (an offset one too far, pages that overlap, a last page counted wrong) shows at one,
 * two and three records a page, where a page of forty hides it.
 */
export const SMALL_PAGE_SIZES: readonly { readonly pageSize: number; readonly class: string }[] = [
  { pageSize: 1, class: 'page-size-one' },
  { pageSize: 2, class: 'page-size-two' },
  { pageSize: 3, class: 'page-size-three' },
];
/** Pages a small page size reads in a row from page 1 (at most --walk-pages), before its deep page, its last and one past it. */
export const SMALL_WALK_PAGES = 3;
/**
 * The class of page 1 at the walk's page size asked without pageNo, as #1, #4 and #7 document the
 * call: "the request carries pageSize and, where given, pageNo" (4 rule 2). Lists whose request
 * names pageNo are not asked without it.
 */
export const PAGE_WITHOUT_NUMBER = 'page-without-number';
/**
 * The class of the pages of the list without its filters (unfilteredBase), read at the walk's size
 * from page 1 to the last: the list the walk's filtered pages are held against.
 */
export const PAGE_WITHOUT_FILTER = 'page-without-filter';
/**
 * The class of page 2 of the walk asked once more, once the walk has read its last page: page n
 * holds the records of page n however often it is asked ("pageNo | integer (current page
 * number)", 2.2), in a list nothing changes while the walk reads it.
 */
export const PAGE_ASKED_AGAIN = 'page-asked-again';
/**
 * The class of a record the walk read with U+FFFD, asked again alone (a page of one record at its
 * place in the list): the same record must hold the same text however long the answer around it.
 */
export const PAGE_RECORD_ALONE = 'page-record-alone';
/**
 * The class of page 1 of the list with every filter left out (everyFilterLeftOut) at a very large
 * page size: the longest answer the list gives, where bytes of a character are likeliest to
 * straddle the pieces a server decodes an answer in.
 */
export const PAGE_LONG = 'page-long';
/** No maximum page size is documented ("maximum page size: … not shown", 8): a large one is sent, judged as hostile. */
export const PAGE_SIZE_LARGE = 10_000;

/**
 * The class of the pages whose offset, (pageNo − 1) × pageSize, lands just past 2^31 and just past
 * 2^32 (wrappedOffsetPages): pages far past the last, judged like the page one past it.
 */
export const PAGE_OFFSET_PAST_INT32 = 'page-offset-past-int32';

/** The largest pageNo a server holds in a 32-bit int: a larger one is the coverage pass's int32-max-plus-one. */
const INT32_MAX = 2 ** 31 - 1;

/**
 * The pages at `pageSize` records a page whose offset a server computing (pageNo − 1) × pageSize
 * in 32-bit arithmetic wraps, as Java's int does (PageHelper's startRow): floor(2^n / pageSize) + 2
 * puts the offset in (2^n, 2^n + pageSize], so past 2^31 it wraps to a negative one (which a
 * database's LIMIT refuses) and past 2^32 to one within pages 1 and 2, whose records a page far
 * past the last then holds. At 40 a page: 53687093 (offset 2147483680) and 107374184 (offset
 * 4294967320, wrapped to 24); at 3: 715827884 and 1431655767 (wrapped to 2). A pageNo past 2^31 − 1
 * is left out: no int holds it, so nothing wraps (at 1 and 2 a page, the one past 2^32).
 */
export function wrappedOffsetPages(pageSize: number): number[] {
  return [31, 32].map((bits) => Math.floor(2 ** bits / pageSize) + 2).filter((pageNo) => pageNo <= INT32_MAX);
}

/** The class of the n-th page of a walk that ends at `last` (undefined while the end is unknown). */
export function pageClass(pageNo: number, last: number | undefined): string {
  if (pageNo === last) return 'page-last';
  if (pageNo <= 3) return `page-${pageNo}`;
  return 'page-deep';
}

/** The walk's page size: the record bound spread over the page bound, so both bounds meet. */
export function walkPageSize(bounds: { readonly pages: number; readonly records: number }): number {
  return Math.max(1, Math.ceil(bounds.records / bounds.pages));
}

/** The body a walk starts from: the coverage base payload, or the operation map's body for an operation of 4.1. */
export function walkBase(operationId: string, mappedBody: unknown): Readonly<Record<string, unknown>> | undefined {
  if (Object.hasOwn(basePayloads, operationId)) return basePayloads[operationId];
  return mappedBody !== null && typeof mappedBody === 'object' && !Array.isArray(mappedBody) ? (mappedBody as Record<string, unknown>) : undefined;
}

/**
 * The list a walk's base asks for with every filter left out: each field of the base but its page
 * set to null, as the samples show it ("Request fields of #1 to #5 and #7 to #12 are shown with
 * null or numeric sample values only", 4 rule 4) and as the coverage pass judges it in a filter, a
 * value that filters nothing (`status` of #1 and #7). Undefined where the base filters by nothing,
 * or by a field null does not leave out (#4's cusType, whose sample is a string): a list with one
 * filter left is not the whole list, and which records two filters select together is the server's.
 */
export function unfilteredBase(operationId: string, base: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  const filters = Object.keys(base).filter((field) => field !== 'pageSize' && field !== 'pageNo');
  const roles = fieldRoles[operationId] ?? {};
  if (!filters.every((field) => roles[field] === 'filter') || filters.every((field) => base[field] === null)) return undefined;
  return extend(base, Object.fromEntries(filters.map((field) => [field, null])));
}

/**
 * The list a walk's base asks for with each of its filters null, whatever its role (a null the
 * coverage pass sends each field anyway): undefined where the base filters by nothing.
 */
export function everyFilterLeftOut(base: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined {
  const filters = Object.keys(base).filter((field) => field !== 'pageSize' && field !== 'pageNo');
  if (filters.every((field) => base[field] === null)) return undefined;
  return extend(base, Object.fromEntries(filters.map((field) => [field, null])));
}
