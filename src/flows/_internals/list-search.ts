import { resultData } from '../../checks/preconditions.js';
import { keepStep, type KeptStep } from '../../checks/kept-exchange.js';
import type { FlowContext } from '../flow.js';
import { answered, listed } from '../records.js';

/** A list a round trip looks in, and its body: a body with a numeric `pageNo` is paged. */
export interface ListStep {
  readonly operation: string;
  readonly body: Readonly<Record<string, unknown>>;
}

/** The flow looks at most this many pages of one list for what it created. */
export const MAX_PAGES = 10;

/** A record found: where it was listed. */
export interface Listed {
  readonly record: Record<string, unknown>;
  /** The page that listed it, as evidence keeps it: a list may be long. */
  readonly exchange: KeptStep;
  /** Its index in the page's `list`. */
  readonly index: number;
  /** The list step (of those searched) that listed it. */
  readonly step: number;
}

/** A page answered with a strong entity tag (RFC 9110 §8.8.3): what two reads of the same page are compared by. */
export interface TaggedPage {
  /** The list operation and the body asked, as text: the same for the same request. */
  readonly request: string;
  readonly etag: string;
  /** The body as it came: a strong validator changes whenever it does (§8.8.1). */
  readonly content: string;
  readonly exchange: KeptStep;
}

export interface Search {
  /** By key, the first record listed with it. */
  readonly found: ReadonlyMap<string, Listed>;
  /** Every list call, in order, as evidence keeps it. */
  readonly calls: readonly KeptStep[];
  /** The pages answered with a strong entity tag. */
  readonly tagged: readonly TaggedPage[];
  /** Per list step, the last page called (1 for an unpaged list). */
  readonly pages: readonly number[];
  /** The call that answered no page: the search says nothing of what is not found. */
  readonly unanswered?: KeptStep;
  /**
   * A list was not read to its end: its pages go on past the bound, or it holds more records than
   * one page shows and documents no pageNo to ask for the next (#1). What was not found may be there.
   */
  readonly partial: boolean;
}

/**
 * Looks through the lists in turn for records whose key is wanted, page by page (up to
 * `MAX_PAGES`, or `pages[i]` of the i-th list where given), until every wanted key is found; says
 * whether every list was read to its end (`partial`).
 */
export async function searchLists(
  context: FlowContext,
  lists: readonly ListStep[],
  keyOf: (record: Record<string, unknown>) => string | undefined,
  wanted: ReadonlySet<string>,
  pages?: readonly number[],
): Promise<Search> {
  const found = new Map<string, Listed>();
  const calls: KeptStep[] = [];
  const tagged: TaggedPage[] = [];
  const lastPages: number[] = [];
  let partial = false;
  for (const [step, { operation, body }] of lists.entries()) {
    const paged = typeof body.pageNo === 'number';
    const last = paged ? (pages?.[step] ?? MAX_PAGES) : 1;
    let pageNo = 1;
    let ended = false;
    for (; pageNo <= last; pageNo++) {
      const payload = paged ? { ...body, pageNo } : { ...body };
      const exchange = await context.call(operation, payload);
      const kept = keepStep(exchange);
      calls.push(kept);
      const response = exchange.response;
      const etag = response?.headers.etag?.trim();
      if (response && etag && !etag.startsWith('W/'))
        tagged.push({ request: `${operation} ${JSON.stringify(payload)}`, etag, content: response.bodyText, exchange: kept });
      if (!answered(exchange)) return { found, calls, tagged, pages: [...lastPages, pageNo], unanswered: kept, partial };
      const records = listed(exchange);
      records.forEach((record, index) => {
        const key = keyOf(record);
        if (key !== undefined && wanted.has(key) && !found.has(key)) found.set(key, { record, exchange: kept, index, step });
      });
      if (found.size === wanted.size) return { found, calls, tagged, pages: [...lastPages, pageNo], partial };
      const totalPage = resultData(exchange)?.totalPage;
      // Without totalPage, a page fuller than asked for may have a next one; one less full is the last.
      const full = typeof body.pageSize === 'number' && records.length >= body.pageSize;
      ended = records.length === 0 || (typeof totalPage === 'number' ? pageNo >= totalPage : !full);
      if (ended || (!paged && typeof totalPage !== 'number')) break;
    }
    if (!ended) partial = true;
    lastPages.push(Math.min(pageNo, last));
  }
  return { found, calls, tagged, pages: lastPages, partial };
}
