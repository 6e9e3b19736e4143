import fc from 'fast-check';
import { validPayload } from '../generators/payloads.js';
import { resultData } from '../checks/preconditions.js';
import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import type { Flow } from './flow.js';
import { answered, differences, listed } from './records.js';

const PAGE_SIZE = 50;
/** The kit looks at most this many pages for the new order. */
const MAX_PAGES = 10;
/** Fields the create request (#14) and the order record (2.3) both name, as strings on both sides. */
const SAME_NAMED_FIELDS = ['soCaName', 'soCaProvince', 'soCaCity', 'soCaStreet', 'soNote'];

/**
 * #14 createAlphaOrders → #13 getAlphaOrders lists the new soNo. The spec documents no way to
 * cancel an order, so the order stays: run this flow only against servers where that is fine.
 */
export const orderListed: Flow = {
  id: 'flow-order-listed',
  group: 'alpha-orders',
  title: "A created alpha order appears in the user's order list",
  description:
    'Creates an alpha order (#14) and pages through the order list (#13, up to 10 pages of 50) for its soNo: an order missing from the list, or listed with another consignee name, province, city, street or note than those sent. The order stays, since no cancel is documented. Warning: the spec shows no behaviour beyond shapes.',
  rule: '4 #13 #14',
  quote:
    "Alpha catalogue, orders | Create an order, list the user's orders, order detail, dispatch note. … /openapi/alpha/orders/getAlphaOrders | pageSize (number of records to return), pageNo (current page) | Page of orders (2.3) … Behaviour of each operation beyond its request and response shape: not shown.",
  severity: 'warning',
  operations: ['alpha-order-create', 'alpha-orders-list'],
  async run(context) {
    const payload = fc.sample(validPayload('alpha-order-create'), { seed: context.seed, numRuns: 1 })[0]! as Record<string, unknown>;
    const created = await context.call('alpha-order-create', payload);
    const soNo = resultData(created)?.soNo;
    if (!answered(created) || typeof soNo !== 'string') return { completed: false, reason: 'create answered no order number', findings: [] };

    // The pages looked at, each kept as evidence keeps it: a list of orders may be long.
    const pages: KeptStep[] = [];
    let last: KeptStep = keepStep(created);
    for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
      const page = await context.call('alpha-orders-list', { pageSize: PAGE_SIZE, pageNo });
      last = keepStep(page);
      pages.push(last);
      const orders = listed(page);
      const index = orders.findIndex((order) => order.soNo === soNo);
      if (index >= 0) {
        const listedOtherwise = differences(orders[index]!, Object.fromEntries(SAME_NAMED_FIELDS.map((field) => [field, payload[field]])));
        if (listedOtherwise.length === 0) return { completed: true, findings: [] };
        const finding = {
          instancePath: `/data/list/${index}`,
          expected: `order ${soNo} listed with the values sent`,
          actual: `listed with ${listedOtherwise.join(', ')}`,
          exchange: last,
          steps: [keepStep(created), last],
        };
        return { completed: true, findings: [finding] };
      }
      // A page that did not answer cannot show the order missing.
      if (!answered(page)) return { completed: false, reason: `getAlphaOrders page ${pageNo} answered no result`, findings: [] };
      const totalPage = resultData(page)?.totalPage;
      if (typeof totalPage !== 'number' || pageNo >= totalPage) break;
    }
    return {
      completed: true,
      findings: [
        {
          instancePath: '/data/list',
          expected: `order ${soNo} among the user's orders`,
          actual: 'not listed',
          exchange: last,
          steps: [keepStep(created), ...pages],
        },
      ],
    };
  },
};
