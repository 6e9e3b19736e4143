/** Beta catalogue, products (section 1): #16, and 4.1 "product detail dataset", "brand list". */
import { extend } from '../../objects.js';
import type { ReferenceState } from '../records.js';
import { done, type GroupHandlers, notFound, type Outcome } from './_internals/answer.js';
import { OPENAPI_PAGE } from './_internals/fields.js';
import { A_PRODUCT_CODE, AN_INTEGER_PAGE, integer, positiveInteger, productCode, required, withRequest } from './_internals/request.js';
import { pageOf } from './_internals/state.js';

/** #16 "brandId (integer), pageSize (integer), pageNo (integer)". */
const BETA_PRODUCTS_BY_BRAND = {
  brandId: required(integer, 'an integer'),
  pageSize: required(positiveInteger, AN_INTEGER_PAGE),
  pageNo: required(positiveInteger, AN_INTEGER_PAGE),
};

/** An unknown brand has no products: an empty page, not an error. */
function betaProductsByBrand(payload: unknown, state: ReferenceState): Outcome {
  return withRequest(payload, BETA_PRODUCTS_BY_BRAND, ({ brandId, pageSize, pageNo }) =>
    done(pageOf(state.betaProducts.get(brandId) ?? [], pageSize, pageNo, state.listOrder)),
  );
}

/** The brand list: brands 1..20 with the number of products each lists under #16. */
function brands(state: ReferenceState): object[] {
  return state.betaBrands.map((brand) => extend(brand, { productCount: state.betaProducts.get(brand.brandId)?.length ?? 0 }));
}

/** The product with this code, with its brand: the 2.5 record #16 lists, plus brandId and brandName. */
function productDetail(state: ReferenceState, code: string): object | undefined {
  for (const brand of state.betaBrands) {
    const product = state.betaProducts.get(brand.brandId)?.find((candidate) => candidate.code === code);
    if (product) return extend(product, { brandId: brand.brandId, brandName: brand.brandName });
  }
  return undefined;
}

export const betaProductHandlers: GroupHandlers = {
  'beta-products-by-brand': betaProductsByBrand,
  'beta-product-detail': (payload, state) =>
    withRequest(payload, { code: required(productCode, A_PRODUCT_CODE) }, ({ code }) => {
      const detail = productDetail(state, code);
      return detail ? done(detail) : notFound('code', 'no beta catalogue product has this code');
    }),
  'beta-brand-list': (payload, state) =>
    withRequest(payload, OPENAPI_PAGE, ({ pageSize, pageNo }) => done(pageOf(brands(state), pageSize, pageNo, state.listOrder))),
};
