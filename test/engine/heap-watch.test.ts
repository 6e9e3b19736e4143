import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client/client.js';
import { type HeapNow, type HeapShortage, HeapWatch, PARSE_HEAP_PER_BYTE, shortageText } from '../../src/engine/schedule/heap-watch.js';

const MIB = 1024 * 1024;

/** A heap that reads `before` until a full collection, `after` once one ran. */
function heapOf(before: HeapNow, after: HeapNow = before) {
  let collections = 0;
  return {
    heap: () => (collections === 0 ? before : after),
    collect: () => void collections++,
    collections: () => collections,
  };
}

describe('the heap watch of a suite worker', () => {
  it('lets a parse that fits beside what the heap holds go on, without a collection', () => {
    const fake = heapOf({ used: 40 * MIB, limit: 512 * MIB });
    const watch = new HeapWatch(fake.heap, fake.collect);
    expect(watch.roomToParse(5 * MIB)).toBe(true);
    expect(fake.collections()).toBe(0);
    expect(watch.shortage).toBeUndefined();
  });

  it('counts only what a full collection leaves: garbage in use does not stop the run', () => {
    const fake = heapOf({ used: 470 * MIB, limit: 512 * MIB }, { used: 60 * MIB, limit: 512 * MIB });
    const watch = new HeapWatch(fake.heap, fake.collect);
    expect(watch.roomToParse(5 * MIB)).toBe(true);
    expect(fake.collections()).toBe(1);
    expect(watch.shortage).toBeUndefined();
  });

  it('refuses a parse that would not fit at its most costly, says what the heap held once, and refuses every parse after', () => {
    const fake = heapOf({ used: 20 * MIB, limit: 108 * MIB });
    const watch = new HeapWatch(fake.heap, fake.collect);
    const heard = vi.fn<(shortage: HeapShortage) => void>();
    watch.whenShort(heard);
    // A 4 MiB answer at its most costly, beside 20 MB, leaves less than a tenth of 108 MB free.
    expect(20 + 4 * PARSE_HEAP_PER_BYTE).toBeGreaterThan(108 * 0.9);
    expect(watch.roomToParse(4 * MIB)).toBe(false);
    expect(watch.shortage).toEqual({ usedMb: 20, limitMb: 108, parsingMb: 4 });
    expect(shortageText({ usedMb: 20, limitMb: 108, parsingMb: 4 })).toBe('20 MB of a 108 MB heap in use, no room to parse an answer of 4 MB');
    expect(watch.roomToParse(10)).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    const late = vi.fn<(shortage: HeapShortage) => void>();
    watch.whenShort(late);
    expect(late).toHaveBeenCalledWith(watch.shortage);
  });

  it("collects with V8's own gc, which the rest of the process does not see", () => {
    const exposed = typeof globalThis.gc;
    const full = new HeapWatch(() => ({ used: 100 * MIB, limit: 100 * MIB }));
    expect(full.roomToParse(1)).toBe(false);
    expect(typeof globalThis.gc).toBe(exposed);
  });

  it('looks at the heap while the run lasts: a heap full between parses is short too', () => {
    vi.useFakeTimers();
    try {
      const fake = heapOf({ used: 500 * MIB, limit: 512 * MIB });
      const watch = new HeapWatch(fake.heap, fake.collect);
      const stopWatching = watch.watch();
      vi.advanceTimersByTime(1000);
      stopWatching();
      expect(watch.shortage).toEqual({ usedMb: 500, limitMb: 512 });
      expect(fake.collections()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a client whose heap has no room for an answer', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  const body = JSON.stringify({ data: { list: Array.from({ length: 1000 }, () => ({})) } });
  /** A client of a loopback server answering `body`, whose heap never has room; `asked` gets the sizes it was asked about. */
  async function clientWithoutRoom(asked: number[]) {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end(body));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return createClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 15_000,
      maxBodyBytes: MIB,
      concurrency: 1,
      roomToParse: (bytes) => {
        asked.push(bytes);
        return false;
      },
    });
  }

  it('leaves the answer unparsed and the call cut, as a stop cuts it: no response for a check to judge', async () => {
    const asked: number[] = [];
    const client = await clientWithoutRoom(asked);
    try {
      const transcript = await client.send({ method: 'POST', wirePath: '//pc/customer/bankCardList', body: '{}' });
      expect(asked).toEqual([Buffer.byteLength(body)]);
      expect(transcript.failure?.kind).toBe('aborted');
      expect(transcript.response).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it("leaves an answer on a connection of the kit's own unparsed too", async () => {
    const asked: number[] = [];
    const client = await clientWithoutRoom(asked);
    try {
      const transcripts = await client.converse([{ method: 'POST', wirePath: '//pc/customer/bankCardList', body: '{}' }]);
      expect(asked).toEqual([Buffer.byteLength(body)]);
      expect(transcripts?.[0]?.response?.json).toMatchObject({ ok: false, reason: expect.stringContaining('not parsed') });
    } finally {
      await client.close();
    }
  });
});
