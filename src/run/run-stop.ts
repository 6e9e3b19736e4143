import type { HeapShortage } from '../engine/schedule/heap-watch.js';
import type { StopSignal } from '../report/status.js';
import type { HeapLimitBy } from './suite-heap.js';

/**
 * Why a run is stopped before it is done: a signal, its own clock (--max-time), the failures it
 * found (--max-failures), or the suite worker's heap run short, with whose limit it was.
 */
export type StopCause =
  | { readonly kind: 'interrupted'; readonly signal: StopSignal }
  | { readonly kind: 'out-of-time' }
  | { readonly kind: 'max-failures'; readonly after: number }
  | { readonly kind: 'out-of-memory'; readonly shortage: HeapShortage; readonly limitBy: HeapLimitBy };

/** Delivers SIGINT and SIGTERM to a handler; returns how to stop listening. */
export type SignalSource = (handler: (signal: StopSignal) => void) => () => void;

/** Thrown into the work a stop cuts short; the runner reads the cause from the RunStop. */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
}

const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM'];

/**
 * The kit's own clock and its ears for SIGINT and SIGTERM: the first of them (or a stop the runner
 * calls, as --max-failures does) stops the run once, and every stage waiting on something races
 * it, so a stop is heard at once however long the server takes.
 */
export class RunStop {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;
  private readonly onStop: Array<(cause: StopCause) => void> = [];
  private stopCause: StopCause | undefined;

  constructor(maxTimeMs: number | undefined, signals: SignalSource | undefined) {
    this.timer = maxTimeMs === undefined ? undefined : setTimeout(() => this.stop({ kind: 'out-of-time' }), maxTimeMs);
    this.unsubscribe = signals ? signals((signal) => this.stop({ kind: 'interrupted', signal })) : () => {};
  }

  get cause(): StopCause | undefined {
    return this.stopCause;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  stop(cause: StopCause): void {
    if (this.stopCause) return;
    this.stopCause = cause;
    this.controller.abort();
    for (const listener of this.onStop) listener(cause);
  }

  /** Calls the listener when the run is stopped (at once if it already is). */
  whenStopped(listener: (cause: StopCause) => void): void {
    if (this.stopCause) listener(this.stopCause);
    else this.onStop.push(listener);
  }

  /** The work's result, or RunStopped as soon as the run is stopped. */
  race<T>(work: Promise<T>): Promise<T> {
    if (this.stopCause) return Promise.reject(new RunStopped());
    return new Promise<T>((resolve, reject) => {
      const abort = () => reject(new RunStopped());
      this.controller.signal.addEventListener('abort', abort, { once: true });
      work.then(resolve, reject).finally(() => this.controller.signal.removeEventListener('abort', abort));
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unsubscribe();
  }
}

/**
 * SIGINT and SIGTERM of the process. While the run lasts, handlers others add for them (vitest's
 * logger adds one that exits the process a millisecond later) are taken off again at once: the run
 * must live to write its report. Once the run is over, a second signal ends the process as usual.
 */
export const processSignals: SignalSource = (handler) => {
  const ours = new Map(STOP_SIGNALS.map((signal) => [signal, () => handler(signal)]));
  const removeOthers = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (!STOP_SIGNALS.includes(event as StopSignal) || ours.get(event as StopSignal) === listener) return;
    queueMicrotask(() => process.off(event as StopSignal, listener));
  };
  for (const [signal, listener] of ours) process.once(signal, listener);
  process.on('newListener', removeOthers);
  return () => {
    process.off('newListener', removeOthers);
    for (const [signal, listener] of ours) process.off(signal, listener);
  };
};
