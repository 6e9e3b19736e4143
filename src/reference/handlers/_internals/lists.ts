import type { ReferenceState } from '../../records.js';
import { done, type Handler } from './answer.js';
import { LIST_REQUEST, withRequest } from './request.js';
import { hasStatus, pageOf } from './state.js';

/**
 * A list of #1's shape over records the state holds: the page `pageNo` (1 where not given) of
 * `pageSize` records, of the `status` asked for where one is given (4 rule 2).
 */
export function listByStatus<R extends { status: number }>(recordsOf: (state: ReferenceState) => readonly R[]): Handler {
  return (payload, state) =>
    withRequest(payload, LIST_REQUEST, ({ pageSize, pageNo = 1, status }) =>
      done(pageOf(recordsOf(state).filter(hasStatus(status)), pageSize, pageNo, state.listOrder)),
    );
}
