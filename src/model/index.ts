import type { GroupId } from '../catalogue/groups.js';
import type { Operation } from '../catalogue/operations.js';
import type { Flow } from '../flows/flow.js';
import { type FlowSelection, flowsToRun } from '../flows/index.js';
import { answeredSetFlow, answeredSets } from './answered-set.js';
import { type ModelFlow, modelFlow } from './model-flow.js';
import { profileFlow } from './profile.js';
import { recordSets } from './record-set.js';
import { modelRules } from './rules.js';

export { modelRules } from './rules.js';
export { type ModelFlow, SEQUENCE_CALLS } from './model-flow.js';
export { RACE_CALLS } from './race.js';
export { REFUSED_CALLS } from './refused.js';

/** What of a run's settings decides the model's flows: the flows' switches, and the operations of 4.1 its map places (their bodies). */
export type ModelSelection = FlowSelection & { readonly mapped?: readonly Pick<Operation, 'id' | 'body'>[] };

/** The member's profile (4.1 "change profile", read by "get customer basic information"), where the run's map places both. */
function profileFlows(bodies: ReadonlyMap<string, unknown>, excluded: readonly string[] | undefined): ModelFlow[] {
  const change = bodies.get('member-change-profile');
  if (!bodies.has('member-basic-info') || change === null || typeof change !== 'object' || Array.isArray(change)) return [];
  const flow = profileFlow(change as Readonly<Record<string, unknown>>, excluded);
  return flow ? [flow] : [];
}

/** The model's flows: one per record set of the run (docs/model.md), one per create only its answer shows, and the member's profile, whatever the run selects. */
export function modelFlows(selection: Pick<ModelSelection, 'mappedFlows' | 'mapped' | 'excludedChecks'>): ModelFlow[] {
  const bodies = new Map((selection.mapped ?? []).map((operation) => [operation.id, operation.body]));
  const sets = recordSets(selection.mappedFlows, bodies);
  return [
    ...sets.map((set) => modelFlow(set, selection.excludedChecks)),
    ...answeredSets(sets).map((set) => answeredSetFlow(set, selection.excludedChecks)),
    ...profileFlows(bodies, selection.excludedChecks),
  ];
}

/**
 * The model's flows of a group a run takes, switched as flows are (on by default; none with
 * --no-stateful or --read-only): those whose operations the run all calls, unless --checks or
 * --exclude-checks leave out every rule of the model.
 */
export function modelFlowsToRun(group: GroupId, selection: ModelSelection): ModelFlow[] {
  if (!selection.stateful || modelRules.every((rule) => selection.excludedChecks?.includes(rule.id))) return [];
  return modelFlows(selection).filter((flow) => flow.group === group && flow.operations.every((id) => selection.operations.includes(id)));
}

/** A group's stateful runs in the order the schedule takes them: its flows, then the model's. */
export function statefulRunsOf(group: GroupId, selection: ModelSelection): Flow[] {
  return [...flowsToRun(group, selection), ...modelFlowsToRun(group, selection)];
}
