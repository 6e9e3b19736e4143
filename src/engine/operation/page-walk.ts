import type { Operation } from '../../catalogue/operations.js';
import { UNFILTERED_PAGES, type WholeList, wholeList } from '../../checks/asked/whole-list.js';
import { recordOf } from '../../checks/call-record.js';
import { isPlainObject, resultData } from '../../checks/preconditions.js';
import type { CallRecord } from '../../checks/types.js';
import {
  everyFilterLeftOut,
  PAGE_LONG,
  PAGE_OFFSET_PAST_INT32,
  PAGE_SIZE_LARGE,
  PAGE_WITHOUT_FILTER,
  PAGE_WITHOUT_NUMBER,
  PAGE_ASKED_AGAIN,
  PAGE_RECORD_ALONE,
  pageClass,
  SMALL_PAGE_SIZES,
  SMALL_WALK_PAGES,
  unfilteredBase,
  walkBase,
  walkPageSize,
  wrappedOffsetPages,
} from '../../generators/coverage/pages.js';
import type { CoverageJudgement } from '../../generators/coverage/requests.js';
import { extend } from '../../objects.js';
import type { CoverageCall, JudgeCall } from './coverage-pass.js';
import type { OperationSession } from './session.js';

export interface WalkBounds {
  /** At most this many pages per operation. */
  readonly pages: number;
  /** At most this many records per operation. */
  readonly records: number;
}

/** What the walk of one list operation read. */
export interface PageWalk {
  readonly pageSize: number;
  /** Pages read, in order from page 1. */
  readonly pages: number;
  /** Records validated, all pages together. */
  readonly records: number;
  /** The server's totalPage on the last page read, when it gave one. */
  readonly totalPage?: number;
  /** Why it stopped: the last page, a bound, an empty page, or a page without readable data. */
  readonly stoppedBy: 'last-page' | 'page-bound' | 'record-bound' | 'empty-page' | 'no-page';
}

/** What a page said of itself: how many records it held, and its totalPage when a whole number. */
interface PageRead {
  readonly records: number;
  readonly totalPage: number | undefined;
  /** Its first and last records, where they are objects: what the lookups of the list's records ask for. */
  readonly firstRecord: Readonly<Record<string, unknown>> | undefined;
  readonly lastRecord: Readonly<Record<string, unknown>> | undefined;
  /** The places on the page of its records that hold U+FFFD, of a page at the walk's own size only. */
  readonly replaced?: readonly number[];
}

/** The places of the records that hold U+FFFD, the character a decoder writes for bytes it cannot read; none where the body holds none. */
function placesWithReplacement(list: readonly unknown[], bodyText: string | undefined): number[] {
  if (bodyText === undefined || !(bodyText.includes('\uFFFD') || /\\u[fF]{3}[dD]/.test(bodyText))) return [];
  return list.flatMap((record, place) => (JSON.stringify(record).includes('\uFFFD') ? [place] : []));
}

/** A record the walk at its own size showed, and where. */
export interface ListedRecord {
  readonly pageSize: number;
  readonly pageNo: number;
  readonly record: Readonly<Record<string, unknown>>;
}

/** The list read whole by the walk (wholeList), and the body that asks its pages (pageBody of it at `pageSize`). */
export interface WalkedWhole extends WholeList {
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * The records at the two ends of what the walk at its own size read: the first of page 1, the last
 * of the last page with any; and, where its pages showed all of it before any call of the run
 * changed state, the whole list (the list without its filters, or the walk's own where its base
 * filters by nothing).
 */
export interface ListedEnds {
  readonly first: ListedRecord;
  readonly last: ListedRecord;
  /** The largest whole-number `id` a record of the pages read carried. */
  readonly largestId?: number;
  readonly whole?: WalkedWhole;
}

/** The largest whole-number id of the records of a page and of those before it (`so far`). */
function largestIdOf(list: readonly unknown[], soFar: number | undefined): number | undefined {
  let largest = soFar;
  for (const record of list) {
    const id = isPlainObject(record) ? Number(record.id) : NaN;
    if (Number.isSafeInteger(id) && (largest === undefined || id > largest)) largest = id;
  }
  return largest;
}

const recordAt = (list: readonly unknown[], index: number): Readonly<Record<string, unknown>> | undefined => {
  const record = list[index];
  return isPlainObject(record) ? record : undefined;
};

/** At most this many records read with U+FFFD are read again alone: one shows the cause, a few its reach. */
const MOST_RECORDS_ALONE = 4;

/** Beyond this many pages a small page size no longer reads its deep page, its last and the one past it. */
const MAX_SMALL_LAST_PAGE = 100_000;

/**
 * Each part of the walk takes its calls' places from its own block (the walk at its own page size
 * first, then each small page size, then the single pages, then page 1 without pageNo, then the
 * list without its filters), so a call's place is the same whatever order the answers come in. A
 * block holds more than the longest walk (--walk-pages is at most 100,000).
 */
const BLOCK = 2 ** 20;

/**
 * The pages a small page size reads after page 1, once page 1 said there are `last`: the next ones
 * in a row (SMALL_WALK_PAGES in all, at most `pagesBound`), and, for a list not too long to reach
 * that way, a deep one (one record a page only), the last and one past it.
 */
export function smallWalkPages(pageSize: number, last: number, pagesBound: number): number[] {
  const inARow = Array.from({ length: Math.max(0, Math.min(SMALL_WALK_PAGES, pagesBound) - 1) }, (_, index) => index + 2);
  const deep = pageSize === 1 ? [Math.max(SMALL_WALK_PAGES + 1, Math.ceil(last / 2))] : [];
  const ends = last <= MAX_SMALL_LAST_PAGE ? [...deep, last, last + 1] : [];
  return [...new Set([...inARow, ...ends])].filter((pageNo) => pageNo > 1 && pageNo <= last + 1).sort((a, b) => a - b);
}

const totalPageOf = (data: Record<string, unknown> | undefined): number | undefined => {
  const totalPage = data?.totalPage;
  return typeof totalPage === 'number' && Number.isSafeInteger(totalPage) ? totalPage : undefined;
};

/**
 * Where walk calls are found again: `page:<pageSize>:<pageNo>`, or `page-hostile:…` for those
 * judged as hostile; also how `--replay` rebuilds them.
 */
export const pagePath = (pageSize: number, pageNo: number, judgedAs: CoverageJudgement): string =>
  `${judgedAs === 'hostile' ? 'page-hostile' : 'page'}:${pageSize}:${pageNo}`;

/**
 * Where the walk's page 1 asked without pageNo is found again, and how `--replay` rebuilds it: a
 * path of its own, which the checks do not read as a page of a walk (page-number-default compares it
 * with one).
 */
export const unnumberedPagePath = (pageSize: number): string => `page-unnumbered:${pageSize}`;

/**
 * Where a page of the walk asked once more is found again, and how `--replay` rebuilds it:
 * `page-again:<pageSize>:<pageNo>:<time>` (page 1 at time 1, page 2 at times 1 and 2), a path of its own, which the checks of a
 * walk's pages do not read as one of the walk's (page-asked-again holds them against it).
 */
export const againPagePath = (pageSize: number, pageNo: number, time: number): string => `page-again:${pageSize}:${pageNo}:${time}`;

/**
 * Where the pages of the list without its filters (unfilteredBase) are found again, and how
 * `--replay` rebuilds them: `page-unfiltered:<pageSize>:<pageNo>`, a path of its own, which the
 * checks of a walk's pages do not read as one of the walk's (it is another list).
 */
export const unfilteredPagePath = (pageSize: number, pageNo: number): string => `page-unfiltered:${pageSize}:${pageNo}`;

/**
 * Whether the walk asks page 1 without pageNo too: only where the documented call leaves it out
 * (#1, #4, #7; "where given", 4 rule 2). Where the request names pageNo (#13, #16, a mapped list
 * whose body has one), a call without it is not one the spec shows, and nothing can be held to it.
 */
const asksUnnumbered = (operation: Operation): boolean => operation.paging?.pageNoField === undefined;

/**
 * The pages past the last a walk at `pageSize` asks whose offset a 32-bit int wraps
 * (wrappedOffsetPages): only of a list whose request names pageNo (#13, #16, a mapped list whose
 * body has one), where the page asked is the server's to count from.
 */
const wrappedPagesOf = (operation: Operation, pageSize: number): number[] => (operation.paging?.pageNoField === undefined ? [] : wrappedOffsetPages(pageSize));

/**
 * Where the pages of the list with every filter left out (everyFilterLeftOut) are found again, and
 * how `--replay` rebuilds them: `page-long:<pageSize>:<pageNo>`, judged as hostile calls (a null
 * where a field may not take one), a path of its own, which the checks of a walk's pages do not read
 * as one of the walk's (it is another list).
 */
export const longPagePath = (pageSize: number, pageNo: number): string => `page-long:${pageSize}:${pageNo}`;

/** The walk call at a path `pagePath` or `unnumberedPagePath` wrote, or undefined when the operation has no walk or the path is not one. */
export function pageCallAt(operation: Operation, path: string): { judgedAs: CoverageJudgement; payload: unknown; body: string } | undefined {
  const base = operation.paging ? walkBase(operation.id, operation.body) : undefined;
  if (!base) return undefined;
  const unnumbered = /^page-unnumbered:(\d+)$/.exec(path);
  if (unnumbered) {
    if (!asksUnnumbered(operation)) return undefined;
    const payload = unnumberedPageBody(base, Number(unnumbered[1]));
    return { judgedAs: 'conforming', payload, body: JSON.stringify(payload) };
  }
  const again = /^page-again:(\d+):(\d+):[12]$/.exec(path);
  if (again) {
    const payload = pageBody(base, Number(again[1]), Number(again[2]));
    return { judgedAs: 'conforming', payload, body: JSON.stringify(payload) };
  }
  const long = /^page-long:(\d+):(\d+)$/.exec(path);
  if (long) {
    const without = everyFilterLeftOut(base);
    if (!without) return undefined;
    const payload = pageBody(without, Number(long[1]), Number(long[2]));
    return { judgedAs: 'hostile', payload, body: JSON.stringify(payload) };
  }
  const unfiltered = /^page-unfiltered:(\d+):(\d+)$/.exec(path);
  if (unfiltered) {
    const without = unfilteredBase(operation.id, base);
    if (!without) return undefined;
    const payload = pageBody(without, Number(unfiltered[1]), Number(unfiltered[2]));
    return { judgedAs: 'conforming', payload, body: JSON.stringify(payload) };
  }
  const match = /^(page|page-hostile):(\d+):(\d+)$/.exec(path);
  if (!match) return undefined;
  const payload = pageBody(base, Number(match[2]), Number(match[3]));
  return { judgedAs: match[1] === 'page' ? 'conforming' : 'hostile', payload, body: JSON.stringify(payload) };
}

/** The walk's request body: the base payload with the page asked for. pageNo is sent "where given" (4 rule 2). */
export const pageBody = (base: Readonly<Record<string, unknown>>, pageSize: number, pageNo: number) => extend(base, { pageSize, pageNo });

/** Page 1 as #1, #4 and #7 document it: the base payload at the page size asked, pageNo not given (4 rule 2). */
export const unnumberedPageBody = (base: Readonly<Record<string, unknown>>, pageSize: number) =>
  extend(Object.fromEntries(Object.entries(base).filter(([field]) => field !== 'pageNo')), { pageSize });

/** The walks beside the one at the walk's own size: each small page size, and the single pages (the sample's size, a very large one). */
function walkParts(base: Readonly<Record<string, unknown>>, size: number) {
  const small = SMALL_PAGE_SIZES.filter(({ pageSize }) => pageSize !== size);
  const walked = new Set([size, ...small.map(({ pageSize }) => pageSize)]);
  const defaultSize = typeof base.pageSize === 'number' && Number.isSafeInteger(base.pageSize) && base.pageSize > 0 ? base.pageSize : undefined;
  const singles = [
    ...(defaultSize === undefined || walked.has(defaultSize) ? [] : [{ pageSize: defaultSize, judgedAs: 'conforming' as const, class: 'page-size-default' }]),
    ...(walked.has(PAGE_SIZE_LARGE) ? [] : [{ pageSize: PAGE_SIZE_LARGE, judgedAs: 'hostile' as const, class: 'page-size-large' }]),
  ];
  return { small, singles };
}

/**
 * The most calls walkPages sends to an operation under these bounds (0 where it has no walk): how
 * many it does send depends on how many pages the server says there are.
 */
export function walkCallsAtMost(operation: Operation, bounds: WalkBounds): number {
  const base = operation.paging ? walkBase(operation.id, operation.body) : undefined;
  if (!base) return 0;
  const size = walkPageSize(bounds);
  const { small, singles } = walkParts(base, size);
  // Each small size: page 1, the pages in a row after it, a deep one (one record a page only), the last and one past it, the wrapped ones.
  const smallCalls = small.map(
    ({ pageSize }) => 1 + Math.max(0, Math.min(SMALL_WALK_PAGES, bounds.pages) - 1) + (pageSize === 1 ? 1 : 0) + 2 + wrappedPagesOf(operation, pageSize).length,
  );
  // The walk at its own size: every page up to the bound, then one past the last and the wrapped ones; page 1 without pageNo.
  const ownCalls = bounds.pages + 1 + wrappedPagesOf(operation, size).length;
  // The list without its filters: every page up to the bound.
  const unfilteredCalls = unfilteredBase(operation.id, base) ? bounds.pages : 0;
  // Page 1 asked again, then page 2 twice.
  const againCalls = bounds.pages >= 2 ? 3 : 0;
  // The long page with every filter left out; records read with U+FFFD read again alone, of it and of the walk.
  const longCalls = everyFilterLeftOut(base) ? 1 + MOST_RECORDS_ALONE : 0;
  return (
    ownCalls +
    againCalls +
    longCalls +
    MOST_RECORDS_ALONE +
    (asksUnnumbered(operation) ? 1 : 0) +
    smallCalls.reduce((total, calls) => total + calls, 0) +
    singles.length +
    unfilteredCalls
  );
}

/**
 * Reads every page of a list operation from page 1 until the last one (totalPage) or a bound, each
 * page judged as a valid call (so every record is validated), then one page past the last. Beside
 * it, the same list one, two and three records a page (SMALL_PAGE_SIZES): the first pages in a row,
 * a deep one, the last and one past it; page 1 at the sample's size and at a very large one; and,
 * where the documented call leaves pageNo out (#1, #4, #7), page 1 at the walk's size without it,
 * which must answer the page it says it is. Where it names pageNo, each walk also asks the pages
 * far past the last whose offset passes 2^31 and 2^32 (wrappedOffsetPages), once page 1 said how
 * many there are. Where the base filters by fields null leaves out (`status` 0 of #1 and #7), the
 * list without its filters too (unfilteredBase), page after page at the walk's size to its last
 * page or a bound: what the filtered pages are held against (`filter-outside-list`). Every part
 * goes out before any call of the run changes state: the run's state changes wait for the whole walk.
 * Page 1 asked again, then page 2 twice in a row (`askAgain`, where the walk read a page 2), are the
 * operation's to send once its other calls are answered: none of them then moves what a server keeps
 * between two pages. Records the walk read with U+FFFD are each read again alone, and the list with
 * every filter left out is read in one long page (page-long), whose such records are read again alone too.
 * Each walk is sequential where the next page depends on an answer; the walks go side by side.
 * The checks of src/checks/page/ judge each page size's pages together.
 */
export function walkPages(operation: Operation, session: OperationSession, bounds: WalkBounds, judge: JudgeCall): WalkRun {
  let pageOneRead = () => {};
  const opened = new Promise<void>((resolve) => (pageOneRead = resolve));
  const walked = walkFromPageOne(operation, session, bounds, judge, opened, pageOneRead);
  // Where there is no walk, nothing waits.
  walked.then(pageOneRead, pageOneRead);
  return { opened, walked };
}

/** A walk under way: its page 1 read, which every other call of its operation waits for, and the whole walk. */
export interface WalkRun {
  /** Settles once page 1 at the walk's size is answered, or at once where the operation has no walk. Never rejects. */
  readonly opened: Promise<void>;
  readonly walked: Promise<{ calls: CoverageCall[]; walk?: PageWalk; ends?: ListedEnds; askAgain?: () => Promise<void> }>;
}

async function walkFromPageOne(
  operation: Operation,
  session: OperationSession,
  bounds: WalkBounds,
  judge: JudgeCall,
  opened: Promise<void>,
  pageOneRead: () => void,
): Promise<{ calls: CoverageCall[]; walk?: PageWalk; ends?: ListedEnds; askAgain?: () => Promise<void> }> {
  const base = operation.paging ? walkBase(operation.id, operation.body) : undefined;
  if (!base) return { calls: [] };
  const size = walkPageSize(bounds);
  const calls: CoverageCall[] = [];
  const unfiltered = unfilteredBase(operation.id, base);
  // The whole list is the one without filters; where the base has none to leave out, the walk's own at its size (wholeList refuses a filtered one).
  const wholeBody = unfiltered ?? base;
  const wholePages = unfiltered ? UNFILTERED_PAGES : new RegExp(`^page:(${size}):(\\d+)$`);
  const wholeRead: CallRecord[] = [];
  let largestId: number | undefined;
  const sendAt = async (
    place: number,
    pageSize: number,
    path: string,
    payload: Record<string, unknown>,
    judgedAs: CoverageJudgement,
    classOf: (read: PageRead | undefined) => string,
    field = pageSize === size ? 'pageNo' : 'pageSize',
  ) => {
    const exchange = await session.send(judgedAs, path, payload, JSON.stringify(payload));
    const data = resultData(exchange);
    const list: unknown = data?.list;
    const read: PageRead | undefined = Array.isArray(list)
      ? {
          records: list.length,
          totalPage: totalPageOf(data),
          firstRecord: recordAt(list, 0),
          lastRecord: recordAt(list, list.length - 1),
          ...(path.startsWith(`page:${size}:`) || path.startsWith('page-long:') ? { replaced: placesWithReplacement(list, exchange.response?.bodyText) } : {}),
        }
      : undefined;
    calls.push({ class: classOf(read), family: 'page', field, judgedAs, place });
    if (wholePages.test(path)) wholeRead.push(recordOf(exchange, place));
    if (Array.isArray(list)) largestId = largestIdOf(list, largestId);
    judge(exchange, place);
    return read;
  };
  const send = (place: number, pageSize: number, pageNo: number, judgedAs: CoverageJudgement, classOf: (read: PageRead | undefined) => string) =>
    sendAt(place, pageSize, pagePath(pageSize, pageNo, judgedAs), pageBody(base, pageSize, pageNo), judgedAs, classOf);
  const pageOrPastLast = (place: number, pageSize: number, pageNo: number, last: number) =>
    pageNo > last
      ? send(place, pageSize, pageNo, 'hostile', () => 'page-past-last')
      : send(place, pageSize, pageNo, 'conforming', () => pageClass(pageNo, last));
  /** The pages at `pageSize` whose offset a 32-bit int wraps, where they are past the last: judged as the page past it is. */
  const wrappedPastLast = (place: number, pageSize: number, last: number) =>
    Promise.all(
      wrappedPagesOf(operation, pageSize)
        .filter((pageNo) => pageNo > last)
        .map((pageNo, index) => send(place + index, pageSize, pageNo, 'hostile', () => PAGE_OFFSET_PAST_INT32)),
    );

  /** The walk at its own size: page after page, until the last, a bound, or a page that says nothing more. */
  let first: ListedRecord | undefined;
  let last: ListedRecord | undefined;
  /** Where in the list (from 1) the walk at its own size read a record holding U+FFFD. */
  const replacedAt: number[] = [];
  const walkInOrder = async (): Promise<PageWalk> => {
    let records = 0;
    let pages = 0;
    let totalPage: number | undefined;
    let stoppedBy: PageWalk['stoppedBy'] = 'page-bound';
    for (let pageNo = 1; pageNo <= bounds.pages; pageNo++) {
      // The class is known once the page tells how many there are.
      const page = await send(pageNo - 1, size, pageNo, 'conforming', (read) => pageClass(pageNo, read?.totalPage));
      if (pageNo === 1) pageOneRead();
      if (!page) {
        stoppedBy = 'no-page';
        break;
      }
      for (const place of page.replaced ?? []) replacedAt.push(records + place + 1);
      pages++;
      records += page.records;
      if (pageNo === 1 && page.firstRecord) first = { pageSize: size, pageNo, record: page.firstRecord };
      if (page.lastRecord) last = { pageSize: size, pageNo, record: page.lastRecord };
      totalPage = page.totalPage;
      if (page.records === 0) {
        stoppedBy = 'empty-page';
        break;
      }
      if (totalPage !== undefined && pageNo >= totalPage) {
        stoppedBy = 'last-page';
        break;
      }
      if (records >= bounds.records) {
        stoppedBy = 'record-bound';
        break;
      }
    }
    if (stoppedBy === 'last-page' && !session.abandoned) await send(pages, size, pages + 1, 'hostile', () => 'page-past-last');
    if (totalPage !== undefined && !session.abandoned) await wrappedPastLast(pages + 1, size, totalPage);
    return { pageSize: size, pages, records, ...(totalPage !== undefined ? { totalPage } : {}), stoppedBy };
  };

  /** A small page size: page 1, then the pages smallWalkPages names, side by side. */
  const walkSmall = async (pageSize: number, pageClassOne: string, block: number) => {
    const first = await send(block, pageSize, 1, 'conforming', () => pageClassOne);
    const last = first?.totalPage;
    if (!first || first.records === 0 || last === undefined || session.abandoned) return;
    const pages = smallWalkPages(pageSize, last, bounds.pages);
    await Promise.all([
      ...pages.map((pageNo, index) => pageOrPastLast(block + 1 + index, pageSize, pageNo, last)),
      wrappedPastLast(block + 1 + pages.length, pageSize, last),
    ]);
  };

  /** The list without its filters, page after page at the walk's size, until the last, a bound, or a page that says nothing more. */
  const walkUnfiltered = async (unfiltered: Readonly<Record<string, unknown>>, block: number) => {
    const filters = Object.keys(unfiltered)
      .filter((field) => unfiltered[field] === null && base[field] !== null)
      .join(', ');
    let records = 0;
    for (let pageNo = 1; pageNo <= bounds.pages && !session.abandoned; pageNo++) {
      const path = unfilteredPagePath(size, pageNo);
      const page = await sendAt(block + pageNo - 1, size, path, pageBody(unfiltered, size, pageNo), 'conforming', () => PAGE_WITHOUT_FILTER, filters);
      records += page?.records ?? 0;
      if (!page || page.records === 0 || (page.totalPage !== undefined && pageNo >= page.totalPage) || records >= bounds.records) return;
    }
  };

  const { small, singles } = walkParts(base, size);
  const longList = everyFilterLeftOut(base);
  const longBlock = (small.length + 6) * BLOCK;
  const readLong = async (list: Readonly<Record<string, unknown>>) => {
    const filters = Object.keys(list).filter((field) => list[field] === null && base[field] !== null);
    const read = await sendAt(
      longBlock,
      PAGE_SIZE_LARGE,
      longPagePath(PAGE_SIZE_LARGE, 1),
      pageBody(list, PAGE_SIZE_LARGE, 1),
      'hostile',
      () => PAGE_LONG,
      filters.join(', '),
    );
    return (read?.replaced ?? []).map((place) => place + 1);
  };
  const singlesBlock = (small.length + 1) * BLOCK;
  const unnumberedBlock = (small.length + 2) * BLOCK;
  const againBlock = (small.length + 4) * BLOCK;
  const walkRun = walkInOrder();
  walkRun.then(pageOneRead, pageOneRead);
  // The rest asks once page 1 at the walk's size is read: page 1 at one to three records a page then follows a larger page 1 on
  // every run, so a page kept by its number and not its size shows as more records than asked, whatever order answers come in.
  await opened;
  const [walk, longReplacedAt] = await Promise.all([
    walkRun,
    longList ? readLong(longList) : [],
    ...small.map(({ pageSize, class: pageClassOne }, index) => walkSmall(pageSize, pageClassOne, (index + 1) * BLOCK)),
    ...singles.map((single, index) => send(singlesBlock + index, single.pageSize, 1, single.judgedAs, () => single.class)),
    ...(asksUnnumbered(operation)
      ? [sendAt(unnumberedBlock, size, unnumberedPagePath(size), unnumberedPageBody(base, size), 'conforming', () => PAGE_WITHOUT_NUMBER)]
      : []),
    ...(unfiltered ? [walkUnfiltered(unfiltered, (small.length + 3) * BLOCK)] : []),
  ]);
  // Page 1 again, then page 2 twice in a row, where the walk read a page 2 (the same records each time
  // on a sound server): a page that depends on the page asked before it shows in two asked in a row,
  // and page 1 first makes what comes before them the same on every run.
  const again = (time: number) => sendAt(againBlock + time, size, againPagePath(size, 2, time), pageBody(base, size, 2), 'conforming', () => PAGE_ASKED_AGAIN);
  // Each record the walk read with U+FFFD, read again alone (a page of one record, well under a kilobyte): text a server holds whole
  // but damaged in a long answer, where its bytes straddle two pieces the answer was decoded in, comes whole there
  // (text-replaced-on-one-read); a record that holds U+FFFD as its text holds it there too.
  const aloneBlock = (small.length + 5) * BLOCK;
  await Promise.all([
    ...replacedAt.slice(0, MOST_RECORDS_ALONE).map((position, index) => send(aloneBlock + index, 1, position, 'conforming', () => PAGE_RECORD_ALONE)),
    ...(longList ? longReplacedAt.slice(0, MOST_RECORDS_ALONE) : []).map((position, index) =>
      sendAt(
        aloneBlock + MOST_RECORDS_ALONE + index,
        1,
        longPagePath(1, position),
        pageBody(longList ?? base, 1, position),
        'hostile',
        () => PAGE_RECORD_ALONE,
      ),
    ),
  ]);
  const askAgain = async () => {
    await sendAt(againBlock, size, againPagePath(size, 1, 1), pageBody(base, size, 1), 'conforming', () => PAGE_ASKED_AGAIN);
    if (!session.abandoned) await again(1);
    if (!session.abandoned) await again(2);
  };
  const whole = wholeList(wholeRead, wholePages);
  const ends: ListedEnds | undefined =
    first && last ? { first, last, ...(largestId === undefined ? {} : { largestId }), ...(whole ? { whole: { ...whole, body: wholeBody } } : {}) } : undefined;
  return { calls: calls.sort((a, b) => a.place - b.place), walk, ...(ends ? { ends } : {}), ...(walk.pages >= 2 ? { askAgain } : {}) };
}

/**
 * The ends of a list the run does not walk, read as its walk would read them: page 1 at the walk's
 * size, then the last page (totalPage, within the walk's page bound) where there are more. At most
 * two calls, not judged: the run does not check the list, it only asks its lookup for what it shows.
 */
export async function readListEnds(operation: Operation, session: OperationSession, bounds: WalkBounds): Promise<ListedEnds | undefined> {
  const base = operation.paging ? walkBase(operation.id, operation.body) : undefined;
  if (!base) return undefined;
  const size = walkPageSize(bounds);
  const pageAt = async (pageNo: number) => {
    const payload = pageBody(base, size, pageNo);
    const data = resultData(await session.send('conforming', pagePath(size, pageNo, 'conforming'), payload, JSON.stringify(payload)));
    const list: unknown = data?.list;
    return Array.isArray(list)
      ? { first: recordAt(list, 0), last: recordAt(list, list.length - 1), totalPage: totalPageOf(data), largestId: largestIdOf(list, undefined) }
      : undefined;
  };
  const one = await pageAt(1);
  if (!one?.first || !one.last) return undefined;
  const lastPageNo = Math.min(one.totalPage ?? 1, bounds.pages);
  const lastPage = lastPageNo > 1 && !session.abandoned ? await pageAt(lastPageNo) : undefined;
  const last: ListedRecord = lastPage?.last ? { pageSize: size, pageNo: lastPageNo, record: lastPage.last } : { pageSize: size, pageNo: 1, record: one.last };
  const largestId = Math.max(one.largestId ?? -Infinity, lastPage?.largestId ?? -Infinity);
  return { first: { pageSize: size, pageNo: 1, record: one.first }, last, ...(Number.isFinite(largestId) ? { largestId } : {}) };
}
