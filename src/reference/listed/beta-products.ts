import { extend } from '../../objects.js';
import { done, notFound } from '../handlers/answer.js';
import { productCode, A_PRODUCT_CODE, required, withRequest } from '../handlers/request.js';
import { pageOf } from '../handlers/state.js';
import type { ReferenceState } from '../records.js';
import { OPENAPI_PAGE } from './_internals/fields.js';
import type { ListedHandlers } from './_internals/types.js';

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

export const betaProductHandlers: ListedHandlers = {
  'beta-product-detail': (payload, state) =>
    withRequest(payload, { code: required(productCode, A_PRODUCT_CODE) }, ({ code }) => {
      const detail = productDetail(state, code);
      return detail ? done(detail) : notFound('code', 'no beta catalogue product has this code');
    }),
  'beta-brand-list': (payload, state) => withRequest(payload, OPENAPI_PAGE, ({ pageSize, pageNo }) => done(pageOf(brands(state), pageSize, pageNo))),
};
