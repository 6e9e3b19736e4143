import { findOperation, wirePath } from '../../catalogue/operations.js';
import { SEEDED_RECORDS } from '../seed.js';
import { type Fault, gateFault, listRecordFault } from './fault.js';

const warning = 'warning' as const;

const delDemand = wirePath(findOperation('custom-demand-delete')!);

/** Servers that forget what they were told (1: behaviour beyond shapes is not shown, so the flows report warnings). */
export const stateFaults: readonly Fault[] = [
  gateFault({
    name: 'demand-delete-deletes-nothing',
    description: 'answers delDemand with success and deletes nothing',
    operationId: 'custom-demand-delete',
    expect: { check: 'flow-demand-lifecycle', severity: warning, at: 'custom-demand-list' },
    intercept(req, res) {
      if (req.url !== delDemand) return false;
      req.resume();
      req.once('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} }));
      });
      return true;
    },
  }),
  listRecordFault({
    name: 'created-demand-level-lost',
    description: 'lists custom demands created after start-up without the level they were created with',
    operationId: 'custom-demand-list',
    expect: { check: 'flow-demand-lifecycle', severity: warning },
    rewrite: (record) => (Number(record.id) > SEEDED_RECORDS ? { ...record, productLevel: '' } : record),
  }),
  listRecordFault({
    name: 'created-order-note-dropped',
    description: 'lists alpha orders created after start-up without their note',
    operationId: 'alpha-orders-list',
    expect: { check: 'flow-order-listed', severity: warning },
    rewrite: (record) => (Number(record.soId) > SEEDED_RECORDS ? { ...record, soNote: '' } : record),
  }),
  listRecordFault({
    name: 'created-invoice-profile-not-listed',
    description: 'leaves invoice profiles created after start-up out of the invoice profile list (an operation of 4.1, at the reference map’s path)',
    operationId: 'invoice-profile-list',
    expect: { check: 'flow-invoice-profile-lifecycle', severity: warning },
    keep: (record) => Number(record.id) <= SEEDED_RECORDS,
  }),
];
