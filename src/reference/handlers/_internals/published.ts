/** Listings (2.7) the server's members publish: consignments (#5) and purchase orders (4.1 "Purchase order: publish"). */
import type { PurchaseOrder, ReferenceState } from '../../records.js';
import { documentNumber, moneyText } from '../../seeding/formats.js';
import { nowSeconds, takeId } from './state.js';

/** What a publish request says of its product, checked. */
export interface PublishedProduct {
  readonly cas: string;
  readonly productName: string;
  readonly level: string;
  readonly nums: number;
  readonly pack: string;
  readonly price: number;
  readonly remark?: string;
}

/** The listing a publish request makes: the next id, a number stamped with the server's clock, the first status. */
export function publishedListing(state: ReferenceState, numberPrefix: string, statusTexts: readonly string[], product: PublishedProduct): PurchaseOrder {
  const id = takeId(state);
  return {
    id,
    productNumber: documentNumber(numberPrefix, nowSeconds(state), id),
    productCas: product.cas,
    productCname: product.productName,
    productLevel: product.level,
    productNums: String(product.nums),
    productPack: product.pack,
    salePrice: moneyText(product.price),
    status: 0,
    statusText: statusTexts[0],
    remark: product.remark ?? '',
    createdAt: null,
  };
}
