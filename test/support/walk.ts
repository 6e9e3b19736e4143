import type { Exchange } from '../../src/checks/types.js';
import { exchangeOf } from './exchange.js';

export interface WalkPageShape {
  /** The records' ids, in list order; null sends `list: null`. */
  readonly ids: readonly number[] | null;
  readonly totalPage: number;
  /** Sent as a page past the last: judged as hostile, at `page-hostile:…`. */
  readonly pastLast?: boolean;
  /** The pageNo the page says, when not the one asked. */
  readonly saysPageNo?: number;
  readonly operationId?: string;
}

/**
 * A page of a walk as the engine sends and records it, at `page:<pageSize>:<pageNo>` (or
 * `page-hostile:…` past the last), by default of bank cards (#7): records `{ id, accountName }`.
 */
export function walkPage(
  pageSize: number,
  pageNo: number,
  { ids, totalPage, pastLast = false, saysPageNo = pageNo, operationId = 'bank-card-list' }: WalkPageShape,
): Exchange {
  const list = ids === null ? null : ids.map((id) => ({ id, accountName: `account ${id}` }));
  return exchangeOf(operationId, {
    intent: pastLast ? 'hostile' : 'conforming',
    path: `${pastLast ? 'page-hostile' : 'page'}:${pageSize}:${pageNo}`,
    payload: { pageSize, pageNo },
    body: { data: { totalPage, pageNo: saysPageNo, list }, status: 'success', code: '200', message: '', error: {} },
  });
}

/**
 * Page 1 of a walk asked without pageNo, as the engine sends and records it at
 * `page-unnumbered:<pageSize>`; `saysPageNo` undefined leaves pageNo out of the answer too.
 */
export function unnumberedPage(pageSize: number, { ids, totalPage, saysPageNo, operationId = 'bank-card-list' }: Omit<WalkPageShape, 'pastLast'>): Exchange {
  const list = ids === null ? null : ids.map((id) => ({ id, accountName: `account ${id}` }));
  return exchangeOf(operationId, {
    path: `page-unnumbered:${pageSize}`,
    payload: { pageSize },
    body: { data: { totalPage, ...(saysPageNo === undefined ? {} : { pageNo: saysPageNo }), list }, status: 'success', code: '200', message: '', error: {} },
  });
}

/** A page of the walk asked again after it (`time` 1, or 2 right after), as the engine sends and records it at `page-again:<pageSize>:<pageNo>:<time>`. */
export function againPage(
  pageSize: number,
  pageNo: number,
  time: number,
  { ids, totalPage, operationId = 'bank-card-list' }: Omit<WalkPageShape, 'pastLast' | 'saysPageNo'>,
): Exchange {
  return { ...walkPage(pageSize, pageNo, { ids, totalPage, operationId }), path: `page-again:${pageSize}:${pageNo}:${time}` };
}

/** Records `first`..`last` as ids. */
export const ids = (first: number, last: number): number[] => Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);

/**
 * The walk of a list of `count` records `pageSize` a page, as a sound server answers it: every page
 * from 1 to the last, then the empty page past it. `pageOf` may answer a page its own way.
 */
export function walkOf(
  count: number,
  pageSize: number,
  pageOf: (pageNo: number, sound: WalkPageShape) => WalkPageShape = (_pageNo, sound) => sound,
  operationId = 'bank-card-list',
): Exchange[] {
  const totalPage = Math.ceil(count / pageSize);
  return ids(1, totalPage + 1).map((pageNo) =>
    walkPage(
      pageSize,
      pageNo,
      pageOf(pageNo, {
        ids: ids((pageNo - 1) * pageSize + 1, Math.min(count, pageNo * pageSize)),
        totalPage,
        pastLast: pageNo > totalPage,
        operationId,
      }),
    ),
  );
}
