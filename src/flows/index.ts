import type { GroupId } from '../catalogue/groups.js';
import { consigneeDeleted } from './consignee-deleted.js';
import { demandLifecycle } from './demand-lifecycle.js';
import type { Flow } from './flow.js';
import { orderListed } from './order-listed.js';

export const allFlows: readonly Flow[] = [demandLifecycle, orderListed, consigneeDeleted];

export function flowsOf(group: GroupId): Flow[] {
  return allFlows.filter((flow) => flow.group === group);
}
