import { CHEMICALS, type Chemical, DELIVERY_TERMS, DISCOUNTS, GRADES, PACKS } from './data.js';
import { priceWithDecimals, roundToCents } from './formats.js';
import { fnv1a, mulberry32, pick } from './random.js';
import type { ListedOrder, OrderLine, StoredOrder } from '../records.js';

/** What the catalogue knows of a product code. */
export interface ProductFacts {
  productId: number;
  chemical: Chemical;
  level: string;
  pack: string;
  price: number;
  delivery: string;
  discount: number;
}

/**
 * The product a code stands for, derived from the code alone so that any code can be ordered
 * and a seeded beta product orders as itself.
 */
export function productForCode(code: string): ProductFacts {
  const hash = fnv1a(code);
  const random = mulberry32(hash);
  const chemical = pick(random, CHEMICALS);
  const grade = pick(random, GRADES[chemical.form]);
  const pack = pick(random, PACKS[chemical.form]);
  const spread = 0.9 + random() * 0.2;
  return {
    productId: 100_000 + (hash % 900_000),
    chemical,
    level: grade.level,
    pack: pack.pack,
    price: priceWithDecimals(chemical.basePrice * grade.factor * pack.factor * spread),
    delivery: pick(random, DELIVERY_TERMS),
    discount: pick(random, DISCOUNTS),
  };
}

/** An order line (2.4) for `quantity` packs of the product `pCode` stands for. */
export function orderLineFor(pCode: string, quantity: number): OrderLine {
  const product = productForCode(pCode);
  const amount = roundToCents(product.price * quantity);
  return {
    siPrice: product.price,
    pId: product.productId,
    siDiscount: product.discount,
    siNum: quantity,
    siAmount: amount,
    siVamount: roundToCents(amount * product.discount),
    pCode,
    pCnName: product.chemical.cn,
    pLevel: product.level,
    cCas: product.chemical.cas,
    deliveryTerm: product.delivery,
    ifCancel: '0',
  };
}

/** Freight of an order: free from 500 yuan of goods, else a flat courier fee. */
function freightFor(goodsTotal: number): number {
  return goodsTotal >= 500 ? 0 : 15;
}

/** An order with its lines, its freight and `soTotal`: the goods after discount plus freight. */
export function pricedOrder(fields: Omit<ListedOrder, 'soTotal'>, lines: OrderLine[]): StoredOrder {
  const goodsTotal = roundToCents(lines.reduce((sum, line) => sum + line.siVamount, 0));
  const freightPrice = freightFor(goodsTotal);
  const { soId, soNo, ...rest } = fields;
  // soTotal third, where 2.3 lists it.
  return { order: { soId, soNo, soTotal: roundToCents(goodsTotal + freightPrice), ...rest }, freightPrice, lines };
}
