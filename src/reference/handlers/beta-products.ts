/** Beta catalogue, products (section 1): #16. */
import type { ReferenceState } from '../records.js';
import { done, type Handler, type Outcome } from './answer.js';
import { AN_INTEGER_PAGE, integer, positiveInteger, required, withRequest } from './request.js';
import { pageOf } from './state.js';

/** #16 "brandId (integer), pageSize (integer), pageNo (integer)". */
const BETA_PRODUCTS_BY_BRAND = {
  brandId: required(integer, 'an integer'),
  pageSize: required(positiveInteger, AN_INTEGER_PAGE),
  pageNo: required(positiveInteger, AN_INTEGER_PAGE),
};

/** An unknown brand has no products: an empty page, not an error. */
function betaProductsByBrand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BETA_PRODUCTS_BY_BRAND, ({ brandId, pageSize, pageNo }) => done(pageOf(state.betaProducts.get(brandId) ?? [], pageSize, pageNo)));
}

export const betaProductHandlers: Readonly<Record<string, Handler>> = {
  'beta-products-by-brand': betaProductsByBrand,
};
