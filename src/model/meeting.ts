/**
 * How long the calls raced together wait for each other, from the first that arrives: a pool with
 * fewer connections than calls (--concurrency 1) sends the others only once one is answered, and
 * the one waiting then goes on alone.
 */
export const MEETING_PATIENCE_MS = 1000;

/**
 * How long the calls wait once all have arrived, before the rest of their bodies: the parts written
 * reach the server and are read (a server in the same process reads only once the kit yields), so
 * the server holds every call, each body still open, before any is whole.
 */
export const MEETING_PAUSE_MS = 20;

/**
 * A meeting of `count` calls sent at once: each arrives once the first part of its body is written
 * (CallTiming.midBody) and goes on, with the rest of its body, once every one has arrived and the
 * pause has passed, or once the patience has passed. Without it, each body goes in one packet with
 * its headers, and a server reads one request whole before the next begins: no overlap at all.
 */
export function meeting(count: number, patienceMs: number = MEETING_PATIENCE_MS, pauseMs: number = MEETING_PAUSE_MS): () => Promise<void> {
  let arrived = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let release: () => void = () => undefined;
  const everyone = new Promise<void>((resolve) => {
    release = resolve;
  });
  const releaseAfter = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(release, ms);
  };
  return () => {
    arrived += 1;
    if (arrived === count) releaseAfter(pauseMs);
    else if (arrived === 1) releaseAfter(patienceMs);
    return everyone;
  };
}
