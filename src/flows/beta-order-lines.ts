import { keepStep } from '../checks/kept-exchange.js';
import { isPlainObject, resultData } from '../checks/preconditions.js';
import { basePayloads } from '../generators/coverage/base-payloads.js';
import type { Flow } from './flow.js';
import { answered, listed, sameValue, shown } from './records.js';
import { calling } from './_internals/calling.js';

/** What an order line (2.4) takes from the catalogue product (2.5) its pCode names: line field → product field. */
const FROM_THE_PRODUCT: Readonly<Record<string, string>> = { cCas: 'cas', pLevel: 'level' };

type Product = Record<string, unknown> & { readonly code: string };

/**
 * Two products of the page that differ in what a line takes from them, the later code first: an
 * order whose items are not in code order, so that lines matched to products by place in any
 * sorted order show it. Undefined where the page has no two such products.
 */
function outOfCodeOrder(products: readonly Record<string, unknown>[]): [Product, Product] | undefined {
  const coded = products.filter((product): product is Product => typeof product.code === 'string' && product.code !== '');
  const differ = (one: Product, other: Product) =>
    one.code !== other.code && Object.values(FROM_THE_PRODUCT).some((field) => typeof one[field] === 'string' && !sameValue(other[field], one[field]));
  for (const [index, one] of coded.entries()) {
    const other = coded.slice(index + 1).find((candidate) => differ(one, candidate));
    if (other) return one.code > other.code ? [one, other] : [other, one];
  }
  return undefined;
}

/** What a line shows otherwise than the catalogue lists its product: `cCas "…" (catalogue cas "…")`. */
function otherwise(line: Record<string, unknown>, product: Product): string[] {
  return Object.entries(FROM_THE_PRODUCT)
    .filter(([lineField, field]) => typeof product[field] === 'string' && line[lineField] !== undefined && !sameValue(line[lineField], product[field]))
    .map(([lineField, field]) => `${lineField} ${shown(line[lineField])} (catalogue ${field} ${shown(product[field])})`);
}

/** #16 getProductsByBrandId → #15 createBetaOrders of two of its products, the later code first → each line carries its own product's data. */
export const betaOrderLines: Flow = {
  id: 'flow-beta-order-lines',
  ...calling(['beta-products-by-brand', 'beta-order-create'], ['2.4', '2.5']),
  title: 'A beta order line carries the catalogue data of the product its pCode names',
  description:
    "Reads page 1 of the brand's products (#16, the coverage pass's body) and orders two of them whose CAS number or grade differ (#15), one unit each, the later code first: a line whose cCas or pLevel is not the cas or level the catalogue lists for the product its pCode names (products fetched in one query and matched to the items by place, where the query answers them in code order, say). One deviation for the order, at its first such line. A create refused, or a page without two such products, leaves nothing to compare. The order stays, since no cancel is documented. Warning: the spec shows the two shapes, not that a line is filled from the catalogue.",
  quote:
    '/openapi/beta/orders/createBetaOrders | same header fields as #14; items: array of {pCode (string), brandId (string), num (string)} | Order with items (2.3, 2.4), with the full envelope … /openapi/beta/products/getProductsByBrandId | brandId (integer), pageSize (integer), pageNo (integer) | Page of beta catalogue products (2.5) … Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  async run(context) {
    const catalogueBody = basePayloads['beta-products-by-brand'];
    const orderBody = basePayloads['beta-order-create'];
    if (!catalogueBody || !orderBody) return { completed: false, reason: 'no base body of getProductsByBrandId or createBetaOrders', findings: [] };
    const page = await context.call('beta-products-by-brand', { ...catalogueBody });
    const pair = answered(page) ? outOfCodeOrder(listed(page)) : undefined;
    if (!pair) return { completed: false, reason: 'getProductsByBrandId listed no two products whose cas or level differ', findings: [] };
    const brandId = String(catalogueBody.brandId);
    const order = { ...orderBody, items: pair.map((product) => ({ pCode: product.code, brandId, num: '1' })) };
    const created = await context.call('beta-order-create', order);
    const lines = resultData(created)?.items;
    // A create refused is the server's choice (stock, a rule the spec does not show): nothing to compare.
    if (!answered(created) || !Array.isArray(lines)) return { completed: false, reason: 'createBetaOrders answered no order lines', findings: [] };
    const byCode = new Map(pair.map((product) => [product.code, product]));
    for (const [index, line] of lines.entries()) {
      const product = isPlainObject(line) && typeof line.pCode === 'string' ? byCode.get(line.pCode) : undefined;
      const shownOtherwise = product ? otherwise(line as Record<string, unknown>, product) : [];
      if (!product || shownOtherwise.length === 0) continue;
      return {
        completed: true,
        findings: [
          {
            instancePath: `/data/items/${index}`,
            expected: `the catalogue's data of ${product.code}, the product the line's pCode names (items sent ${pair.map((item) => item.code).join(', ')}: not in code order)`,
            actual: shownOtherwise.join(', '),
            exchange: created,
            steps: [page, created].map(keepStep),
          },
        ],
      };
    }
    return { completed: true, findings: [] };
  },
};
