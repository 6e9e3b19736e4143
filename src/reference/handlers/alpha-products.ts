/** Alpha catalogue, products (section 1): 4.1 "product detail dataset", "product detail by CAS number", "list of all products". */
import { done, type GroupHandlers, notFound } from './_internals/answer.js';
import { A_PRODUCT_CODE, productCode, required, withRequest } from './_internals/request.js';
import { pageOf } from './_internals/state.js';
import { A_CAS_NUMBER, casNumber, OPENAPI_PAGE } from './_internals/fields.js';

export const alphaProductHandlers: GroupHandlers = {
  'alpha-product-detail': (payload, state) =>
    withRequest(payload, { pCode: required(productCode, A_PRODUCT_CODE) }, ({ pCode }) => {
      const product = state.alphaProducts.find((candidate) => candidate.pCode === pCode);
      return product ? done(product) : notFound('pCode', 'no alpha catalogue product has this code');
    }),
  /** Every product of the chemical: one per grade and pack the catalogue holds. */
  'alpha-product-by-cas': (payload, state) =>
    withRequest(payload, { cas: required(casNumber, A_CAS_NUMBER) }, ({ cas }) => {
      const products = state.alphaProducts.filter((product) => product.cCas === cas);
      if (products.length === 0) return notFound('cas', 'no alpha catalogue product has this CAS number');
      return done({ cas, chemCnName: products[0].pCnName, chemEnName: products[0].pEnName, products });
    }),
  'alpha-product-list': (payload, state) =>
    withRequest(payload, OPENAPI_PAGE, ({ pageSize, pageNo }) => done(pageOf(state.alphaProducts, pageSize, pageNo, state.listOrder))),
};
