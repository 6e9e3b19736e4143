/** Custom demand orders (section 1): #1 to #3, and 4.1 "detail". */
import type { ReferenceState } from '../records.js';
import { DEMAND_STATUS_TEXT } from '../seeding/data.js';
import { DOCUMENT_PREFIX, documentNumber, moneyText } from '../seeding/formats.js';
import { done, type GroupHandlers, notFound, type Outcome } from './_internals/answer.js';
import { listByStatus } from './_internals/lists.js';
import { A_WHOLE_NUMBER, PRODUCT_TERMS, required, wholeNumber, withRequest } from './_internals/request.js';
import { nowSeconds, removeWhere, takeId } from './_internals/state.js';

/** #2 "type, cas, level, nums, pack, price": the product terms. The meaning of `type` is not shown: it is checked, not kept. */
function createCustomDemand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, PRODUCT_TERMS, ({ cas, level, nums, pack, price }) => {
    const id = takeId(state);
    const at = nowSeconds(state);
    state.customDemands.unshift({
      id,
      demandNumber: documentNumber(DOCUMENT_PREFIX.demand, at, id),
      serialNumber: documentNumber(DOCUMENT_PREFIX.demandSerial, at, id),
      productCas: cas,
      productLevel: level,
      productNums: String(nums),
      productPack: pack,
      demandPrice: moneyText(price),
      // A new demand awaits its quote, so no supply or sale price yet.
      supplyPrice: moneyText(0),
      salePrice: moneyText(0),
      status: 0,
      statusText: DEMAND_STATUS_TEXT[0],
      remark: '',
      createdAt: null,
    });
    return done({});
  });
}

function deleteCustomDemand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, { demandId: required(wholeNumber, A_WHOLE_NUMBER) }, ({ demandId }) =>
    removeWhere(state.customDemands, (demand) => demand.id === demandId) ? done({}) : notFound('demandId', `no custom demand has the id ${demandId}`),
  );
}

export const customDemandHandlers: GroupHandlers = {
  'custom-demand-list': listByStatus((state) => state.customDemands),
  'custom-demand-create': createCustomDemand,
  'custom-demand-delete': deleteCustomDemand,
  /** The custom demand record (2.6), by the `demandId` delDemand (#3) takes. */
  'custom-demand-detail': (payload, state) =>
    withRequest(payload, { demandId: required(wholeNumber, A_WHOLE_NUMBER) }, ({ demandId }) => {
      const demand = state.customDemands.find((candidate) => candidate.id === demandId);
      return demand ? done(demand) : notFound('demandId', `no custom demand has the id ${demandId}`);
    }),
};
