/**
 * Set-Cookie lines kept apart (client/field-lines.ts): every way an answer reaches the checks — the
 * pool, a connection of the kit's own, the proxy's and a HAR's header lists — joins two Set-Cookie
 * lines by a line feed and other fields by ", ", so a server's folding is told from the kit's joining.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import { createClient } from '../../src/client/client.js';
import { converse } from '../../src/client/conversation.js';
import { fieldLinesOf, joinFieldLines } from '../../src/client/field-lines.js';
import { headersOf } from '../../src/traffic/received.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A server that answers every request with `answer`, as written. */
async function rawServer(answer: string): Promise<string> {
  const server = createServer((socket: Socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) socket.end(answer);
    });
    socket.on('error', () => undefined);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const body = '{"data":{}}';
const answer = [
  'HTTP/1.1 200 OK',
  'content-type: application/json',
  'set-cookie: SESSION=3f9a; Path=/; HttpOnly',
  'set-cookie: theme=dark; Expires=Wed, 21 Oct 2026 07:28:00 GMT',
  'vary: accept',
  'vary: origin',
  `content-length: ${body.length}`,
  'connection: close',
  '',
  body,
].join('\r\n');
const lines = ['SESSION=3f9a; Path=/; HttpOnly', 'theme=dark; Expires=Wed, 21 Oct 2026 07:28:00 GMT'];

describe('Set-Cookie lines kept apart', () => {
  it('the pool: two lines joined by a line feed, another field by ", "', async () => {
    const origin = await rawServer(answer);
    const client = createClient({
      baseUrl: origin,
      token: 'T0KEN',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 2000,
      maxBodyBytes: 1024,
      concurrency: 1,
    });
    const transcript = await client.send({ method: 'POST', wirePath: wirePath(findOperation('login')!), body: '{}' });
    await client.close();
    expect(transcript.response?.headers['set-cookie']).toBe(lines.join('\n'));
    expect(transcript.response?.headers.vary).toBe('accept, origin');
  });

  it('a connection of its own: the same', async () => {
    const origin = await rawServer(answer);
    const [transcript] = await converse([{ method: 'POST', path: '//pc/auth/login', headers: {}, body: '{}' }], { origin, timeoutMs: 2000, maxBytes: 1 << 20 });
    expect(transcript?.response?.headers['set-cookie']).toBe(lines.join('\n'));
    expect(transcript?.response?.headers.vary).toBe('accept, origin');
  });

  it('a connection of its own refuses a field value holding a bare LF, as undici does (RFC 9110 §5.5)', async () => {
    const origin = await rawServer(answer.replace('HttpOnly\r\n', 'HttpOnly\nx-other: 1\r\n'));
    const [transcript] = await converse([{ method: 'POST', path: '//pc/auth/login', headers: {}, body: '{}' }], { origin, timeoutMs: 2000, maxBytes: 1 << 20 });
    expect(transcript?.failure?.kind).toBe('invalid-http');
  });

  it('a header list of the proxy or a HAR: the same, whatever the case of the name', () => {
    const headers = headersOf([
      ['Set-Cookie', lines[0]!],
      ['Vary', 'accept'],
      ['set-cookie', lines[1]!],
      ['vary', 'origin'],
    ]);
    expect(headers).toEqual({ 'set-cookie': lines.join('\n'), vary: 'accept, origin' });
  });

  it('fieldLinesOf takes apart what joinFieldLines joined: Set-Cookie lines, and nothing of another field', () => {
    expect(fieldLinesOf('Set-Cookie', joinFieldLines('set-cookie', lines))).toEqual(lines);
    expect(fieldLinesOf('vary', joinFieldLines('vary', ['accept', 'origin']))).toEqual(['accept, origin']);
  });
});
