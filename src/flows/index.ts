import type { GroupId } from '../catalogue/groups.js';
import { findListedOperation } from '../catalogue/listed-operations.js';
import type { MappedFlowSpec } from '../catalogue/operation-map.js';
import { findOperation } from '../catalogue/operations.js';
import { mappedLifecycleFlow } from './mapped-lifecycle.js';
import { consigneeDeleted } from './consignee-deleted.js';
import { demandLifecycle } from './demand-lifecycle.js';
import type { Flow } from './flow.js';
import { orderListed } from './order-listed.js';

export const allFlows: readonly Flow[] = [demandLifecycle, orderListed, consigneeDeleted];

export function flowsOf(group: GroupId): Flow[] {
  return allFlows.filter((flow) => flow.group === group);
}

/** What of a run's settings decides its flows (a run's settings carry these fields). */
export interface FlowSelection {
  readonly stateful: boolean;
  readonly operations: readonly string[];
  readonly mappedFlows: readonly MappedFlowSpec[];
  readonly seed: number;
}

/**
 * The flows of a group a run takes: those whose operations are all called, the map's included.
 * On by default against any server; none with --no-stateful, nor with --read-only (which the
 * settings resolve into `stateful: false`, and which leaves the creating operations uncalled).
 */
export function flowsToRun(group: GroupId, settings: FlowSelection): Flow[] {
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
