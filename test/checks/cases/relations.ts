/** The metamorphic relations (src/checks/relations/): a fixture where each fires, and one where it stays quiet. */
import { relationPath } from '../../../src/checks/relations/relation.js';
import type { Exchange } from '../../../src/checks/types.js';
import { exchangeOf } from '../../support/exchange.js';
import { walkPage } from '../../support/walk.js';
import type { Case } from './fixtures.js';

const pageOrder = { id: 'relation-page-order' } as const;
const readUnchanged = { id: 'relation-read-unchanged' } as const;

/** A page of bank cards asked once more by relation-page-order (attempt 2): the source at `role` 'source', a follow-up at 'follow-<n>'. */
function pageOrderCall(role: string, pageSize: number, pageNo: number, ids: readonly number[]): Exchange {
  const payload = { pageSize, status: 0, pageNo };
  return { ...walkPage(pageSize, pageNo, { ids, totalPage: 9 }), payload, path: relationPath(pageOrder, 2, 0, role, payload) };
}

/** Page 1 of custom demands asked by relation-read-unchanged at attempt 2, its demands' remarks as given. */
function demandsRead(role: string, remarks: readonly string[]): Exchange {
  const payload = { pageSize: 10, status: 0, pageNo: 1 };
  const list = remarks.map((remark, index) => ({ id: 10 - index, demandNumber: `D${10 - index}`, status: 0, remark, createdAt: null }));
  return exchangeOf('custom-demand-list', {
    path: relationPath(readUnchanged, 2, 0, role, payload),
    payload,
    body: { data: { totalPage: 1, pageNo: 1, list }, status: 'success', code: '200', message: '', error: {} },
  });
}

export const relationsCases: Record<string, Case> = {
  'relation-page-order': {
    // Each page cut from the list newest first, then sorted oldest first.
    fires: [
      pageOrderCall('source', 3, 1, [8, 9, 10]),
      pageOrderCall('follow-0', 1, 1, [10]),
      pageOrderCall('follow-1', 1, 2, [9]),
      pageOrderCall('follow-2', 1, 3, [8]),
    ],
    instancePath: '/data/list',
    // A card another client added between the pages at size 1 shifts them by one: the order holds.
    quiet: [
      pageOrderCall('source', 3, 1, [10, 9, 8]),
      pageOrderCall('follow-0', 1, 1, [10]),
      pageOrderCall('follow-1', 1, 2, [10]),
      pageOrderCall('follow-2', 1, 3, [9]),
    ],
  },
  'relation-read-unchanged': {
    // A view count written into each demand on every read.
    fires: [demandsRead('source', ['views 1', 'views 1']), demandsRead('follow-0', ['views 2', 'views 2'])],
    instancePath: '/data/list',
    // A demand another client deleted between the two reads is not compared.
    quiet: [demandsRead('source', ['note', 'note']), demandsRead('follow-0', ['note'])],
  },
};
