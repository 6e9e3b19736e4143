/** What a deadline cuts when it expires: the request it bounds. */
export interface Cuttable {
  cut(reason: Error): void;
}

/** The reason a request is cut with when its deadline expires; `classifyFailure` reads its name as a timeout. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(limitMs: number) {
    super(`no complete response within ${limitMs} ms`);
  }
}

/**
 * One request's deadline: `limitMs` from `start` to `clear`, less the waits it is paused for (the
 * kit's own, such as a large body's wait for its turn, which are not the server's time). It owns
 * the request's one timer, armed only while the deadline runs, and cuts the request when it expires.
 */
export class Deadline {
  /** Set by `start`: before it there is no request to cut and no timer. */
  private request: Cuttable | undefined;
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  /** The pauses that have ended, in ms. */
  private pausedMs = 0;
  /** When the pause under way began; undefined while the deadline runs. */
  private pausedSince: number | undefined;
  /** When `clear` stopped the clock for good; a pause that ends after it arms nothing. */
  private clearedAt: number | undefined;

  constructor(private readonly limitMs: number) {}

  /** Starts the clock; on expiry `request` is cut with a TimeoutError. */
  start(request: Cuttable): void {
    this.request = request;
    this.startedAt = performance.now();
    // The deadline rides on the timer as its argument: no closure per request.
    this.timer = setTimeout(Deadline.expire, this.limitMs, this);
  }

  /**
   * Stops the clock until `wait` settles, then runs it on with the time left. The promise returned
   * settles after that, so what follows the wait is inside the deadline again.
   */
  pauseFor(wait: Promise<void>): Promise<void> {
    clearTimeout(this.timer);
    this.pausedSince = performance.now();
    return wait.then(() => this.resume());
  }

  /** The request is over: the clock stops, no timer is left, and none is armed again. */
  clear(): void {
    if (this.clearedAt !== undefined) return;
    this.clearedAt = performance.now();
    clearTimeout(this.timer);
  }

  /** Time on the clock from `start` to now, or to `clear`: less every pause, the one under way included. */
  elapsedMs(): number {
    const now = this.clearedAt ?? performance.now();
    return now - this.startedAt - this.pausedMs - (this.pausedSince === undefined ? 0 : now - this.pausedSince);
  }

  private resume(): void {
    // Cleared during the pause: the clock stopped with the pause under way, and stays so.
    if (this.pausedSince === undefined || this.clearedAt !== undefined) return;
    this.pausedMs += performance.now() - this.pausedSince;
    this.pausedSince = undefined;
    this.timer = setTimeout(Deadline.expire, Math.max(0, this.limitMs - this.elapsedMs()), this);
  }

  private static expire(deadline: Deadline): void {
    deadline.request?.cut(new TimeoutError(deadline.limitMs));
  }
}
