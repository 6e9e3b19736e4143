import { setTimeout as sleep } from 'node:timers/promises';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<unknown>;
}

const realClock: Clock = { now: () => performance.now(), sleep: (ms) => sleep(ms) };

/** Spaces request starts so that at most `perSecond` begin in any second; undefined when there is no rate to keep. */
export function createPacer(perSecond: number | undefined, clock: Clock = realClock): (() => Promise<void>) | undefined {
  if (perSecond === undefined) return undefined;
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = clock.now();
    const start = Math.max(now, next);
    next = start + interval;
    if (start > now) await clock.sleep(start - now);
  };
}

/** How long a 429 asks to wait: Retry-After in seconds or as an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: number = Date.now()): number {
  if (header === undefined) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}
