/** Helpers over the reference server's state: ids, its clock, removal and paging (2.2). */
import type { ListOrder, ReferenceState } from '../../records.js';

export function takeId(state: ReferenceState): number {
  const id = state.nextId;
  state.nextId += 1;
  return id;
}

export function nowSeconds(state: ReferenceState): number {
  return Math.floor(state.now() / 1000);
}

export function removeWhere<T>(records: T[], matches: (record: T) => boolean): T | undefined {
  const index = records.findIndex(matches);
  return index === -1 ? undefined : records.splice(index, 1)[0];
}

export interface Page<T> {
  totalPage: number;
  pageNo: number;
  list: T[];
}

/**
 * A page (2.2): `totalPage` pages of `pageSize` records (0 when none match), in the server's list
 * order (collections are kept newest first); past the end the list is empty.
 */
export function pageOf<T>(records: readonly T[], pageSize: number, pageNo: number, order: ListOrder): Page<T> {
  const start = (pageNo - 1) * pageSize;
  const listed =
    order === 'oldest-first'
      ? records.slice(Math.max(0, records.length - start - pageSize), Math.max(0, records.length - start)).reverse()
      : records.slice(start, start + pageSize);
  return { totalPage: Math.ceil(records.length / pageSize), pageNo, list: listed };
}

export function hasStatus(status: number | undefined): (record: { status: number }) => boolean {
  return (record) => status === undefined || record.status === status;
}
