import fc from 'fast-check';
import { validPayload } from '../generators/payloads.js';
import type { Exchange } from '../checks/types.js';
import type { Flow, FlowContext, FlowFinding } from './flow.js';
import { answered, differences, listed } from './records.js';

/** Statuses the list is asked for: the spec shows no values (3), these are the generators' range. */
const STATUSES = [0, 1, 2, 3];
const LIST_PAGE_SIZE = 100;

/**
 * The demand in any of the status lists that matches what was created, by CAS number and pack; or
 * the list that gave no answer, which leaves the question open.
 */
async function findDemand(
  context: FlowContext,
  cas: unknown,
  pack: unknown,
): Promise<{ record?: Record<string, unknown>; list?: Exchange; lists: Exchange[]; unanswered?: Exchange }> {
  const lists: Exchange[] = [];
  for (const status of STATUSES) {
    const list = await context.call('custom-demand-list', { pageSize: LIST_PAGE_SIZE, status });
    lists.push(list);
    const match = listed(list).find((record) => record.productCas === cas && record.productPack === pack);
    if (match) return { record: match, list, lists };
    if (!answered(list)) return { lists, unanswered: list };
  }
  return { lists };
}

/** #2 create → #1 lists it → #3 delDemand → #1 no longer lists it. */
export const demandLifecycle: Flow = {
  id: 'flow-demand-lifecycle',
  group: 'custom-demand',
  title: 'A created custom demand is listed, and gone once deleted',
  description:
    'Creates a custom demand (#2), looks for it in the lists of each status (#1), deletes it (#3) and looks again: a demand not listed after create, listed with other values than those sent (level, nums, price as productLevel, productNums, demandPrice), or still listed after delDemand. Warning: the spec shows no behaviour beyond shapes.',
  rule: '4 #1 #2 #3',
  quote:
    '/pc/custom_demand/list | pageSize (number), status (number) | Page of custom demand records (2.6) … /pc/custom_demand/create | type, cas, level, nums, pack, price | empty object … /pc/custom_demand/delDemand | demandId | empty object … Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  operations: ['custom-demand-create', 'custom-demand-list', 'custom-demand-delete'],
  async run(context) {
    // A pack no seeded record uses, so the match is the demand this flow created.
    const [base, grams] = fc.sample(fc.tuple(validPayload('custom-demand-create'), fc.integer({ min: 1001, max: 9999 })), {
      seed: context.seed,
      numRuns: 1,
    })[0]!;
    const payload: Record<string, unknown> = { ...base, pack: `${grams}g` };
    const created = await context.call('custom-demand-create', payload);
    if (!answered(created)) return { completed: false, reason: 'create answered no result', findings: [] };

    const found = await findDemand(context, payload.cas, payload.pack);
    if (found.unanswered) return { completed: false, reason: 'a custom demand list answered no result after create', findings: [] };
    if (found.record === undefined) {
      const evidence = found.lists[0]!;
      const finding: FlowFinding = {
        instancePath: '/data/list',
        expected: `the demand just created (productCas ${String(payload.cas)}, productPack ${String(payload.pack)}) in a list of status ${STATUSES.join('/')}`,
        actual: 'not listed',
        exchange: evidence,
      };
      return { completed: true, findings: [finding] };
    }

    const listedOtherwise = differences(found.record, { productLevel: payload.level, productNums: payload.nums, demandPrice: payload.price });
    const findings: FlowFinding[] =
      listedOtherwise.length === 0
        ? []
        : [
            {
              instancePath: `/data/list/${listed(found.list!).indexOf(found.record)}`,
              expected: 'the demand listed with the values sent',
              actual: `listed with ${listedOtherwise.join(', ')}`,
              exchange: found.list!,
            },
          ];

    const id = found.record.id;
    const deleted = await context.call('custom-demand-delete', { demandId: id });
    if (!answered(deleted)) return { completed: false, reason: 'delDemand answered no result', findings };
    const after = await findDemand(context, payload.cas, payload.pack);
    if (after.unanswered) return { completed: false, reason: 'a custom demand list answered no result after delDemand', findings };
    if (after.record === undefined) return { completed: true, findings };
    const evidence = after.lists.at(-1)!;
    return {
      completed: true,
      findings: [
        ...findings,
        { instancePath: '/data/list', expected: `demand ${String(id)} gone after delDemand`, actual: 'still listed', exchange: evidence },
      ],
    };
  },
};
