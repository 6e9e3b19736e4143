/** Purchase orders (section 1): #4, and 4.1 "publish". */
import { extend } from '../../objects.js';
import type { ReferenceState } from '../records.js';
import { PURCHASE_STATUS_TEXT } from '../seeding/data.js';
import { DOCUMENT_PREFIX } from '../seeding/formats.js';
import { badRequest, done, type GroupHandlers, type Outcome } from './_internals/answer.js';
import { casNumber, customerType, filledText, filledUpTo, LINE_LENGTH, NAME_LENGTH, shortText, upTo } from './_internals/fields.js';
import { publishedListing } from './_internals/published.js';
import { A_QUANTITY, AN_AMOUNT, codeText, flag, LIST_REQUEST, money, optional, quantity, required, withRequest } from './_internals/request.js';
import { hasStatus, pageOf } from './_internals/state.js';

/** #4 adds `cusType (string)`, which filters like `status` does. */
const PURCHASE_ORDER_LIST = { ...LIST_REQUEST, cusType: optional(codeText, 'a string such as "1"') };

function listPurchaseOrders(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, PURCHASE_ORDER_LIST, ({ pageSize, pageNo = 1, status, cusType }) => {
    const matching = state.purchaseOrders
      .filter((entry) => (cusType === undefined || entry.cusType === cusType) && hasStatus(status)(entry.record))
      .map((entry) => entry.record);
    return done(pageOf(matching, pageSize, pageNo, state.listOrder));
  });
}

/** As consignments are published (#5): hasCas, cas, productName, level, nums, pack, price; and the cusType #4 filters on. */
const PURCHASE_ORDER_PUBLISH = {
  cusType: optional(customerType, '"1" or "2"'),
  hasCas: required(flag, '0 or 1'),
  cas: optional(shortText(NAME_LENGTH), upTo(NAME_LENGTH)),
  productName: required(filledText(LINE_LENGTH), filledUpTo(LINE_LENGTH)),
  level: required(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  nums: required(quantity, A_QUANTITY),
  pack: required(filledText(NAME_LENGTH), filledUpTo(NAME_LENGTH)),
  price: required(money, AN_AMOUNT),
  remark: optional(shortText(LINE_LENGTH), upTo(LINE_LENGTH)),
};

export const purchaseOrderHandlers: GroupHandlers = {
  'purchase-order-list': listPurchaseOrders,
  /** Publishes a purchase order awaiting confirmation (status 0), listed first by #4. */
  'purchase-order-publish': (payload, state) =>
    withRequest(payload, PURCHASE_ORDER_PUBLISH, (request) => {
      const cas = request.hasCas === 1 ? casNumber(request.cas) : '';
      if (cas === undefined) return badRequest('cas', 'must be a CAS number such as "64-17-5" when hasCas is 1');
      const record = publishedListing(state, DOCUMENT_PREFIX.purchaseOrder, PURCHASE_STATUS_TEXT, extend(request, { cas }));
      // "1" where not given: the customer type of the sandbox's own member.
      state.purchaseOrders.unshift({ cusType: request.cusType ?? '1', record });
      return done({});
    }),
};
