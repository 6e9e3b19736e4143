import type { SentRequest, Transcript } from '../../client/exchange.js';
import type { EvidenceContext } from '../judging/evidence.js';
import { curlRepro, shellWord } from '../judging/repro.js';

/**
 * The slowest calls a run lists. Each operation keeps as many of its own, so the run's are among
 * them even when one operation made them all.
 */
export const SLOWEST_KEPT = 10;

/** One slow call: how long its answer took and how to send it again. */
export interface SlowRequest {
  /** The documented path of the operation. */
  readonly operation: string;
  readonly operationId: string;
  /** The call's place in the operation's plan, as deviations name it (`conforming:3`, `coverage:17`, `page:40:2`). */
  readonly path: string;
  /** From sending to the last byte of the answer (or to the failure). */
  readonly durationMs: number;
  /** `HTTP 200`, or the failure: `timeout`, `connection-reset`… */
  readonly outcome: string;
  /** A curl line; for a generated call whose body is longer than REPRO_BODY_CHARS, the run's --replay of it. */
  readonly repro: string;
}

/**
 * The longest body a slow call's curl line holds. A longer one (the coverage pass sends 128 KiB
 * strings and bodies padded to 2 MiB, often the slowest calls of all) would make a line no one
 * pastes, and keep the whole body until the run ends: the kit's own --replay, which makes the call
 * again from the seed and its path, re-sends it instead.
 */
export const REPRO_BODY_CHARS = 4096;

/** The calls --replay makes again from the seed and their path alone. */
const replayedByPath = (path: string): boolean => /^(?:conforming|hostile|coverage):/.test(path);

/** How long the answers of one operation took, in ms: slow answers are information, not deviations. */
export interface LatencyFigures {
  /** Calls timed: every call that went out, timeouts and failures included. */
  readonly requests: number;
  readonly meanMs: number;
  /** Nearest-rank percentiles of the answer times. */
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

/** The figures, and the operation's slowest calls, slowest first, from which the run's are drawn. */
export interface OperationLatency extends LatencyFigures {
  readonly slowest: readonly SlowRequest[];
}

interface TimedCall {
  readonly path: string;
  /** The request as sent; undefined where --replay re-sends it, its body too long for a curl line. */
  readonly request: SentRequest | undefined;
  readonly durationMs: number;
  readonly outcome: string;
}

/** Slowest first; equal times by the call's path, so which calls are kept does not depend on the order answers arrived in. */
const slowerFirst = (a: Pick<TimedCall, 'path' | 'durationMs'>, b: Pick<TimedCall, 'path' | 'durationMs'>) =>
  b.durationMs - a.durationMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/** The value below which `share` of the sorted values lie, by nearest rank. */
function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/**
 * The answer times of one operation's calls as they come: every duration (a number each), and the
 * few slowest calls in outline (the request, not the answer, so a huge body is not kept for this).
 */
export class LatencyLog {
  private readonly durations: number[] = [];
  private readonly slowest: TimedCall[] = [];

  record(path: string, transcript: Transcript): void {
    const { durationMs, request } = transcript;
    this.durations.push(durationMs);
    const last = this.slowest[SLOWEST_KEPT - 1];
    if (last && slowerFirst({ path, durationMs }, last) > 0) return;
    const outcome = transcript.failure ? transcript.failure.kind : `HTTP ${transcript.response?.status ?? '?'}`;
    const replayed = (request.body?.length ?? 0) > REPRO_BODY_CHARS && replayedByPath(path);
    this.slowest.push({ path, request: replayed ? undefined : request, durationMs, outcome });
    this.slowest.sort(slowerFirst);
    this.slowest.length = Math.min(this.slowest.length, SLOWEST_KEPT);
  }

  /** The operation's answer times; the repro lines redacted like every other piece of evidence. */
  summary(operation: { readonly id: string; readonly path: string }, context: EvidenceContext): OperationLatency {
    const sorted = [...this.durations].sort((a, b) => a - b);
    const { redactor } = context;
    return {
      requests: sorted.length,
      meanMs: tenths(sorted.length === 0 ? 0 : sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length),
      p50Ms: tenths(percentile(sorted, 0.5)),
      p95Ms: tenths(percentile(sorted, 0.95)),
      maxMs: tenths(sorted.at(-1) ?? 0),
      slowest: this.slowest.map((call) => ({
        operation: operation.path,
        operationId: operation.id,
        path: call.path,
        durationMs: tenths(call.durationMs),
        outcome: call.outcome,
        repro: call.request
          ? redactor.text(curlRepro(call.request, context.token))
          : `otp-conformance run --seed ${context.seed} --replay ${shellWord(`${operation.id}:${call.path}`)}`,
      })),
    };
  }
}
