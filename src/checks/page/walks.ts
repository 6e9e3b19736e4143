import { succeeded } from '../call-record.js';
import type { CallRecord } from '../types.js';

/*
 * The page walk as the checks over it see it: its calls (`page:<pageSize>:<pageNo>`, or
 * `page-hostile:…` for those judged as hostile) gathered by page size. Each page size is one walk
 * of one unchanged list (the run changes no state while a walk reads), judged on its own: records
 * others create between two walks move nothing the checks compare. Pages read from traffic the kit
 * did not send name their list too (`page:<pageSize>:<pageNo>:<list>`): the other fields asked
 * and the state changes before them, so that two lists read at one page size are two walks.
 * Page 1 asked without pageNo (`page-unnumbered:<pageSize>`) is none of a walk's pages: it is the
 * page it says it is, which page-number-default holds against the walk's. Nor is a page asked once
 * more after the walk (`page-again:<pageSize>:<pageNo>:<time>`), which page-asked-again holds against it.
 */

/** What a call answered as a page (2.2) of a result with data: what it held and what it said. */
export interface PageAnswer {
  readonly call: CallRecord;
  /** Whether `list` is an array; where it is not, the page holds no records the checks count. */
  readonly listIsArray: boolean;
  /** Records on the page: its list's length (0 where `list` is not an array). */
  readonly records: number;
  /** A key per record (call-record.ts: its id, else a digest of the whole record), the first KEYS_KEPT. */
  readonly keys: readonly string[];
  /** The totalPage it said, where a whole number of 0 or more. */
  readonly totalPage: number | undefined;
  /** The pageNo it said, where a whole number. */
  readonly saidPageNo: number | undefined;
}

/** A page a walk asked for, answered as a page. */
export interface WalkPage extends PageAnswer {
  /** The page asked for. */
  readonly pageNo: number;
}

/** Page 1 the kit asked at one page size without pageNo, answered as a page. */
export interface UnnumberedPage {
  readonly pageSize: number;
  readonly answer: PageAnswer;
}

/** The pages read at one page size: page 1 said how many there are, so which are past the last. */
export interface Walk {
  readonly pageSize: number;
  /** The list it read: empty for the kit's own walks, named where the pages came from traffic. */
  readonly list: string;
  readonly first: WalkPage;
  /** What page 1 said. */
  readonly totalPage: number;
  /** The pages up to totalPage that were read, in page order. */
  readonly within: readonly WalkPage[];
  /** The pages past totalPage that were read, in page order. */
  readonly beyond: readonly WalkPage[];
}

const WALK_PATH = /^page(?:-hostile)?:(\d+):(\d+)(?::(.+))?$/;
/** The kit's own only: traffic names a call without pageNo as page 1 of its list. */
const UNNUMBERED_PATH = /^page-unnumbered:(\d+)$/;
/** A page of the walk asked once more: the kit's own only. */
const AGAIN_PATH = /^page-again:(\d+):(\d+):(\d+)$/;

const wholeNumber = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined);

function pageAnswerOf(call: CallRecord): PageAnswer | undefined {
  const envelope = call.envelope;
  if (!succeeded(call) || !envelope?.page) return undefined;
  const { listIsArray } = envelope.page;
  return {
    call,
    listIsArray,
    records: listIsArray ? envelope.records : 0,
    keys: listIsArray ? envelope.keys : [],
    totalPage: wholeNumber(envelope.page.totalPage),
    saidPageNo: wholeNumber(envelope.page.pageNo),
  };
}

/**
 * The walks among an operation's calls (in the order of the plan), one per page size (and list, where
 * the path names one) whose page 1 was answered with a whole totalPage; a page asked twice counts
 * once, as first asked.
 */
export function walksOf(calls: readonly CallRecord[]): Walk[] {
  const byList = new Map<string, { pageSize: number; list: string; pages: Map<number, WalkPage> }>();
  for (const call of calls) {
    const match = WALK_PATH.exec(call.path);
    if (!match) continue;
    const [pageSize, pageNo] = [Number(match[1]), Number(match[2])];
    const answer = pageAnswerOf(call);
    if (!answer) continue;
    const page: WalkPage = { ...answer, pageNo };
    const list = match[3] ?? '';
    const walkKey = `${pageSize}:${list}`;
    const walk = byList.get(walkKey) ?? { pageSize, list, pages: new Map<number, WalkPage>() };
    byList.set(walkKey, walk);
    if (!walk.pages.has(pageNo)) walk.pages.set(pageNo, page);
  }
  const walks: Walk[] = [];
  for (const { pageSize, list, pages } of byList.values()) {
    const first = pages.get(1);
    if (first?.totalPage === undefined) continue;
    const totalPage = first.totalPage;
    const ordered = [...pages.values()].sort((a, b) => a.pageNo - b.pageNo);
    walks.push({
      pageSize,
      list,
      first,
      totalPage,
      within: ordered.filter((page) => page.pageNo <= totalPage),
      beyond: ordered.filter((page) => page.pageNo > totalPage),
    });
  }
  return walks.sort((a, b) => a.first.call.rank - b.first.call.rank);
}

/** Each page 1 asked without pageNo and answered as a page, in the order of the plan. */
export function unnumberedPagesOf(calls: readonly CallRecord[]): UnnumberedPage[] {
  return calls.flatMap((call) => {
    const match = UNNUMBERED_PATH.exec(call.path);
    const answer = match ? pageAnswerOf(call) : undefined;
    return match && answer ? [{ pageSize: Number(match[1]), answer }] : [];
  });
}

/** A page of a walk asked once more (`page-again:<pageSize>:<pageNo>:<time>`), answered as a page. */
export interface PageAgain {
  readonly pageSize: number;
  readonly pageNo: number;
  /** 1 for the first time it was asked again, 2 for the one right after. */
  readonly time: number;
  readonly answer: PageAnswer;
}

/** Each page of a walk asked once more and answered as a page, in the order of the plan. */
export function pagesAskedAgainOf(calls: readonly CallRecord[]): PageAgain[] {
  return calls.flatMap((call) => {
    const match = AGAIN_PATH.exec(call.path);
    const answer = match ? pageAnswerOf(call) : undefined;
    return match && answer ? [{ pageSize: Number(match[1]), pageNo: Number(match[2]), time: Number(match[3]), answer }] : [];
  });
}

/** A page up to totalPage holding records an earlier page of its walk held. */
export interface Repeat {
  readonly page: WalkPage;
  /** The earlier page that held the first of them. */
  readonly of: WalkPage;
  /** How many of its records an earlier page held. */
  readonly repeated: number;
}

/** The pages up to totalPage that repeat records of earlier pages, in page order (a record twice on one page is not counted). */
export function repeatsIn(walk: Walk): Repeat[] {
  const heldBy = new Map<string, WalkPage>();
  const repeats: Repeat[] = [];
  for (const page of walk.within) {
    let of: WalkPage | undefined;
    let repeated = 0;
    for (const key of new Set(page.keys)) {
      const earlier = heldBy.get(key);
      if (!earlier) continue;
      repeated++;
      of ??= earlier;
    }
    for (const key of page.keys) if (!heldBy.has(key)) heldBy.set(key, page);
    if (of) repeats.push({ page, of, repeated });
  }
  return repeats;
}

/** Each record the pages up to totalPage held, with the first page that held it. */
export function heldWithin(walk: Walk): ReadonlyMap<string, WalkPage> {
  const heldBy = new Map<string, WalkPage>();
  for (const page of walk.within) for (const key of page.keys) if (!heldBy.has(key)) heldBy.set(key, page);
  return heldBy;
}

/** The calls that show a finding, each once, in the order of the plan. */
export function inPlanOrder(...pages: readonly PageAnswer[]): CallRecord[] {
  return [...new Set(pages.map((page) => page.call))].sort((a, b) => a.rank - b.rank);
}

/** "1 page", "3 pages". */
export const pagesText = (count: number): string => `${count} page${count === 1 ? '' : 's'}`;

/**
 * Where a walk's pages disagree with the totalPage page 1 said: pages up to it that hold no records
 * (a list with no records may be one empty page, totalPage 1, or none), and pages past it that hold
 * records no page up to it held.
 */
export function pagesAgainstTotal(walk: Walk): { readonly empty: readonly WalkPage[]; readonly goesOn: readonly WalkPage[] } {
  const held = heldWithin(walk);
  return {
    empty: walk.within.filter((page) => page.listIsArray && page.records === 0 && !(page.pageNo === 1 && walk.totalPage === 1)),
    goesOn: walk.beyond.filter((page) => page.keys.some((key) => !held.has(key))),
  };
}
