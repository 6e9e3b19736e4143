import { validPayload } from '../generators/payloads.js';
import { sampleOne } from '../generators/sample-one.js';
import { resultData } from '../checks/preconditions.js';
import { keepStep, type KeptStep } from '../checks/kept-exchange.js';
import { sampleLeftOff } from './_internals/list-count.js';
import type { Flow, FlowFinding } from './flow.js';
import { answered, differences, listed, shown, unanswered } from './records.js';
import { calling } from './_internals/calling.js';

const PAGE_SIZE = 50;
/** The kit looks at most this many pages for the new order. */
const MAX_PAGES = 10;
/** Fields the create request (#14) and the order record (2.3) both name, as strings on both sides. */
const SAME_NAMED_FIELDS = ['soCaName', 'soCaProvince', 'soCaCity', 'soCaStreet', 'soNote'];

/**
 * Fields of the created order that the listed one need not repeat: those the spec gives the create
 * alone ("the same fields plus" soFreightPrice and items), soCtime (an integer in the list, a string
 * in the create: 2.3), and the statuses, which the order may have moved through since.
 */
const CREATE_ONLY = new Set(['soFreightPrice', 'items', 'soCtime']);
const STATUS = /status$/i;

/** The fields of the created order the list must show with the same values: every other field the two both carry. */
function sharedFields(created: Record<string, unknown>, listedOrder: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(created).filter(([field]) => !CREATE_ONLY.has(field) && !STATUS.test(field) && Object.hasOwn(listedOrder, field)));
}

/** An order the flow created, by the call that created it. */
interface Created {
  readonly label: string;
  readonly payload: Record<string, unknown>;
  readonly order: Record<string, unknown>;
  readonly soNo: string;
  readonly step: KeptStep;
}

/**
 * The orders the flow creates: the seed's, and the least one can order (its first line alone, one
 * unit), where an order is smallest and what depends on its size (freight below a threshold, a
 * minimum charge) is most likely to show.
 */
function ordersToCreate(seed: number): { label: string; payload: Record<string, unknown> }[] {
  const payload = sampleOne(validPayload('alpha-order-create'), seed) as Record<string, unknown>;
  const [first] = Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : [];
  return [
    { label: 'the generated order', payload },
    ...(first ? [{ label: 'one unit of its first line', payload: { ...payload, items: [{ ...first, num: '1' }] } }] : []),
  ];
}

/**
 * An order the server should refuse, marked in soNote: its first line, then that line again with a
 * quantity of none, a line no one can deliver. Undefined where the payload has no line.
 */
function refusedOrder(payload: Record<string, unknown>, marker: string): Record<string, unknown> | undefined {
  const [first] = Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : [];
  return first && { ...payload, soNote: marker, items: [first, { ...first, num: '0' }] };
}

/** What the list showed of one created order: the values sent, and those the create answered, that it does not show. */
function listedOtherwise(entry: Created, listedOrder: Record<string, unknown>): string[] {
  return [
    ...differences(listedOrder, Object.fromEntries(SAME_NAMED_FIELDS.map((field) => [field, entry.payload[field]]))),
    ...differences(listedOrder, sharedFields(entry.order, listedOrder), 'created'),
  ];
}

/**
 * #14 createAlphaOrders → #13 getAlphaOrders lists each new soNo, as created, and no order of a create
 * answered with none. The spec documents no
 * way to cancel an order, so the orders stay: run this flow only against servers where that is fine.
 */
export const orderListed: Flow = {
  id: 'flow-order-listed',
  ...calling(['alpha-order-create', 'alpha-orders-list'], ['2.3']),
  title: "A created alpha order appears in the user's order list, as created",
  description:
    'Creates two alpha orders (#14), the generated one and one unit of its first line, and pages through the order list (#13, up to 10 pages of 50) for their soNo: an order missing from the list, listed with another consignee name, province, city, street or note than those sent, or with other values than the create answered in the fields both carry (2.3: the created order "has the same fields plus" soFreightPrice and items; soCtime, typed apart, and the statuses, which may move on, aside). Where the run walked the list whole and pairs it with a lookup (the order detail of 4.1 an operation map places), the order the lookup answers for the map\'s own body must be on a page of the list, as the walk read it before any call of the run changed state and as read whole again (1: "list the user\'s orders"). Then an order the server should refuse, marked in soNote: its first line, then that line again with num "0". Answered with no order (an error result, or data without a soNo), it must be on no page read (7 rule 1: "Results and errors are carried in the envelope fields"): an order listed with its mark was placed, though the client was told it was not. The orders stay, since no cancel is documented. Warning: the spec shows no behaviour beyond shapes.',
  quote:
    "Alpha catalogue, orders | Create an order, list the user's orders, order detail, dispatch note. … /openapi/alpha/orders/getAlphaOrders | pageSize (number of records to return), pageNo (current page) | Page of orders (2.3) … The order returned by the two create-order operations has the same fields plus: … Behaviour of each operation beyond its request and response shape: not shown.",
  severity: 'warning',
  async run(context) {
    const walked = await context.walked?.('alpha-orders-list');
    const sampleFinding = walked && (await sampleLeftOff(context, walked));
    const created: Created[] = [];
    for (const { label, payload } of ordersToCreate(context.seed)) {
      const exchange = await context.call('alpha-order-create', payload);
      const order = resultData(exchange);
      // A create refused is the server's choice (the order may break a rule the spec does not show): nothing to look for.
      if (answered(exchange) && order && typeof order.soNo === 'string') created.push({ label, payload, order, soNo: order.soNo, step: keepStep(exchange) });
    }
    // Placed last, so that a server listing the newest first shows it on the first page, where the created ones are looked for.
    const marker = `otp-refused-${(context.seed >>> 0).toString(36)}`;
    const refusedPayload = created[0] && refusedOrder(created[0].payload, marker);
    const refusal = refusedPayload && (await context.call('alpha-order-create', refusedPayload));
    // Only a refusal says nothing was placed: an order answered, or no answer, tells nothing of the rule.
    const refused = refusal && !unanswered(refusal) && typeof resultData(refusal)?.soNo !== 'string' ? keepStep(refusal) : undefined;
    if (created.length === 0) return { completed: false, reason: 'create answered no order number', findings: [] };

    // The pages looked at, each kept as evidence keeps it: a list of orders may be long.
    const pages: KeptStep[] = [];
    const findings: FlowFinding[] = sampleFinding ? [sampleFinding] : [];
    const unfound = new Map(created.map((entry) => [entry.soNo, entry]));
    let kept: { readonly index: number; readonly page: KeptStep } | undefined;
    for (let pageNo = 1; pageNo <= MAX_PAGES && unfound.size > 0; pageNo++) {
      const page = await context.call('alpha-orders-list', { pageSize: PAGE_SIZE, pageNo });
      const last = keepStep(page);
      pages.push(last);
      for (const [index, listedOrder] of listed(page).entries()) {
        if (refused && !kept && listedOrder.soNote === marker) kept = { index, page: last };
        const entry = typeof listedOrder.soNo === 'string' ? unfound.get(listedOrder.soNo) : undefined;
        if (!entry) continue;
        unfound.delete(entry.soNo);
        const otherwise = listedOtherwise(entry, listedOrder);
        if (otherwise.length > 0)
          findings.push({
            instancePath: `/data/list/${index}`,
            expected: `order ${entry.soNo} (${entry.label}) listed as sent and created`,
            actual: `listed with ${otherwise.join(', ')}`,
            exchange: last,
            steps: [entry.step, last],
          });
      }
      // A page that did not answer cannot show an order missing.
      if (!answered(page)) return { completed: false, reason: `getAlphaOrders page ${pageNo} answered no result`, findings };
      const totalPage = resultData(page)?.totalPage;
      if (typeof totalPage !== 'number' || pageNo >= totalPage) break;
    }
    // At least one page was read: an order was created, so the loop ran.
    const lastPage = pages.at(-1);
    if (lastPage)
      for (const entry of unfound.values())
        findings.push({
          instancePath: '/data/list',
          expected: `order ${entry.soNo} (${entry.label}) among the user's orders`,
          actual: 'not listed',
          exchange: lastPage,
          steps: [entry.step, ...pages],
        });
    if (refused?.response && kept)
      findings.push({
        instancePath: `/data/list/${kept.index}`,
        expected: `no order with soNote ${JSON.stringify(marker)}: the create that carried it was answered with no order (7 rule 1)`,
        actual: `listed, though createAlphaOrders answered it HTTP ${refused.response.status} ${shown(refused.response.bodyText)}`,
        exchange: kept.page,
        steps: [refused, kept.page],
      });
    return { completed: true, findings };
  },
};
