import { setFlagsFromString } from 'node:v8';
import { LARGE_BODIES_AT_ONCE, LARGE_BODY_BYTES } from '../client/client.js';
import type { RunSettings } from '../engine/schedule/settings.js';

const MIB = 1024 * 1024;

/** Whose the suite worker's heap limit is: the user's (--max-old-space-size given to Node), or the kit's, sized from the options. */
export type HeapLimitBy = 'user' | 'kit';
/**
 * What one answer in flight can cost a suite worker's heap per byte of body: its text, and its
 * parse, which grows most for tiny values (a 5 MiB list of `{}` parses to some 70 MB).
 */
const HEAP_PER_BODY_BYTE = 16;
/** The kit in one worker: vitest, the modules, the compiled validator. */
const WORKER_BASE_MB = 256;
const MIN_LIMIT_MB = 512;
/**
 * The worker's young generation. A run allocates much that dies at once (payloads, answers, their
 * parse); V8 lets each semi-space grow to 16 MB before it collects, which cost a default run some
 * 20 MB of peak RSS per thread. At 2 MB a default run peaks some 10 MB lower than at 4 MB and takes
 * no longer (at 1 MB the young collections doubled the time spent collecting). npm start gives the
 * main thread the same flag on its command line: V8 reads it when a thread's heap is created.
 */
const YOUNG_SEMI_SPACE_MB = 2;

/**
 * A heap limit no run of these settings can reach: the base, plus what the answers in flight can
 * hold once parsed. Bodies over LARGE_BODY_BYTES are parsed LARGE_BODIES_AT_ONCE at a time (the
 * client waits its turn for the rest); every other slot holds at most a body of that size.
 */
export function suiteHeapLimitMb(settings: Pick<RunSettings, 'concurrency' | 'maxBodyBytes'>): number {
  const large = Math.min(settings.concurrency, LARGE_BODIES_AT_ONCE) * settings.maxBodyBytes;
  const others = Math.max(0, settings.concurrency - LARGE_BODIES_AT_ONCE) * Math.min(settings.maxBodyBytes, LARGE_BODY_BYTES);
  return Math.max(MIN_LIMIT_MB, WORKER_BASE_MB + Math.ceil(((large + others) * HEAP_PER_BODY_BYTE) / MIB));
}

/**
 * Sizes the heaps of the suite workers started after this call. V8 lets a heap grow in proportion
 * to its limit before it collects (some 4 GB by default): against answers of 5 MiB, each worker
 * held well over 100 MB of answers already judged, and the run peaked near 500 MB. A limit sized
 * from what the answers in flight can hold (512 MB by default) lets it collect sooner and is never
 * reached by them. V8 reads the flags when a worker's heap is created; a limit the user set with
 * --max-old-space-size or --max-semi-space-size is kept. Returns whose the heap limit is.
 */
export function limitSuiteHeaps(settings: Pick<RunSettings, 'concurrency' | 'maxBodyBytes'>): HeapLimitBy {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const userSet = (flag: string) => given.some((arg) => arg.startsWith(flag));
  if (!userSet('--max-semi-space-size')) setFlagsFromString(`--max-semi-space-size=${YOUNG_SEMI_SPACE_MB}`);
  if (userSet('--max-old-space-size')) return 'user';
  setFlagsFromString(`--max-old-space-size=${suiteHeapLimitMb(settings)}`);
  return 'kit';
}
