import { basePayloads } from './base-payloads.js';

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
/** No maximum page size is documented ("maximum page size: … not shown", 8): a large one is sent, judged as hostile. */
export const PAGE_SIZE_LARGE = 10_000;

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
