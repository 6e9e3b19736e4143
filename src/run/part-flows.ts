import { groups } from '../catalogue/groups.js';
import type { RunConfig } from '../config/resolve.js';
import type { FlowResult } from '../engine/schedule/run-flow.js';
import { modelFlowsToRun, modelRules, statefulRunsOf } from '../model/index.js';
import { leftOutReason, type SkippedFlow } from '../report/report.js';
import type { RunEnding } from '../report/status.js';
import type { Operation } from '../catalogue/operations.js';
import { notRunReason } from './run-ending.js';
import { type PartScope, type PartSettings, partScope, selectedOperations, type SuitePart } from './suite-part.js';
import { baseSettings } from './target.js';

/*
 * The flows of a run: those its part runs, and those it leaves out, with why. They need the flows'
 * and the model's modules, which the run's main thread loads only once the suites' worker is under
 * way: loaded before, they held back its start.
 */

/** The part with its flows, the model's among them. */
export function suitePart<S extends PartSettings>(settings: S, selected: readonly Operation[], shard: string | undefined): SuitePart<S> {
  return withFlows(partScope(settings, selected, shard));
}

/** A part's scope with the flows of its groups. */
export function withFlows<S extends PartSettings>(scope: PartScope<S>): SuitePart<S> {
  return { ...scope, flows: scope.groups.flatMap((group) => statefulRunsOf(group, scope.settings)) };
}

/**
 * What a run against `baseUrl` will check, known before anything is sent (first contact and the
 * token change how calls are written, not which are made): for a caller that names its tests
 * before the run starts (defineConformanceSuites).
 */
export function partToCheck(config: RunConfig, baseUrl: string): SuitePart<ReturnType<typeof baseSettings>> {
  const base = baseSettings(config, { baseUrl });
  return suitePart(base, selectedOperations(base), config.shard);
}

/** What of the config decides the flows, with every check in: the flows a selection leaves out are named, not lost. */
const flowSelectionOf = (config: RunConfig, stateful: boolean, operations: readonly string[]) => ({
  stateful,
  operations,
  mappedFlows: config.operationMap?.map.flows ?? [],
  // The map's operations as it writes them: which the model's flows over 4.1 take (the member's profile), not what a run sends.
  mapped: Object.entries(config.operationMap?.map.operations ?? {}).map(([id, entry]) => ({ id, body: entry.body })),
  seed: config.seed,
});

/** How many flows the run runs, all groups together. */
export function flowCountOf(config: RunConfig): number {
  const selection = { ...flowSelectionOf(config, config.stateful, config.operations), excludedChecks: config.excludedChecks };
  return groups.flatMap((group) => statefulRunsOf(group.id, selection)).length;
}

/**
 * The flows the run would have run with the flows on, every check in and every selected operation
 * called, less those it ran, each with why: --checks or --exclude-checks, --read-only,
 * --no-stateful, or how the run ended.
 */
export function skippedFlowsOf(config: RunConfig, ran: ReadonlyArray<Pick<FlowResult, 'flowId'>>, ending: RunEnding): SkippedFlow[] {
  const done = new Set(ran.map((flow) => flow.flowId));
  const selection = flowSelectionOf(config, true, [...config.operations, ...config.skipped.map((entry) => entry.operationId)]);
  const reason = config.readOnly
    ? 'read-only: the flow changes state'
    : config.stateful
      ? notRunReason(ending, config.shard)
      : 'stateful flows off (--no-stateful, or the quick pass --runs 1)';
  // The model's flows are left out with every rule of the model.
  const models = new Set(groups.flatMap((group) => modelFlowsToRun(group.id, selection)).map((flow) => flow.id));
  const everyRuleLeftOut = modelRules.every((rule) => config.excludedChecks.includes(rule.id));
  const leftOut = (id: string) => config.excludedChecks.includes(id) || (models.has(id) && everyRuleLeftOut);
  return groups
    .flatMap((group) => statefulRunsOf(group.id, selection))
    .filter((flow) => !done.has(flow.id))
    .map((flow) => ({
      flowId: flow.id,
      group: flow.group,
      title: flow.title,
      reason: leftOut(flow.id) ? leftOutReason(config.checksLeftOutBy) : reason,
    }));
}
