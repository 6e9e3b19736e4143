import type { Operation } from '../../catalogue/operations.js';
import { resultData } from '../../checks/preconditions.js';
import type { Exchange } from '../../checks/types.js';
import { PAGE_SIZE_LARGE, PAGE_SIZE_ONE, pageClass, walkBase, walkPageSize } from '../../generators/coverage/pages.js';
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

/** A walk call, and what its page said. */
interface WalkedPage {
  readonly call: CoverageCall;
  readonly page: { readonly records: number; readonly totalPage: number | undefined } | undefined;
}

/** Beyond this many records a page of one is no longer a cheap way to reach the deep pages. */
const MAX_SINGLE_PAGE = 100_000;

/** Pages 2, 3, a deep one, the last and one past it, of a list read one record a page. */
function singlePages(last: number): number[] {
  const deep = Math.max(4, Math.ceil(last / 2));
  return [...new Set([2, 3, deep, last, last + 1])].filter((pageNo) => pageNo <= last + 1).sort((a, b) => a - b);
}

const totalPageOf = (data: Record<string, unknown> | undefined): number | undefined =>
  Number.isSafeInteger(data?.totalPage) ? (data!.totalPage as number) : undefined;

/**
 * Where walk calls are found again: `page:<pageSize>:<pageNo>`, or `page-hostile:…` for those
 * judged as hostile; also how `--replay` rebuilds them.
 */
export const pagePath = (pageSize: number, pageNo: number, judgedAs: CoverageJudgement): string =>
  `${judgedAs === 'hostile' ? 'page-hostile' : 'page'}:${pageSize}:${pageNo}`;

/** The walk call at a path `pagePath` wrote, or undefined when the operation has no walk or the path is not one. */
export function pageCallAt(operation: Operation, path: string): { judgedAs: CoverageJudgement; payload: unknown; body: string } | undefined {
  const match = /^(page|page-hostile):(\d+):(\d+)$/.exec(path);
  const base = operation.paging ? walkBase(operation.id, operation.body) : undefined;
  if (!match || !base) return undefined;
  const payload = pageBody(base, Number(match[2]), Number(match[3]));
  return { judgedAs: match[1] === 'page' ? 'conforming' : 'hostile', payload, body: JSON.stringify(payload) };
}

/** The walk's request body: the base payload with the page asked for. pageNo is sent "where given" (4 rule 2). */
export const pageBody = (base: Readonly<Record<string, unknown>>, pageSize: number, pageNo: number) => extend(base, { pageSize, pageNo });

/**
 * Reads every page of a list operation from page 1 until the last one (totalPage) or a bound, each
 * page judged as a valid call (so every record is validated); then one page past the last, one
 * record a page, and a very large page. Sequential: the next page depends on the answer.
 */
export async function walkPages(
  operation: Operation,
  session: OperationSession,
  bounds: WalkBounds,
  judge: JudgeCall,
): Promise<{ calls: CoverageCall[]; walk?: PageWalk }> {
  const base = operation.paging ? walkBase(operation.id, operation.body) : undefined;
  if (!base) return { calls: [] };
  const size = walkPageSize(bounds);
  // Each call is judged as it arrives; its place in the plan (counted as it is sent) orders the evidence.
  const calls: CoverageCall[] = [];
  let order = 0;
  const send = async (pageSize: number, pageNo: number, judgedAs: CoverageJudgement, classOf: (exchange: Exchange) => string): Promise<WalkedPage> => {
    const payload = pageBody(base, pageSize, pageNo);
    const place = order++;
    const exchange = await session.send(judgedAs, pagePath(pageSize, pageNo, judgedAs), payload, JSON.stringify(payload));
    const data = resultData(exchange);
    const page = Array.isArray(data?.list) ? { records: (data.list as unknown[]).length, totalPage: totalPageOf(data) } : undefined;
    const call = { class: classOf(exchange), family: 'page', field: pageSize === size ? 'pageNo' : 'pageSize', judgedAs, place };
    judge(exchange, place);
    return { call, page };
  };
  const sendInTurn = async (...sends: Promise<WalkedPage>[]): Promise<WalkedPage[]> => {
    const answered = await Promise.all(sends);
    calls.push(...answered.map((walked) => walked.call));
    return answered;
  };
  let records = 0;
  let pages = 0;
  let totalPage: number | undefined;
  let stoppedBy: PageWalk['stoppedBy'] = 'page-bound';
  for (let pageNo = 1; pageNo <= bounds.pages; pageNo++) {
    // The class is known once the page tells how many there are.
    const [{ page }] = (await sendInTurn(send(size, pageNo, 'conforming', (exchange) => pageClass(pageNo, totalPageOf(resultData(exchange)))))) as [WalkedPage];
    if (!page) {
      stoppedBy = 'no-page';
      break;
    }
    pages++;
    records += page.records;
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
  if (stoppedBy === 'last-page') await sendInTurn(send(size, pages + 1, 'hostile', () => 'page-past-last'));
  if (session.abandoned) return { calls, walk: { pageSize: size, pages, records, ...(totalPage !== undefined ? { totalPage } : {}), stoppedBy } };
  const defaultSize = typeof base.pageSize === 'number' && Number.isSafeInteger(base.pageSize) && base.pageSize > 0 ? base.pageSize : undefined;
  const [single] = await sendInTurn(
    send(PAGE_SIZE_ONE, 1, 'conforming', () => 'page-size-one'),
    ...(defaultSize === undefined ? [] : [send(defaultSize, 1, 'conforming', () => 'page-size-default')]),
    send(PAGE_SIZE_LARGE, 1, 'hostile', () => 'page-size-large'),
  );
  // A short list gave the walk no second, third or deep page: one record a page gives them.
  const singles = single!.page?.totalPage;
  if (pages < 4 && singles !== undefined && singles > 1 && singles <= MAX_SINGLE_PAGE) {
    await sendInTurn(
      ...singlePages(singles).map((pageNo) =>
        pageNo > singles
          ? send(PAGE_SIZE_ONE, pageNo, 'hostile', () => 'page-past-last')
          : send(PAGE_SIZE_ONE, pageNo, 'conforming', () => pageClass(pageNo, singles)),
      ),
    );
  }
  return { calls, walk: { pageSize: size, pages, records, ...(totalPage !== undefined ? { totalPage } : {}), stoppedBy } };
}
