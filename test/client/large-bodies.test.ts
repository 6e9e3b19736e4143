import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/client.js';

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

describe('large bodies', () => {
  it('eight at once, read a few at a time: every one answered whole, none cut by the deadline', async () => {
    const url = await slowLargeBodies();
    const client = createClient({
      baseUrl: url,
      token: 't',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 2000,
      maxBodyBytes: 64 * 1024 * 1024,
      concurrency: 8,
    });
    try {
      const transcripts = await Promise.all(Array.from({ length: 8 }, () => client.send({ method: 'POST', wirePath: '/x', body: '{}' })));
      expect(transcripts.map((transcript) => transcript.failure?.kind ?? 'answered')).toEqual(Array(8).fill('answered'));
      for (const transcript of transcripts) expect(transcript.response?.json.ok).toBe(true);
    } finally {
      await client.close();
    }
  });
});
