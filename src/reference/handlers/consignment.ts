/** Consignment orders (section 1): #5, #6. */
import type { ReferenceState } from '../records.js';
import { CONSIGNMENT_STATUS_TEXT } from '../seeding/data.js';
import { DOCUMENT_PREFIX } from '../seeding/formats.js';
import { done, type Handler, notFound, type Outcome } from './answer.js';
import { A_QUANTITY, A_STRING, A_WHOLE_NUMBER, AN_AMOUNT, flag, money, quantity, required, text, wholeNumber, withRequest } from './request.js';
import { publishedListing } from './published.js';
import { removeWhere } from './state.js';
import { extend } from '../../objects.js';

/** #5 "id, type, hasCas, cas, productName, level, nums, pack, price". What `id` and `type` name is not shown: checked, not kept. */
const CONSIGNMENT_PUBLISH = {
  id: required(wholeNumber, A_WHOLE_NUMBER),
  type: required(wholeNumber, A_WHOLE_NUMBER),
  hasCas: required(flag, '0 or 1'),
  cas: required(text, A_STRING),
  productName: required(text, A_STRING),
  level: required(text, A_STRING),
  nums: required(quantity, A_QUANTITY),
  pack: required(text, A_STRING),
  price: required(money, AN_AMOUNT),
};

function publishConsignment(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, CONSIGNMENT_PUBLISH, ({ hasCas, cas, ...product }) => {
    state.consignments.unshift(
      publishedListing(state, DOCUMENT_PREFIX.consignment, CONSIGNMENT_STATUS_TEXT, extend(product, { cas: hasCas === 1 ? cas : '' })),
    );
    return done({});
  });
}

/** #6 answers "one purchase order record shape (2.7)": the consignment it deleted. `cid` is a "string in the sample". */
function deleteConsignment(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, { cid: required(wholeNumber, A_WHOLE_NUMBER) }, ({ cid }) => {
    const removed = removeWhere(state.consignments, (consignment) => consignment.id === cid);
    return removed ? done(removed) : notFound('cid', `no consignment has the id ${cid}`);
  });
}

export const consignmentHandlers: Readonly<Record<string, Handler>> = {
  'consignment-publish': publishConsignment,
  'consignment-delete': deleteConsignment,
};
