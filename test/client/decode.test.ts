import { createServer, type Server } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import { createClient } from '../../src/client/client.js';

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

/** A server answering every request with these headers and bytes; it records the request headers. */
async function answering(headers: Record<string, string>, body: Buffer, seen: Array<Record<string, unknown>> = []) {
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length), ...headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const client = createClient({
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    token: 'T0KEN',
    authScheme: 'bearer-no-space',
    pathForm: 'documented',
    timeoutMs: 5000,
    maxBodyBytes: 64 * 1024,
    concurrency: 1,
  });
  const transcript = await client.send({ method: 'POST', wirePath: wirePath(findOperation('custom-demand-list')!), body: '{}' });
  await client.close();
  return transcript;
}

const json = Buffer.from(JSON.stringify({ data: { list: [], total: 0 }, status: 'success', code: '200', message: 'ok', error: {} }));

describe('content negotiation: the kit asks for gzip, deflate and br, and judges the decoded body', () => {
  it('sends accept-encoding: gzip, deflate, br', async () => {
    const seen: Array<Record<string, unknown>> = [];
    await answering({}, json, seen);
    expect(seen[0]!['accept-encoding']).toBe('gzip, deflate, br');
  });

  for (const [coding, encode] of [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const) {
    it(`decodes ${coding}: the recorded body is the decoded text, the headers show the encoding`, async () => {
      const transcript = await answering({ 'content-encoding': coding }, encode(json));
      expect(transcript.failure).toBeUndefined();
      expect(transcript.response!.bodyText).toBe(json.toString());
      expect(transcript.response!.json.ok).toBe(true);
      expect(transcript.response!.headers['content-encoding']).toBe(coding);
      expect(transcript.response!.encodingProblem).toBeUndefined();
    });
  }

  it('undoes stacked codings in reverse order', async () => {
    const transcript = await answering({ 'content-encoding': 'deflate, gzip' }, gzipSync(deflateSync(json)));
    expect(transcript.response!.json.ok).toBe(true);
  });

  it('a gzip label on plain bytes: the mismatch is noted and the bytes are judged as they are', async () => {
    const transcript = await answering({ 'content-encoding': 'gzip' }, json);
    expect(transcript.failure).toBeUndefined();
    expect(transcript.response!.encodingProblem).toMatch(/content-encoding: gzip, but the body does not decode/);
    expect(transcript.response!.bodyText).toBe(json.toString());
    expect(transcript.response!.json.ok).toBe(true);
  });

  it('an empty body labelled gzip is an empty body, not an encoding problem', async () => {
    const transcript = await answering({ 'content-encoding': 'gzip' }, Buffer.alloc(0));
    expect(transcript.response!.encodingProblem).toBeUndefined();
    expect(transcript.response!.bodyText).toBe('');
  });

  it('a coding the kit did not ask for is noted', async () => {
    const transcript = await answering({ 'content-encoding': 'zstd' }, json);
    expect(transcript.response!.encodingProblem).toMatch(/"zstd"/);
  });

  it('the cap bounds the decoded bytes: a decompression bomb is cut', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const transcript = await answering({ 'content-encoding': 'gzip' }, bomb);
    expect(transcript.failure?.kind).toBe('body-too-large');
    expect(transcript.failure?.message).toMatch(/once decoded/);
    expect(transcript.response!.bodyText.length).toBeLessThanOrEqual(64 * 1024);
  });

  it('marks a body whose bytes are not well-formed UTF-8 (RFC 8259 §8.1)', async () => {
    const bad = Buffer.concat([Buffer.from('{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const transcript = await answering({}, bad);
    expect(transcript.response!.invalidUtf8).toBe(true);
    expect(transcript.response!.json.ok).toBe(true);
    const good = await answering({}, Buffer.from('{"message":"café"}'));
    expect(good.response!.invalidUtf8).toBeUndefined();
  });
});
