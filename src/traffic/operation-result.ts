import type { Operation } from '../catalogue/operations.js';
import { hasDataSchema } from '../checks/data/data-issues.js';
import { dataSchema } from '../checks/data/data-schema.js';
import { answerOutline } from '../checks/kept-exchange.js';
import type { CallRecord } from '../checks/types.js';
import type { SentRequest } from '../client/exchange.js';
import { causeDeviation } from '../engine/judging/cause-evidence.js';
import type { Deviation } from '../engine/judging/deviation.js';
import { type EvidenceContext, withSteps } from '../engine/judging/evidence.js';
import type { CauseTally, Judge } from '../engine/judging/judge.js';
import type { LatencyLog } from '../engine/operation/latency.js';
import { describeProbe, type Observation } from '../engine/operation/observation.js';
import type { OperationResult } from '../engine/operation/run-operation.js';
import { whyUnverified } from '../engine/operation/verification.js';
import type { Redactor } from '../redaction/redactor.js';
import { headerOf } from './observed.js';

/** What the traffic holds of one operation: its Judge, its answer times, and the requests its steps may show. */
export interface OperationTraffic {
  readonly operation: Operation;
  readonly judge: Judge;
  readonly latency: LatencyLog;
  /** The requests of a list's calls by rank, the first few thousand: the steps a finding over several answers shows. */
  readonly requests: Map<number, SentRequest>;
  exchanges: number;
  firstStarted: number;
  lastEnded: number;
  /** Valid calls answered, and of those the ones whose body was known only in part. */
  conformingAnswers: number;
  conformingCut: number;
}

/** Observations kept per operation: a client that logs in a thousand times without a token says the same thing each time. */
const OBSERVATIONS_KEPT = 20;

/** The token in an authorization header, as curl repro lines read it from $OTP_TOKEN: what follows the word bearer, or the whole value. */
function tokenIn(headers: Readonly<Record<string, string>>): string {
  return (headerOf(headers, 'authorization') ?? '').replace(/^bearer\s*/i, '');
}

/** A call of traffic cannot be made again from a seed: its deviation has the curl line, not --replay. */
function withoutReplay(deviation: Deviation): Deviation {
  const { replay: _replay, samples, ...rest } = deviation;
  return { ...rest, ...(samples ? { samples: samples.map(({ replay: _sampleReplay, ...sample }) => sample) } : {}) };
}

/** The deviation of one cause: the client's own request as evidence, and the calls of a finding over several answers as its steps. */
function deviationOf(cause: CauseTally, traffic: OperationTraffic, redactor: Redactor): Deviation {
  const head = cause.samples[0];
  const context: EvidenceContext = { seed: 0, token: tokenIn(head.exchange.request.headers), redactor };
  const steps = (head.finding.calls ?? []).flatMap((call) => {
    const request = traffic.requests.get(call.rank);
    return request ? [{ path: call.path, request, answer: answerOutline(call) }] : [];
  });
  return withSteps(withoutReplay(causeDeviation(cause, head, undefined, context)), steps, context);
}

/** What the server did where the spec leaves the answer open, each kind once. */
function observationsOf(calls: readonly CallRecord[]): Observation[] {
  const seen = new Map<string, Observation>();
  for (const call of calls) {
    if (call.intent !== 'auth-probe' || seen.size >= OBSERVATIONS_KEPT) continue;
    const observation = describeProbe(call);
    seen.set(JSON.stringify(observation), observation);
  }
  return [...seen.values()];
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Why nothing the traffic holds of an operation verifies it, in the words of traffic; undefined when something does. */
function whyUnverifiedInTraffic(calls: readonly CallRecord[], dataChecked: boolean | undefined, traffic: OperationTraffic): string | undefined {
  const why = whyUnverified(calls, dataChecked);
  if (why === undefined) return undefined;
  if (!calls.some((call) => call.intent === 'conforming')) {
    const hostile = calls.filter((call) => call.intent === 'hostile').length;
    const probes = calls.length - hostile;
    const kinds = [
      ...(hostile > 0 ? [`${hostile} with a body the spec does not document`] : []),
      ...(probes > 0 ? [`${probes} without the documented header`] : []),
    ];
    return `the traffic holds no valid call of it (${plural(calls.length, 'call')}: ${kinds.join(', ')})`;
  }
  if (traffic.conformingAnswers > 0 && traffic.conformingCut === traffic.conformingAnswers) {
    return `the answers to its ${plural(traffic.conformingAnswers, 'valid call')} are known only in part (cut by the recording, or past the body cap): their data could not be checked`;
  }
  return why;
}

/** An operation of the traffic as a run reports one: its checks' tallies, its deviations, what could not be verified and its answer times. */
export function operationResult(traffic: OperationTraffic, redactor: Redactor): OperationResult {
  const { operation } = traffic;
  const verdicts = traffic.judge.finish();
  const dataChecked = hasDataSchema(operation) ? (verdicts.byCheck[dataSchema.id]?.evaluated ?? 0) > 0 : undefined;
  const unverified = whyUnverifiedInTraffic(verdicts.calls, dataChecked, traffic);
  return {
    operationId: operation.id,
    operation: operation.path,
    group: operation.group,
    exchanges: traffic.exchanges,
    evaluations: verdicts.evaluations,
    passed: verdicts.passed,
    skipped: verdicts.skipped,
    byCheck: verdicts.byCheck,
    deviations: verdicts.causes.map((cause) => deviationOf(cause, traffic, redactor)),
    observations: observationsOf(verdicts.calls),
    durationMs: Math.round(Math.max(0, traffic.lastEnded - traffic.firstStarted)),
    ...(unverified === undefined ? {} : { unverified }),
    ...(dataChecked === undefined ? {} : { dataChecked }),
    latency: traffic.latency.summary(operation, { seed: 0, token: '', redactor }),
  };
}
