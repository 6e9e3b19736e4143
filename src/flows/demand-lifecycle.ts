import { validPayload } from '../generators/payloads.js';
import { sampleOne } from '../generators/sample-one.js';
import type { Flow } from './flow.js';
import { demandRoundTrip } from './demand-records.js';
import { runRoundTrip } from './round-trip.js';
import { calling } from './_internals/calling.js';

/** Statuses the list is asked for: the spec shows no values (3), these are the generators' range. */
const STATUSES = [0, 1, 2, 3];
const LIST_PAGE_SIZE = 100;

/** #2 create → #1 lists each as sent → #3 delDemand → #1 no longer lists it. */
export const demandLifecycle: Flow = {
  id: 'flow-demand-lifecycle',
  ...calling(['custom-demand-create', 'custom-demand-list', 'custom-demand-delete']),
  title: 'Created custom demands are listed as sent, and gone once deleted',
  description:
    "Creates custom demands (#2) carrying the coverage pass's long text, scripts, emoji and quotes in level, and 2.5, 2147483647 and 2147483648 in nums and price, each with a unique pack; looks for them in the lists of each status (#1), deletes them (#3) and looks again: a demand the server accepted that is not listed, listed with other values than sent (cas, level, nums, pack, price as productCas, productLevel, productNums, productPack, demandPrice, compared as text), a list whose totalPage at one record a page does not count them (the page past it holding a record), a list that after the creates counts fewer than before and them, where a demand the walk listed is on no page and the detail of 4.1 (where the map places it) still answers it, or still listed after delDemand. Its deletes as every round trip's (docs/what-is-checked.md): the first sent without a token first, and a demand gone after that refusal; a delDemand answered with an error result whose demand is gone; a page asked before and after the deletes under one strong ETag with other content. Warning: the spec shows no behaviour beyond shapes.",
  quote:
    '/pc/custom_demand/list | pageSize (number), status (number) | Page of custom demand records (2.6) … /pc/custom_demand/create | type, cas, level, nums, pack, price | empty object … /pc/custom_demand/delDemand | demandId | empty object … Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  run(context) {
    const base = sampleOne(validPayload('custom-demand-create'), context.seed);
    return runRoundTrip(
      {
        // The pack carries the marker: no seeded record uses it, so the match is a demand this flow created.
        ...demandRoundTrip(base),
        lists: STATUSES.map((status) => ({ operation: 'custom-demand-list', body: { pageSize: LIST_PAGE_SIZE, status } })),
      },
      context,
      `otp-${(context.seed >>> 0).toString(36)}`,
    );
  },
};
