import type { GroupId } from '../catalogue/groups.js';
import { consigneeDeleted } from './consignee-deleted.js';
import { demandLifecycle } from './demand-lifecycle.js';
import type { Flow } from './flow.js';
import { orderListed } from './order-listed.js';

export const allFlows: readonly Flow[] = [demandLifecycle, orderListed, consigneeDeleted];

export function flowsOf(group: GroupId): Flow[] {
  return allFlows.filter((flow) => flow.group === group);
}

/** The flows of a group a run takes: with --stateful, those whose operations are all called. */
export function flowsToRun(group: GroupId, settings: { readonly stateful: boolean; readonly operations: readonly string[] }): Flow[] {
  if (!settings.stateful) return [];
  return flowsOf(group).filter((flow) => flow.operations.every((id) => settings.operations.includes(id)));
}
