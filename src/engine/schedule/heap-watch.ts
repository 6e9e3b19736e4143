import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const MIB = 1024 * 1024;
/**
 * The most a JSON text can cost the heap per byte once parsed, its text included: a list of empty
 * objects costs some 21 bytes a byte in Node 20, a list of empty lists some 15, most bodies 3 to 7.
 */
export const PARSE_HEAP_PER_BYTE = 24;
/** The share of the heap kept free for the run's ending: the work cut short settles, the tests report, vitest closes. */
const RESERVE = 0.1;
/** How often the heap is looked at between parses: what grows without a large parse (records kept, findings) is seen too. */
const EVERY_MS = 250;

/** A thread's heap: bytes in use, and its limit. */
export interface HeapNow {
  readonly used: number;
  readonly limit: number;
}

/** What the heap held when it ran short, in MB; `parsingMb`, the body whose parse found no room. */
export interface HeapShortage {
  readonly usedMb: number;
  readonly limitMb: number;
  readonly parsingMb?: number;
}

const megabytes = (bytes: number) => Math.round(bytes / MIB);

/** What the heap held when it ran short, in words. */
export function shortageText(shortage: HeapShortage): string {
  const parsing = shortage.parsingMb === undefined ? '' : `, no room to parse an answer of ${shortage.parsingMb} MB`;
  return `${shortage.usedMb} MB of a ${shortage.limitMb} MB heap in use${parsing}`;
}

/** Whether `needed` more bytes leave the reserve free. */
const fits = (heap: HeapNow, needed: number): boolean => heap.used + needed <= heap.limit * (1 - RESERVE);

function heapNow(): HeapNow {
  const { used_heap_size: used, heap_size_limit: limit } = getHeapStatistics();
  return { used, limit };
}

let exposedCollection: (() => void) | undefined;

/**
 * A full collection, by V8's `gc`. Where the process was not started with --expose-gc, the flag is
 * set only while a context of the watch's own is made, so nothing else in the process sees `gc`.
 */
function fullCollection(): void {
  if (!exposedCollection) {
    const global = globalThis.gc;
    if (global) exposedCollection = () => global();
    else {
      setFlagsFromString('--expose-gc');
      const made: unknown = runInNewContext('gc');
      setFlagsFromString('--no-expose-gc');
      exposedCollection = typeof made === 'function' ? () => made() : () => {};
    }
  }
  exposedCollection();
}

/**
 * The heap of the thread a run's schedule works in, watched: V8 ends the whole process when a
 * thread's heap is full, worker or not (a JSON.parse runs to its end, past Node's notice to a
 * worker), and a process ended so writes no report. So the watch refuses a parse that would not
 * fit and looks at the heap a few times a second; once the heap is short it says so, once, and the
 * run stops as for a signal, with a report of what had finished.
 */
export class HeapWatch {
  private found: HeapShortage | undefined;
  private readonly listeners: Array<(shortage: HeapShortage) => void> = [];

  constructor(
    private readonly heap: () => HeapNow = heapNow,
    private readonly collect: () => void = fullCollection,
  ) {}

  /** What the heap held when it ran short; undefined while it has room. */
  get shortage(): HeapShortage | undefined {
    return this.found;
  }

  /** Calls the listener once the heap is short (at once if it is). */
  whenShort(listener: (shortage: HeapShortage) => void): void {
    if (this.found) listener(this.found);
    else this.listeners.push(listener);
  }

  /** Whether a body of `bytes` may be parsed: its parse at its most costly fits beside what the heap holds. */
  roomToParse(bytes: number): boolean {
    return this.roomFor(bytes * PARSE_HEAP_PER_BYTE, bytes);
  }

  /** Looks at the heap every EVERY_MS until the returned function is called. */
  watch(): () => void {
    const timer = setInterval(() => this.roomFor(0), EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  private roomFor(needed: number, parsing?: number): boolean {
    if (this.found) return false;
    if (fits(this.heap(), needed)) return true;
    // What is in use holds garbage as well: only what a full collection leaves counts.
    this.collect();
    const after = this.heap();
    if (fits(after, needed)) return true;
    const parsingMb = parsing === undefined ? {} : { parsingMb: Math.round((parsing * 10) / MIB) / 10 };
    this.found = { usedMb: megabytes(after.used), limitMb: megabytes(after.limit), ...parsingMb };
    for (const listener of this.listeners) listener(this.found);
    return false;
  }
}
