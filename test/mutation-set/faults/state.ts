import type { Json } from '../../../src/reference/json.js';
import { SEEDED_RECORDS } from '../../../src/reference/seed.js';
import { bodyFault, dataFault, type Fault, type FaultFacts, json, listRecordFault, routeFault } from '../../../src/reference/faults/fault.js';
import { caughtBy, type PlantedFault } from '../planted-fault.js';

/** What a server that never really deletes still answers. */
const ghostConsignee = {
  consigneeName: '王芳',
  mobile: '13800138000',
  phone: '010-62345678',
  province: '北京市',
  city: '北京市',
  county: '海淀区',
  address: '中关村大街27号',
  isDefault: 0,
  remark: '',
  createdAt: null,
};

/** What a consignment detail that never forgets still answers: the purchase order shape (2.7) #6 answers. */
const ghostConsignment = {
  productNumber: 'JS202611220001',
  productCas: '75-05-8',
  productCname: '乙腈',
  productLevel: 'HPLC',
  productNums: '4',
  productPack: '4L',
  salePrice: '420.00',
  status: 0,
  statusText: '待审核',
  remark: '',
  createdAt: null,
};

/**
 * A list that forgets the records created after start-up (their `idField` past the seeded ids):
 * leaves them out, or, given `blanks`, sends that field of theirs empty.
 */
function forgetsCreated(facts: FaultFacts & { idField: string; blanks?: string }): Fault {
  const created = (record: Json) => Number(record[facts.idField]) > SEEDED_RECORDS;
  const { blanks } = facts;
  if (blanks === undefined) return listRecordFault({ ...facts, keep: (record) => !created(record) });
  return listRecordFault({ ...facts, rewrite: (record) => (created(record) ? { ...record, [blanks]: '' } : record) });
}

/** Servers that forget what they were told (1: behaviour beyond shapes is not shown, so the flows report warnings). */
export const stateFaults: readonly PlantedFault[] = [
  ...caughtBy({ check: 'flow-demand-lifecycle', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-demand-not-listed',
      description: 'leaves custom demands created after start-up out of the list',
      operationId: 'custom-demand-list',
      idField: 'id',
    },
    {
      name: 'created-demand-level-lost',
      description: 'lists custom demands created after start-up without the level they were created with',
      operationId: 'custom-demand-list',
      idField: 'id',
      blanks: 'productLevel',
    },
  ]),
  ...caughtBy({ check: 'flow-demand-lifecycle', severity: 'warning', at: 'custom-demand-list' }, routeFault, [
    {
      name: 'demand-delete-deletes-nothing',
      description: 'answers delDemand with success and deletes nothing',
      operationId: 'custom-demand-delete',
      answer: json({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} }),
    },
  ]),
  ...caughtBy({ check: 'flow-order-listed', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-order-not-listed',
      description: 'leaves alpha orders created after start-up out of the order list',
      operationId: 'alpha-orders-list',
      idField: 'soId',
    },
    {
      name: 'created-order-note-dropped',
      description: 'lists alpha orders created after start-up without their note',
      operationId: 'alpha-orders-list',
      idField: 'soId',
      blanks: 'soNote',
    },
  ]),
  ...caughtBy({ check: 'flow-invoice-profile-lifecycle', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-invoice-profile-not-listed',
      description: 'leaves invoice profiles created after start-up out of the invoice profile list (an operation of 4.1, at the reference map’s path)',
      operationId: 'invoice-profile-list',
      idField: 'id',
    },
  ]),
  ...caughtBy({ check: 'flow-invoice-profile-lifecycle', severity: 'warning' }, dataFault, [
    {
      name: 'created-invoice-profile-detail-without-address',
      description: 'answers the detail of an invoice profile created after start-up without its registered address (the list still shows it)',
      operationId: 'invoice-profile-detail',
      rewrite: (data) => (Number(data.id) > SEEDED_RECORDS ? { ...data, registeredAddress: '' } : data),
    },
  ]),
  ...caughtBy({ check: 'flow-bank-card-lifecycle', severity: 'warning', at: 'bank-card-list' }, routeFault, [
    {
      name: 'bank-card-delete-deletes-nothing',
      description: 'answers the bank card delete (an operation of 4.1) with success and deletes nothing',
      operationId: 'bank-card-delete',
      answer: json({ data: {}, status: 'success', code: '200', message: '操作成功', error: {} }),
    },
  ]),
  ...caughtBy({ check: 'flow-consignee-lifecycle', severity: 'warning' }, forgetsCreated, [
    {
      name: 'created-consignee-not-listed',
      description: 'leaves consignees created after start-up out of the consignee list (an operation of 4.1)',
      operationId: 'consignee-list',
      idField: 'id',
    },
  ]),
  ...caughtBy({ check: 'flow-consignment-lifecycle', severity: 'warning' }, bodyFault, [
    {
      name: 'deleted-consignment-still-in-detail',
      description: 'still answers a deleted consignment by id in the consignment detail (an operation of 4.1), though the list no longer shows it',
      operationId: 'consignment-detail',
      rewrite: (body, payload) =>
        body.code === '404' ? { data: { ...ghostConsignment, id: Number(payload.cid) }, status: 'success', code: '200', message: '操作成功', error: {} } : body,
    },
  ]),
  ...caughtBy({ check: 'flow-consignee-deleted', severity: 'warning' }, bodyFault, [
    {
      name: 'deleted-consignee-still-answered',
      description: 'still answers a deleted consignee by id',
      operationId: 'consignee-by-id',
      rewrite: (body, payload) =>
        body.code === '404' ? { data: { ...ghostConsignee, id: Number(payload.id) }, status: 'success', code: '200', message: '操作成功', error: {} } : body,
    },
  ]),
];
