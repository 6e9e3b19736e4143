import type { Dispatch, StoredOrder } from '../../records.js';
import { formatChinaTime, fullAddress } from '../../seeding/formats.js';

/** "Values of status fields and their meanings: not shown" (3): the sandbox's. */
const DISPATCH_STATUS_TEXT = ['待发货', '已发货'] as const;

/**
 * The dispatch note of an order (4.1 "dispatch note of an order"): the consignee, the carrier and
 * waybill, and what was sent of each line. An order not yet dispatched has a note awaiting
 * dispatch, with no waybill and nothing sent, rather than none.
 */
export function dispatchNoteOf({ order, lines }: StoredOrder, dispatch: Dispatch | undefined): object {
  const status = dispatch ? 1 : 0;
  return {
    dispatchNo: dispatch?.dispatchNo ?? '',
    soNo: order.soNo,
    status,
    statusText: DISPATCH_STATUS_TEXT[status],
    expressCompany: dispatch?.expressCompany ?? '',
    expressNo: dispatch?.expressNo ?? '',
    dispatchedAt: dispatch ? formatChinaTime(dispatch.dispatchedAt) : '',
    consigneeName: order.soCaName,
    consigneeMobile: String(order.soCaMobile),
    consigneeAddress: fullAddress(order.soCaProvince, order.soCaCity, order.soCaCounty, order.soCaStreet),
    items: lines.map((line, index) => ({
      pCode: line.pCode,
      pCnName: line.pCnName,
      pLevel: line.pLevel,
      cCas: line.cCas,
      siNum: line.siNum,
      dispatchNum: dispatch ? line.siNum : 0,
      batchNo: dispatch?.batchNos[index] ?? '',
    })),
  };
}

/** The dispatch note of the order with this number among `orders`, or undefined. */
export function findDispatchNote(orders: readonly StoredOrder[], dispatches: readonly Dispatch[], soNo: string): object | undefined {
  const stored = orders.find((candidate) => candidate.order.soNo === soNo);
  return (
    stored &&
    dispatchNoteOf(
      stored,
      dispatches.find((dispatch) => dispatch.soNo === soNo),
    )
  );
}
