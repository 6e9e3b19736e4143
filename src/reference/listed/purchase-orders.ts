import { badRequest, done } from '../handlers/answer.js';
import { AN_AMOUNT, A_QUANTITY, flag, money, optional, quantity, required, withRequest } from '../handlers/request.js';
import { publishedListing } from '../handlers/published.js';
import { DOCUMENT_PREFIX } from '../seeding/formats.js';
import { PURCHASE_STATUS_TEXT } from '../seeding/data.js';
import { casNumber, customerType, filledText, filledUpTo, LINE_LENGTH, NAME_LENGTH, shortText, upTo } from './_internals/fields.js';
import type { ListedHandlers } from './_internals/types.js';
import { extend } from '../../objects.js';

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

export const purchaseOrderHandlers: ListedHandlers = {
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
