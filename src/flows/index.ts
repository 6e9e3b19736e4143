import type { GroupId } from '../catalogue/groups.js';
import { findListedOperation } from '../catalogue/listed-operations.js';
import type { MappedFlowSpec } from '../catalogue/operation-map.js';
import { findOperation } from '../catalogue/operations.js';
import { mappedLifecycleFlow } from './mapped-lifecycle.js';
import { betaOrderLines } from './beta-order-lines.js';
import { lookupsApart } from './lookups-apart.js';
import { consigneeDeleted } from './consignee-deleted.js';
import { demandLifecycle } from './demand-lifecycle.js';
import type { Flow } from './flow.js';
import { orderListed } from './order-listed.js';
import { passwordResetWrongOld } from './password-reset-wrong-old.js';
import { registrationAgain } from './registration-again.js';
import { signInNearMiss } from './sign-in-near-miss.js';
import { batchSignIn } from './batch-sign-in.js';
import { weakPasswordChange } from './weak-password-change.js';

export const allFlows: readonly Flow[] = [
  demandLifecycle,
  orderListed,
  betaOrderLines,
  consigneeDeleted,
  lookupsApart,
  registrationAgain,
  signInNearMiss,
  passwordResetWrongOld,
  batchSignIn,
  weakPasswordChange,
];

export function flowsOf(group: GroupId): Flow[] {
  return allFlows.filter((flow) => flow.group === group);
}

/** What of a run's settings decides its flows (a run's settings carry these fields). */
export interface FlowSelection {
  readonly stateful: boolean;
  readonly operations: readonly string[];
  readonly mappedFlows: readonly MappedFlowSpec[];
  readonly seed: number;
  /** Flows --checks or --exclude-checks leave out, by id. */
  readonly excludedChecks?: readonly string[];
}

/**
 * The flows of a group a run takes: those whose operations are all called, the map's included,
 * less those --checks or --exclude-checks leave out. On by default against any server; none with
 * --no-stateful, nor with --read-only (which the settings resolve into `stateful: false`, and which
 * leaves the creating operations uncalled).
 */
export function flowsToRun(group: GroupId, settings: FlowSelection): Flow[] {
  if (!settings.stateful) return [];
  const mapped = mappedFlows(settings.mappedFlows, settings.seed).filter((flow) => flow.group === group);
  return [...flowsOf(group), ...mapped].filter(
    (flow) => flow.operations.every((id) => settings.operations.includes(id)) && !settings.excludedChecks?.includes(flow.id),
  );
}

/** An operation map's flows, each in the group of the operation that creates its records (documented or of 4.1). */
export function mappedFlows(specs: readonly MappedFlowSpec[], seed: number): Flow[] {
  return specs.flatMap((spec) => {
    const home = (findOperation(spec.create.operation) ?? findListedOperation(spec.create.operation))?.group;
    return home === undefined ? [] : [mappedLifecycleFlow(spec, home, seed)];
  });
}
