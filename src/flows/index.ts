import type { GroupId } from '../catalogue/groups.js';
import { findListedOperation } from '../catalogue/listed-operations.js';
import { findOperation } from '../catalogue/operations.js';
import type { RunSettings } from '../engine/settings.js';
import { mappedLifecycleFlow } from './mapped-lifecycle.js';
import { consigneeDeleted } from './consignee-deleted.js';
import { demandLifecycle } from './demand-lifecycle.js';
import type { Flow } from './flow.js';
import { orderListed } from './order-listed.js';

export const allFlows: readonly Flow[] = [demandLifecycle, orderListed, consigneeDeleted];

export function flowsOf(group: GroupId): Flow[] {
  return allFlows.filter((flow) => flow.group === group);
}

/**
 * The flows of a group a run takes: those whose operations are all called, the map's included.
 * On by default against any server; none with --no-stateful, nor with --read-only (which the
 * settings resolve into `stateful: false`, and which leaves the creating operations uncalled).
 */
export function flowsToRun(group: GroupId, settings: Pick<RunSettings, 'stateful' | 'operations' | 'mappedFlows' | 'seed'>): Flow[] {
  if (!settings.stateful) return [];
  const mapped = settings.mappedFlows.flatMap((spec) => {
    const home = groupOf(spec.create.operation);
    return home === group ? [mappedLifecycleFlow(spec, home, settings.seed)] : [];
  });
  return [...flowsOf(group), ...mapped].filter((flow) => flow.operations.every((id) => settings.operations.includes(id)));
}

function groupOf(operationId: string): GroupId | undefined {
  return (findOperation(operationId) ?? findListedOperation(operationId))?.group;
}
