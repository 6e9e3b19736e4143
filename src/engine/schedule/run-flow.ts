import { findOperation, type Operation, wirePath } from '../../catalogue/operations.js';
import { outline } from '../../checks/kept-exchange.js';
import { preconditionsMet } from '../../checks/preconditions.js';
import type { Check, CheckContext, Exchange, ExchangeCheck } from '../../checks/types.js';
import type { Client } from '../../client/client.js';
import type { Flow } from '../../flows/flow.js';
import { extend } from '../../objects.js';
import { type Deviation, foldDeviations } from '../judging/deviation.js';
import { type EvidenceContext, toDeviation, withSteps } from '../judging/evidence.js';
import { operationSeed } from './seed.js';

export interface FlowResult {
  readonly flowId: string;
  readonly group: string;
  readonly title: string;
  /** Documented paths of the operations it calls. */
  readonly operations: readonly string[];
  readonly exchanges: number;
  /** False when a step answered no result, so the flow could not reach its verdict. */
  readonly completed: boolean;
  readonly reason?: string;
  readonly deviations: readonly Deviation[];
  readonly durationMs: number;
}

export interface FlowRunContext extends EvidenceContext {
  readonly client: Client;
  /** The operations of 4.1 the run's map places, for flows over them. */
  readonly mapped?: readonly Operation[];
  /** Aborted when the run is cancelled: no step goes out after it, and a step in flight is cut. */
  readonly cancelled?: AbortSignal;
  /**
   * The run's checks and what they read: those that name `flow` among their intents judge each step
   * too, where the records a flow has just created show (an order's time in the list that shows
   * it). Absent: only the flow judges its steps.
   */
  readonly checks?: { readonly selected: readonly Check[]; readonly context: CheckContext };
}

/** The findings of the checks that judge flow steps on one step, as deviations of the step's operation. */
function judgedStep(exchange: Exchange, checks: readonly ExchangeCheck[], checkContext: CheckContext, context: FlowRunContext): Deviation[] {
  const met = preconditionsMet(exchange);
  const applying = checks.filter((check) => met[check.needs] && (!check.appliesTo || check.appliesTo(exchange.operation)));
  if (applying.length === 0) return [];
  const kept = outline(exchange);
  return applying.flatMap((check) =>
    check.run(exchange, checkContext).map((finding) => extend(toDeviation(check, finding, kept, context), { occurrences: finding.occurrences ?? 1 })),
  );
}

/** Runs one flow with the documented header and turns its findings into deviations. */
export async function runFlow(flow: Flow, context: FlowRunContext): Promise<FlowResult> {
  const started = performance.now();
  let exchanges = 0;
  const stepChecks = (context.checks?.selected ?? []).filter((check): check is ExchangeCheck => check.scope === 'exchange' && check.intents.includes('flow'));
  const judged: Deviation[] = [];
  const call = async (operationId: string, payload: Record<string, unknown>): Promise<Exchange> => {
    const operation = findOperation(operationId) ?? context.mapped?.find((op) => op.id === operationId);
    if (!operation) throw new Error(`Flow ${flow.id} calls unknown operation ${operationId}.`);
    exchanges++;
    const body = JSON.stringify(payload);
    const place = { of: flow.id, call: `step:${exchanges}` };
    const request = { method: operation.method, wirePath: wirePath(operation), body, place };
    const transcript = await context.client.send(context.cancelled ? extend(request, { abandon: context.cancelled }) : request);
    const exchange = extend(transcript, { operation, intent: 'flow' as const, payload, path: `flow:${flow.id}` });
    if (context.checks && stepChecks.length > 0) judged.push(...judgedStep(exchange, stepChecks, context.checks.context, context));
    return exchange;
  };
  const outcome = await flow.run({ call, seed: operationSeed(context.seed, flow.id) });
  const deviations = outcome.findings.map(({ exchange, steps, ...finding }) =>
    withSteps(
      toDeviation(flow, finding, exchange, context),
      (steps ?? []).map((step, index) => ({ path: `${step.path}:${index + 1}`, request: step.request, answer: step.answer })),
      context,
    ),
  );
  return {
    flowId: flow.id,
    group: flow.group,
    title: flow.title,
    operations: flow.operations.map((id) => (findOperation(id) ?? context.mapped?.find((op) => op.id === id))?.path ?? id),
    exchanges,
    completed: outcome.completed,
    ...(outcome.completed ? {} : { reason: outcome.reason }),
    deviations: foldDeviations([...deviations, ...judged]),
    durationMs: Math.round(performance.now() - started),
  };
}
