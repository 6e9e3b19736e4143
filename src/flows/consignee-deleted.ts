import fc from 'fast-check';
import { recordId } from '../generators/fields.js';
import { keepStep } from '../checks/kept-exchange.js';
import type { Flow } from './flow.js';
import { answered, unanswered } from './records.js';
import { calling } from './_internals/calling.js';

/** Ids tried to find a consignee that exists (no consignee list is documented). */
const ATTEMPTS = 10;

/** #9 consigneeInfoById finds one → #10 deleteConsignee → #9 no longer answers it. */
export const consigneeDeleted: Flow = {
  id: 'flow-consignee-deleted',
  ...calling(['consignee-by-id', 'consignee-delete']),
  title: 'A deleted consignee is no longer answered by id',
  description:
    'Finds a consignee by id (#9), deletes it (#10) and asks for it again: a consignee still answered after deleteConsignee, whether the delete answered a success or an error result. Warning: the spec shows no behaviour beyond shapes.',
  quote:
    '/pc/customer/consigneeInfoById | id | consignee record (2.9) … /pc/customer/deleteConsignee | id | empty object … Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  async run(context) {
    for (const id of fc.sample(recordId, { seed: context.seed, numRuns: ATTEMPTS })) {
      const before = await context.call('consignee-by-id', { id });
      if (!answered(before)) continue;
      const deleted = await context.call('consignee-delete', { id });
      if (unanswered(deleted)) return { completed: false, reason: `deleteConsignee ${id} gave no answer`, findings: [] };
      // A delete refused (an error result) is looked at as any other: the consignee still answered is what a client sees.
      const after = await context.call('consignee-by-id', { id });
      if (unanswered(after)) return { completed: false, reason: `consigneeInfoById ${id} gave no answer after deleteConsignee`, findings: [] };
      // An error result (not found, refused) is what a deleted consignee should get.
      if (!answered(after)) return { completed: true, findings: [] };
      return {
        completed: true,
        findings: [
          {
            instancePath: '/data',
            expected: `no consignee ${id} after deleteConsignee`,
            actual: `still answered${answered(deleted) ? '' : '; deleteConsignee answered an error result for it'}`,
            exchange: after,
            steps: [before, deleted, after].map(keepStep),
          },
        ],
      };
    }
    return { completed: false, reason: `none of ${ATTEMPTS} ids answered a consignee`, findings: [] };
  },
};
