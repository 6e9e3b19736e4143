import { findOperation, type Operation, wirePath } from '../../catalogue/operations.js';
import { isPlainObject } from '../../checks/preconditions.js';
import type { Check, CheckContext, Exchange } from '../../checks/types.js';
import type { Client } from '../../client/client.js';
import type { CallForm, CallTiming, Flow, FlowLeftRecord, WalkedList } from '../../flows/flow.js';
import { extend } from '../../objects.js';
import { type Deviation, foldDeviations } from '../judging/deviation.js';
import { causeDeviation } from '../judging/cause-evidence.js';
import { type EvidenceContext, toDeviation, withSteps } from '../judging/evidence.js';
import { Judge } from '../judging/judge.js';
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
  /** The records it made and left on the server (no delete documented); absent where it names none. */
  readonly leftOnServer?: readonly FlowLeftRecord[];
}

export interface FlowRunContext extends EvidenceContext, CheckContext {
  readonly client: Client;
  /** The run's checks: the exchange checks that name the intent `flow` judge each step's answer too. */
  readonly checks: readonly Check[];
  /** The operations of 4.1 the run's map places, for flows over them. */
  readonly mapped?: readonly Operation[];
  /** Aborted when the run is cancelled: no step goes out after it, and a step in flight is cut. */
  readonly cancelled?: AbortSignal;
  /** The lists the run's page walks read whole, by list operation. */
  readonly walked?: (listOperation: string) => Promise<WalkedList | undefined>;
}

/** The place of a flow's calls (`Deviation.path` of what they show): the flow's id. */
export const flowPath = (flowId: string): string => `flow:${flowId}`;

/** Runs one flow with the documented header and turns its findings into deviations. */
export async function runFlow(flow: Flow, context: FlowRunContext): Promise<FlowResult> {
  const started = performance.now();
  let exchanges = 0;
  // A step's answer is an answer like any other: one that no client can read is reported as it would
  // be anywhere, and what shows only once the flow has created records (an order's time in the list
  // that shows it) is reported too. One Judge per operation, as a Judge judges the calls of one.
  const stepChecks = context.checks.filter((check) => check.scope === 'exchange' && check.intents.includes('flow'));
  const judges = new Map<string, Judge>();
  const judgeOf = (operation: Operation): Judge => {
    const judge = judges.get(operation.id) ?? new Judge(stepChecks, context);
    judges.set(operation.id, judge);
    return judge;
  };
  const call = async (operationId: string, payload: Record<string, unknown>, form: CallForm = 'documented', timing: CallTiming = {}): Promise<Exchange> => {
    const operation = findOperation(operationId) ?? context.mapped?.find((op) => op.id === operationId);
    if (!operation) throw new Error(`Flow ${flow.id} calls unknown operation ${operationId}.`);
    exchanges++;
    const sent = form === 'batch-without-token' ? [payload] : payload;
    const body = JSON.stringify(sent);
    const place = { of: flow.id, call: `step:${exchanges}` };
    const request = {
      method: operation.method,
      wirePath: wirePath(operation),
      body,
      place,
      ...(form === 'documented' ? {} : { headers: { authorization: undefined } }),
      ...(timing.midBody ? { midBody: timing.midBody } : {}),
    };
    const transcript = await context.client.send(context.cancelled ? extend(request, { abandon: context.cancelled }) : request);
    const exchange = extend(transcript, { operation, intent: 'flow' as const, payload: sent, path: flowPath(flow.id) });
    judgeOf(operation).add(exchange, exchanges);
    return exchange;
  };
  const mappedBody = (operationId: string) => {
    const body = context.mapped?.find((op) => op.id === operationId)?.body;
    return isPlainObject(body) ? body : undefined;
  };
  const secret = (value: string) => context.redactor.add(value);
  const outcome = await flow.run({
    call,
    seed: operationSeed(context.seed, flow.id),
    mappedBody,
    secret,
    ...(context.walked ? { walked: context.walked } : {}),
  });
  const answersJudged = [...judges.values()].flatMap((judge) =>
    judge.finish().causes.map((cause) => causeDeviation(cause, cause.samples[0], undefined, context)),
  );
  const deviations = outcome.findings.map(({ exchange, steps, by, ...finding }) =>
    withSteps(
      toDeviation(by ?? flow, finding, exchange, context),
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
    deviations: foldDeviations([...deviations, ...answersJudged]),
    durationMs: Math.round(performance.now() - started),
    ...(outcome.left && outcome.left.length > 0 ? { leftOnServer: outcome.left } : {}),
  };
}
