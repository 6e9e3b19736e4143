import { ownRecordRecipes } from '../engine/operation/own-records.js';
import { groups } from '../catalogue/groups.js';
import { findOperation, type Operation, operations, wirePath } from '../catalogue/operations.js';
import { allChecks } from '../checks/index.js';
import { mappedForRun } from '../config/mapped.js';
import type { RunConfig } from '../config/resolve.js';
import { PHASES, type Phase } from '../engine/operation/run-operation.js';
import { plannedRequests, type PhaseRequests } from '../engine/schedule/planned-requests.js';
import { preflightOperation } from '../engine/target/first-contact.js';
import { tokenOperationOf } from '../engine/target/issued-credentials.js';
import type { Flow } from '../flows/flow.js';
import { modelFlowsToRun, RACE_CALLS, REFUSED_CALLS, SEQUENCE_CALLS, statefulRunsOf } from '../model/index.js';
import { leftOutReason } from '../report/report.js';
import { groupsOfPart, shardPosition } from './shard.js';
import { skippedFlowsOf } from './part-flows.js';

/**
 * The embedded server draws its password when it starts, and a dry run starts none: the map's
 * templates keep these placeholders, as they keep those a flow fills itself.
 */
const embeddedCredentials = { OTP_USERNAME: '${OTP_USERNAME}', OTP_PASSWORD: '${OTP_PASSWORD}' };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const shown = (phase: PhaseRequests) => `${phase.exact ? '' : '≤ '}${phase.requests}`;

/** One operation's line: its place in section 4 (or 4.1), its path, and the calls of each phase that sends any. */
function operationLine(operation: Operation, phases: PlannedPhases): string {
  const sent = PHASES.filter((phase) => phases[phase].requests > 0).map((phase) => `${phase} ${shown(phases[phase])}`);
  const place = operation.number === undefined ? '4.1' : `#${operation.number}`;
  return `    ${place.padEnd(4)} ${operation.method.padEnd(4)} ${wirePath(operation).padEnd(44)} ${sent.join(' · ') || 'nothing'}`;
}

type PlannedPhases = Readonly<Record<Phase, PhaseRequests>>;

/** A group's operations in the order the schedule takes them: reads side by side, then state changes one after another, then flows, then the model's. */
function groupLines(
  group: string,
  selected: readonly Operation[],
  flows: readonly Flow[],
  planned: ReadonlyMap<Operation, PlannedPhases>,
  models: ReadonlyMap<string, number>,
): string[] {
  const reads = selected.filter((op) => op.group === group && !op.mutates);
  const changes = selected.filter((op) => op.group === group && op.mutates);
  const own = flows.filter((flow) => flow.group === group);
  const written = own.filter((flow) => !models.has(flow.id));
  const modelled = own.length - written.length;
  const title = groups.find((candidate) => candidate.id === group)?.title ?? group;
  const order = [
    ...(reads.length > 0 ? [`${plural(reads.length, 'read')}${reads.length > 1 ? ' side by side' : ''}`] : []),
    ...(changes.length > 0 ? [`${plural(changes.length, 'state change')}${changes.length > 1 ? ' one after another' : ''}`] : []),
    ...(written.length > 0 ? [plural(written.length, 'flow')] : []),
    ...(modelled > 0 ? [`the model of ${plural(modelled, 'set')} of records`] : []),
  ];
  const lines = [`  ${group} (${title}): ${order.join(', then ')}`];
  for (const [operation, phases] of planned) if (operation.group === group) lines.push(operationLine(operation, phases));
  for (const flow of own)
    lines.push(models.has(flow.id) ? `    model ${flow.id}: ${flow.title}; ≤ ${models.get(flow.id)} requests` : `    flow ${flow.id}: ${flow.title}`);
  return lines;
}

/**
 * What a run with these options would do, without doing any of it: the operations it would call,
 * by group and in the schedule's order, with the calls of each phase; the flows; the seed; the
 * checks that would run and those left out. Nothing is sent and no server is started (without
 * --base-url the embedded server would be: the plan says so), no report folder is locked or written.
 */
export function dryRunText(config: RunConfig): string {
  const embedded = config.baseUrl === undefined;
  const variables = embedded ? { ...config.variables, ...embeddedCredentials } : config.variables;
  const { mapped, mappedFlows, tokenSource } = mappedForRun(config.operationMap?.map, config.operations, variables);
  const selected = [...operations.filter((op) => config.operations.includes(op.id)), ...mapped];
  const partGroups = groupsOfPart(selected, shardPosition(config.shard));
  const inPart = selected.filter((op) => partGroups.includes(op.group));
  const selection = { ...config, operations: inPart.map((op) => op.id), mappedFlows, mapped };
  const flows = partGroups.flatMap((group) => statefulRunsOf(group, selection));
  const models = partGroups.flatMap((group) => modelFlowsToRun(group, selection));
  const leftOutFlows = skippedFlowsOf(
    config,
    flows.map((flow) => ({ flowId: flow.id })),
    { kind: 'finished' },
  );
  const firstCall = preflightOperation(selected);
  const tokenOperation = tokenOperationOf({ mapped, ...(tokenSource ? { tokenSource } : {}) });
  const issuing = config.authProbes;
  const ownRecords = ownRecordRecipes(mapped, mappedFlows);
  // Reads first, then the state changes: the order the schedule sends them in.
  const planned = new Map(
    [...inPart.filter((op) => !op.mutates), ...inPart.filter((op) => op.mutates)].map((op) => [op, plannedRequests(op, config, ownRecords)]),
  );
  const modelIds = new Map(models.map((model) => [model.id, model.calls]));
  const operationLines = partGroups.flatMap((group) => groupLines(group, inPart, flows, planned, modelIds));
  const signIn = findOperation('login');
  const signInPath = signIn ? wirePath(signIn) : 'login';
  const phaseTotals = PHASES.map((phase) => ({
    phase,
    ...[...planned.values()].reduce((total, phases) => ({ requests: total.requests + phases[phase].requests, exact: total.exact && phases[phase].exact }), {
      requests: 0,
      exact: true,
    }),
  }));
  const allAtMost = phaseTotals.reduce((sum, phase) => sum + phase.requests, 0);
  const checksRun = allChecks.map((check) => check.id).filter((id) => !config.excludedChecks.includes(id));
  const limits = [
    ...(config.maxFailures === undefined
      ? []
      : [`stops after ${plural(config.maxFailures, 'failure')}, counted as causes that fail the run (--max-failures ${config.maxFailures})`]),
    ...(config.maxTime === undefined ? [] : [`stops after ${config.maxTime.text} (--max-time)`]),
  ];
  return [
    'Dry run: nothing is sent, no server is started or contacted, no report is written. A run with these options would:',
    `Target:     ${embedded ? 'the embedded reference server, started on a free loopback port (not started by this dry run)' : config.baseUrl}${config.label ? ` "${config.label}"` : ''}`,
    `Seed:       ${config.seed} (give --seed ${config.seed} to the run to send exactly these payloads)`,
    ...(config.shard ? [`Part:       ${config.shard} of a sharded run: ${partGroups.join(', ')}`] : []),
    ...config.warnings.map((warning) => `Warning:    ${warning}`),
    `First:      a connection check of the target${tokenSource && !config.token ? `, the token operation ${tokenSource.operation.path} for a token` : ''}, then first contact: ${firstCall ? `one call of ${firstCall.path} in the documented form (a few more in other forms only if the server refuses it)` : 'none (no selected operation only reads and takes the token)'}`,
    ...(issuing
      ? [
          `Then:       before the operations, for the auth probes: a sign-in, #12 ${signInPath} (the cookies it sets)${tokenOperation ? `, and the token operation ${wirePath(tokenOperation)} twice (the token a renewal answers)` : ''}; judged by no check`,
        ]
      : []),
    `Pace:       ${plural(config.concurrency, 'request')} in flight at once, ${config.ratePerSecond === undefined ? 'no rate cap' : `at most ${config.ratePerSecond} a second`}, ${config.timeoutMs} ms per request`,
    `Operations: ${plural(inPart.length, 'operation')} in ${plural(partGroups.length, 'group')}, the calls of each phase (${PHASES.join(', ')}):`,
    ...operationLines,
    `Requests:   ${phaseTotals.map((totals) => `${totals.phase} ${shown(totals)}`).join(' · ')}: at most ${allAtMost} in all, besides the flows' calls${issuing ? ', the calls under Then' : ''}, one re-send of the call behind each cause found, and the calls that shrink a hostile failure`,
    ...(config.skipped.length > 0
      ? [`Skipped:    ${config.skipped.map((entry) => entry.operationId).join(', ')} (${[...new Set(config.skipped.map((entry) => entry.reason))].join('; ')})`]
      : []),
    `Flows:      ${flows.length === 0 ? 'none' : flows.map((flow) => flow.id).join(', ')}`,
    `Model:      ${
      models.length === 0
        ? 'none (it runs where the flows do, over a create and the list that shows it)'
        : `${plural(models.length, 'record set')}, ≤ ${models.reduce((sum, model) => sum + model.calls, 0)} requests in all: one generated sequence of ≤ ${SEQUENCE_CALLS} each, a write the server must refuse (where the set has one) with ≤ ${REFUSED_CALLS} more, its commands raced (sent at once) with ≤ ${RACE_CALLS} more in each of the ${plural(models.filter((model) => model.raceCalls > 0).length, 'set')} with a delete, the rest only to shrink a disagreement to its shortest sequence (docs/model.md)`
    }`,
    ...(leftOutFlows.length > 0 ? [`Flows left out: ${leftOutFlows.map((flow) => `${flow.flowId} (${flow.reason})`).join(', ')}`] : []),
    `Checks:     ${plural(checksRun.length, 'check')} run: ${checksRun.join(', ')}`,
    ...(config.excludedChecks.length > 0
      ? [`Left out:   ${config.excludedChecks.length} ${leftOutReason(config.checksLeftOutBy)}: ${config.excludedChecks.join(', ')}`]
      : []),
    `Limits:     ${limits.length > 0 ? limits.join('; ') : 'none: the run ends when every call is answered or has timed out'}`,
  ].join('\n');
}

/** --dry-run: the plan on the console, exit 0. */
export function dryRun(config: RunConfig, io: { log(line: string): void }): { readonly exitCode: 0 } {
  io.log(dryRunText(config));
  return { exitCode: 0 };
}
