import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, LARGE_BODY_BYTES } from '../../src/client/client.js';
import type { Transcript } from '../../src/client/exchange.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const CHUNK = 256 * 1024;
const CHUNKS = 48;

/**
 * A server that streams a 12 MiB JSON body with its length declared, a chunk every 12 ms: more
 * than the sockets can hold, so a body the client does not read yet is not sent yet either.
 */
async function slowLargeBodies(): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(CHUNK * CHUNKS + 2) });
    res.write('[');
    let sent = 0;
    const next = () => {
      if (sent === CHUNKS) return void res.end(']');
      const chunk = `${'0,'.repeat(CHUNK / 2 - 1)}0,`;
      sent++;
      const last = sent === CHUNKS;
      res.write(last ? `${chunk.slice(0, -1)} ` : chunk);
      setTimeout(next, 12);
    };
    next();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A JSON body just over the size from which bodies are read a few at a time. */
const LARGE = `[${'0,'.repeat(LARGE_BODY_BYTES / 2)}0]`;

/** LARGE gzipped as stored blocks: encoded, and still larger than LARGE_BODY_BYTES as sent. */
const LARGE_GZIPPED = gzipSync(LARGE, { level: 0 });

/**
 * A server of large bodies, each declaring its length: under /held/ the head at once and the body
 * when the test ends the response (`held`, by path); under /whole/ all at once; under /gzip/ all
 * at once, gzipped.
 */
async function heldBackServer(): Promise<{ url: string; held: Map<string, ServerResponse> }> {
  const held = new Map<string, ServerResponse>();
  server = createServer((req, res) => {
    req.resume();
    if (req.url!.startsWith('/gzip/')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(LARGE_GZIPPED.length) });
      return void res.end(LARGE_GZIPPED);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(LARGE.length) });
    if (req.url!.startsWith('/whole/')) return void res.end(LARGE);
    res.flushHeaders();
    held.set(req.url!, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, held };
}

function largeBodyClient(baseUrl: string) {
  return createClient({
    baseUrl,
    token: 't',
    authScheme: 'bearer-no-space',
    pathForm: 'documented',
    timeoutMs: 15_000,
    maxBodyBytes: 64 * 1024 * 1024,
    concurrency: 8,
  });
}

const outcome = (transcript: Transcript) => transcript.failure?.kind ?? 'answered';

// undici tells this channel of a head just before the client's handler sees it: once told, a large body's hold has begun.
const HEADERS_CHANNEL = 'undici:request:headers';
const heads = new Map<string, () => void>();
const onHead = (message: unknown) => heads.get((message as { request: { path: string } }).request.path)?.();
/** Settles when the head of the request to `path` reaches the client. */
const headOf = (path: string) => new Promise<void>((resolve) => heads.set(path, resolve));
beforeEach(() => subscribe(HEADERS_CHANNEL, onHead));
afterEach(() => {
  unsubscribe(HEADERS_CHANNEL, onHead);
  heads.clear();
});

describe('large bodies', () => {
  it('twelve at once, read a few at a time: every one answered whole, none cut by the deadline', async () => {
    const url = await slowLargeBodies();
    // The deadline is derived from one body read alone on this machine, now: three times that, for a
    // body in its turn on a machine whose load changes meanwhile, and half the six turns of two that
    // twelve bodies wait through, which a deadline that counted the wait would cut.
    const alone = largeBodyClient(url);
    const started = performance.now();
    const first = await alone.send({ method: 'POST', wirePath: '/x', body: '{}' }).finally(() => alone.close());
    expect(outcome(first)).toBe('answered');
    const oneBodyMs = performance.now() - started;
    const client = createClient({
      baseUrl: url,
      token: 't',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: Math.ceil(3 * oneBodyMs),
      maxBodyBytes: 64 * 1024 * 1024,
      concurrency: 12,
    });
    try {
      const transcripts = await Promise.all(Array.from({ length: 12 }, () => client.send({ method: 'POST', wirePath: '/x', body: '{}' })));
      expect(transcripts.map((transcript) => transcript.failure?.kind ?? 'answered')).toEqual(Array(12).fill('answered'));
      for (const transcript of transcripts) expect(transcript.response?.json.ok).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('a body that says it is large is still bounded by the deadline once its turn has come', async () => {
    // A declared large body that trickles in without end: only the deadline, running again after the turn, ends it.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * LARGE_BODY_BYTES) });
      res.write('[');
      const timer = setInterval(() => res.write('0,'), 20);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 300,
      maxBodyBytes: 64 * 1024 * 1024,
      concurrency: 1,
    });
    try {
      // Not the deadline's doing if it comes to this: the test's own bound, far beyond it.
      const transcript = await client.send({ method: 'POST', wirePath: '/x', body: '{}', abandon: AbortSignal.timeout(15_000) });
      expect(transcript.failure?.kind).toBe('timeout');
      expect(transcript.response?.bodyText).toMatch(/^\[(0,)*$/);
    } finally {
      await client.close();
    }
  });

  it('a request abandoned while its large body waits for a turn gives the turn back when it comes', async () => {
    const { url, held } = await heldBackServer();
    const client = largeBodyClient(url);
    const send = (wirePath: string, abandon?: AbortSignal) => client.send({ method: 'POST', wirePath, body: '{}', ...(abandon ? { abandon } : {}) });
    try {
      // Both turns taken, by bodies the server holds back.
      const headsHeld = [headOf('/held/a'), headOf('/held/b')];
      const holding = [send('/held/a'), send('/held/b')];
      await Promise.all(headsHeld);
      // Two more wait for a turn, and are abandoned while they wait.
      const abandons = [new AbortController(), new AbortController()];
      const headsWaiting = [headOf('/held/c'), headOf('/held/d')];
      const waiting = [send('/held/c', abandons[0]!.signal), send('/held/d', abandons[1]!.signal)];
      await Promise.all(headsWaiting);
      for (const abandon of abandons) abandon.abort();
      expect((await Promise.all(waiting)).map((transcript) => transcript.failure?.kind)).toEqual(['aborted', 'aborted']);
      // The turns come back, pass to the abandoned two, and must come back from them too.
      held.get('/held/a')!.end(LARGE);
      held.get('/held/b')!.end(LARGE);
      expect((await Promise.all(holding)).map(outcome)).toEqual(['answered', 'answered']);
      // Were a turn kept, these would wait for it without end; the test's own bound ends them instead.
      const later = await Promise.all(['/whole/e', '/whole/f'].map((path) => send(path, AbortSignal.timeout(15_000))));
      expect(later.map(outcome)).toEqual(['answered', 'answered']);
    } finally {
      await client.close();
    }
  });

  it('an encoded body that says it is large waits for its turn too: none of it is read before', async () => {
    const { url, held } = await heldBackServer();
    const client = largeBodyClient(url);
    const send = (wirePath: string) => client.send({ method: 'POST', wirePath, body: '{}' });
    const events: string[] = [];
    const onChunk = (message: unknown) => {
      if ((message as { request: { path: string } }).request.path === '/gzip/c') events.push('chunk of the encoded body');
    };
    subscribe('undici:request:bodyChunkReceived', onChunk);
    try {
      // Both turns taken, by bodies the server holds back.
      const headsHeld = [headOf('/held/a'), headOf('/held/b')];
      const holding = [send('/held/a'), send('/held/b')];
      await Promise.all(headsHeld);
      // The encoded body's head has come, and the server has sent all of it; a read begun too early begins now.
      const headWaiting = headOf('/gzip/c');
      const waiting = send('/gzip/c');
      await headWaiting;
      await new Promise((resolve) => setImmediate(resolve));
      events.push('held bodies sent');
      held.get('/held/a')!.end(LARGE);
      held.get('/held/b')!.end(LARGE);
      expect([...(await Promise.all(holding)), await waiting].map(outcome)).toEqual(['answered', 'answered', 'answered']);
      expect(events[0]).toBe('held bodies sent');
      expect(events.length).toBeGreaterThan(1);
    } finally {
      unsubscribe('undici:request:bodyChunkReceived', onChunk);
      await client.close();
    }
  });
});
