import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/client.js';
import { meeting } from '../../src/model/meeting.js';

/** What the server saw, in order: each request's arrival, and each body once whole. */
const seen: string[] = [];
const server = createServer((req: IncomingMessage, res) => {
  seen.push(`arrived ${req.url ?? ''}`);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push(`whole ${req.url ?? ''} ${Buffer.concat(chunks).toString('utf8')}`);
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a body held mid-way (OutgoingRequest.midBody)', () => {
  it('reaches the server whole, and two requests meeting mid-body both arrive before either body is whole', async () => {
    const { port } = server.address() as AddressInfo;
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 't',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 5000,
      maxBodyBytes: 1024,
      concurrency: 2,
    });
    try {
      const midBody = meeting(2);
      const bodies = ['{"name":"first of two"}', '{"name":"second of two"}'];
      const answers = await Promise.all(bodies.map((body, index) => client.send({ method: 'POST', wirePath: `/held-${index}`, body, midBody })));
      expect(answers.map((answer) => answer.response?.status)).toEqual([200, 200]);
      expect(seen.slice(0, 2).sort()).toEqual(['arrived /held-0', 'arrived /held-1']);
      expect(seen.slice(2).sort()).toEqual([`whole /held-0 ${bodies[0]}`, `whole /held-1 ${bodies[1]}`]);
    } finally {
      await client.close();
    }
  });
});
