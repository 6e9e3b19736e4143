/**
 * Latency the reference server adds to its answers, so that it can stand in for a distant,
 * uneven server (a sandbox tens of milliseconds away whose answers vary) in sandboxes and benchmarks.
 */
export interface Latency {
  /** Added before every answer, in ms: a fixed delay, or a spread each answer takes its own delay from. */
  readonly addedMs?: number | { readonly min: number; readonly max: number };
  /** One answer in `every` (the Nth, the 2Nth…) waits `ms` instead: a cold cache, a GC pause, a slow query. */
  readonly slow?: { readonly every: number; readonly ms: number };
}

/** The fractional part of the golden ratio: its multiples spread evenly over [0, 1) in any prefix. */
const GOLDEN_FRACTION = 0.6180339887498949;

/**
 * The delay of each answer in turn. The sequence is the same on every start, so a benchmark can be
 * repeated: a spread takes its values evenly (the Nth answer gets min + frac(N × φ) × (max − min)),
 * not at random, and its mean is the middle of the spread.
 */
export function latencySchedule(latency: Latency): () => number {
  const added = latency.addedMs;
  let answers = 0;
  return () => {
    answers++;
    if (latency.slow && answers % latency.slow.every === 0) return latency.slow.ms;
    if (added === undefined) return 0;
    if (typeof added === 'number') return added;
    return Math.round(added.min + ((answers * GOLDEN_FRACTION) % 1) * (added.max - added.min));
  };
}

/** What is wrong with these settings, in words for the option that set them; undefined when nothing is. */
export function latencyProblem(latency: Latency): string | undefined {
  const delay = (ms: number) => Number.isInteger(ms) && ms >= 0;
  const added = latency.addedMs;
  if (typeof added === 'number' && !delay(added)) return 'the added latency must be a whole number of milliseconds, 0 or more';
  if (typeof added === 'object' && !(delay(added.min) && delay(added.max) && added.min <= added.max)) {
    return 'a latency spread must be MIN-MAX in whole milliseconds, MIN no larger than MAX';
  }
  if (latency.slow && !(Number.isInteger(latency.slow.every) && latency.slow.every >= 1)) return 'one answer in N is slow: N must be a whole number, 1 or more';
  if (latency.slow && !delay(latency.slow.ms)) return 'a slow answer takes a whole number of milliseconds, 0 or more';
  return undefined;
}

/** `50` (every answer 50 ms late) or `0-60` (each answer 0 to 60 ms late), as `serve --latency` takes it; undefined when neither. */
export function parseAddedLatency(text: string): Latency['addedMs'] | undefined {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  return match[2] === undefined ? Number(match[1]) : { min: Number(match[1]), max: Number(match[2]) };
}

/** The mean delay of a long run of answers under these settings, in ms: what a benchmark's pool bound assumes. */
export function meanLatencyMs(latency: Latency): number {
  const added = latency.addedMs;
  const usual = added === undefined ? 0 : typeof added === 'number' ? added : (added.min + added.max) / 2;
  if (!latency.slow) return usual;
  return (usual * (latency.slow.every - 1) + latency.slow.ms) / latency.slow.every;
}
