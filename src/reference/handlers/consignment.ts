/** Consignment orders (section 1): #5, #6, and 4.1 "list", "detail", "list awaiting dispatch". */
import { extend } from '../../objects.js';
import type { ReferenceState } from '../records.js';
import { CONSIGNMENT_STATUS_TEXT } from '../seeding/data.js';
import { DOCUMENT_PREFIX } from '../seeding/formats.js';
import { done, type GroupHandlers, notFound, type Outcome } from './_internals/answer.js';
import { PC_PAGE } from './_internals/fields.js';
import { publishedListing } from './_internals/published.js';
import { listByStatus } from './_internals/lists.js';
import { A_STRING, A_WHOLE_NUMBER, flag, PRODUCT_TERMS, required, text, wholeNumber, withRequest } from './_internals/request.js';
import { pageOf, removeWhere } from './_internals/state.js';

/** #5 "id, type, hasCas, cas, productName, level, nums, pack, price". What `id` and `type` name is not shown: checked, not kept. */
const { type, cas, level, nums, pack, price } = PRODUCT_TERMS;
const CONSIGNMENT_PUBLISH = {
  id: required(wholeNumber, A_WHOLE_NUMBER),
  type,
  hasCas: required(flag, '0 or 1'),
  cas,
  productName: required(text, A_STRING),
  level,
  nums,
  pack,
  price,
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

/**
 * A sold consignment (status 2, 已售出) awaits the consignor's dispatch. "Values of status fields
 * and their meanings: not shown" (3): the meaning is the sandbox's.
 */
const SOLD = 2;

export const consignmentHandlers: GroupHandlers = {
  'consignment-publish': publishConsignment,
  'consignment-delete': deleteConsignment,
  /** As #1 lists custom demands: pageSize, pageNo where given, status where given. */
  'consignment-list': listByStatus((state) => state.consignments),
  /** In the purchase order shape (2.7) delConsignment (#6) answers, by the `cid` #6 takes. */
  'consignment-detail': (payload, state) =>
    withRequest(payload, { cid: required(wholeNumber, A_WHOLE_NUMBER) }, ({ cid }) => {
      const consignment = state.consignments.find((candidate) => candidate.id === cid);
      return consignment ? done(consignment) : notFound('cid', `no consignment has the id ${cid}`);
    }),
  'consignment-awaiting-list': (payload, state) =>
    withRequest(payload, PC_PAGE, ({ pageSize, pageNo = 1 }) =>
      done(
        pageOf(
          state.consignments.filter((consignment) => consignment.status === SOLD),
          pageSize,
          pageNo,
          state.listOrder,
        ),
      ),
    ),
};
