/** The metamorphic relations (src/checks/relations/): a fixture where each fires, and one where it stays quiet. */
import { relationPath } from '../../../src/checks/relations/relation.js';
import type { Exchange } from '../../../src/checks/types.js';
import { exchangeOf } from '../../support/exchange.js';
import { walkPage } from '../../support/walk.js';
import type { Case } from './fixtures.js';

const pageOrder = { id: 'relation-page-order' } as const;
const readUnchanged = { id: 'relation-read-unchanged' } as const;
const sameOnAnyConnection = { id: 'relation-same-on-any-connection' } as const;

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

/** Purchase orders asked by relation-same-on-any-connection at attempt 2 on a connection of its own: the ids listed, of so many pages. */
function purchaseOrdersAsked(role: string, ids: readonly number[], totalPage: number, filtered = false): Exchange {
  const payload = filtered ? { pageSize: 10, status: 1, cusType: '1' } : { pageSize: 10 };
  return exchangeOf('purchase-order-list', {
    intent: 'http-probe',
    path: relationPath(sameOnAnyConnection, 2, 0, role, payload),
    payload,
    body: { data: { totalPage, pageNo: 1, list: ids.map((id) => ({ id, status: 1 })) }, status: 'success', code: '200', message: '', error: {} },
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
  'relation-same-on-any-connection': {
    // The cusType of the request before it, kept on the connection: half the list.
    fires: [
      purchaseOrdersAsked('source', [200, 199, 198], 20),
      purchaseOrdersAsked('follow-0', [200, 198], 11, true),
      purchaseOrdersAsked('follow-1', [200, 198], 11),
      purchaseOrdersAsked('follow-2', [200, 199, 198], 20),
    ],
    instancePath: '',
    // An order another client placed after the first request alone: the two asked alone differ, and nothing is judged.
    quiet: [
      purchaseOrdersAsked('source', [200, 199, 198], 20),
      purchaseOrdersAsked('follow-0', [201, 200], 11, true),
      purchaseOrdersAsked('follow-1', [201, 200, 199], 20),
      purchaseOrdersAsked('follow-2', [201, 200, 199], 20),
    ],
  },
};
