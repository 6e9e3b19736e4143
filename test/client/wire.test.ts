import { createServer, type Server, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, wirePath } from '../../src/catalogue/operations.js';
import { createClient } from '../../src/client/client.js';

/** A raw TCP server: sees the bytes the client sends and answers whatever the test says. */
async function rawServer(onRequest: (head: string, socket: Socket) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) onRequest(head, socket);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, server };
}

const okResponse = (body: string, contentType = 'application/json') =>
  `HTTP/1.1 200 OK\r\ncontent-type: ${contentType}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

async function clientFor(onRequest: (head: string, socket: Socket) => void, options: { baseSuffix?: string; timeoutMs?: number; maxBodyBytes?: number } = {}) {
  const { url, server } = await rawServer(onRequest);
  servers.push(server);
  return createClient({
    baseUrl: `${url}${options.baseSuffix ?? ''}`,
    token: 'T0KEN',
    authScheme: 'bearer-no-space',
    pathForm: 'documented',
    timeoutMs: options.timeoutMs ?? 2000,
    maxBodyBytes: options.maxBodyBytes ?? 1024,
    concurrency: 2,
  });
}

const customDemandList = findOperation('custom-demand-list')!;

describe('wire format (4, 5)', () => {
  it('sends POST //pc/custom_demand/list with authorization: bearer<TOKEN>, no space', async () => {
    let head = '';
    const client = await clientFor((h, socket) => {
      head = h;
      socket.end(okResponse('{}'));
    });
    await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: '{"pageSize":10,"status":1}' });
    await client.close();
    const [requestLine, ...headers] = head.split('\r\n');
    expect(requestLine).toBe('POST //pc/custom_demand/list HTTP/1.1');
    expect(headers).toContain('authorization: bearerT0KEN');
    expect(headers).toContain('content-type: application/json');
  });

  it('writes every field name in title case where a request asks, in the case given on the wire: undici keeps it', async () => {
    let head = '';
    const client = await clientFor((h, socket) => {
      head = h;
      socket.end(okResponse('{}'));
    });
    const transcript = await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: '{}', fieldNames: 'title-case' });
    await client.close();
    const headers = head.split('\r\n').slice(1);
    expect(headers).toEqual(expect.arrayContaining(['Authorization: bearerT0KEN', 'Content-Type: application/json', 'Accept-Encoding: gzip, deflate, br']));
    expect(headers.filter((line) => /^authorization:/i.test(line))).toHaveLength(1);
    expect(Object.keys(transcript.request.headers)).toEqual(expect.arrayContaining(['Authorization', 'Content-Type']));
  });

  it('sends a body gzip-coded where a request asks: the coded bytes with Content-Encoding: gzip, the text kept in the transcript', async () => {
    const text = `{"pageSize":10,"status":1}${' '.repeat(10_000)}`;
    let received: { headers: string[]; body: Buffer } | undefined;
    const client = await clientFor((raw, socket) => {
      const [head, ...rest] = raw.split('\r\n\r\n');
      const headers = head!.split('\r\n').slice(1);
      const body = Buffer.from(rest.join('\r\n\r\n'), 'latin1');
      const length = Number(headers.find((line) => /^content-length:/i.test(line))?.split(':')[1]);
      if (received || body.length < length) return;
      received = { headers, body };
      socket.end(okResponse('{}'));
    });
    const transcript = await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: text, bodyCoding: 'gzip' });
    await client.close();
    expect(received!.headers).toContain('content-encoding: gzip');
    expect(received!.body.length).toBeLessThan(1000);
    expect(gunzipSync(received!.body).toString('utf8')).toBe(text);
    expect(transcript.request.body).toBe(text);
  });

  it('a refusal of a call in another form (field names in title case, another media type, a coded body) renews no token: the form was refused, not the token', async () => {
    let refreshes = 0;
    const { url, server } = await rawServer((_h, socket) => socket.end(okResponse('{"code":"401"}')));
    servers.push(server);
    const client = createClient({
      baseUrl: url,
      token: 'T0KEN',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 2000,
      maxBodyBytes: 1024,
      concurrency: 2,
      refreshToken: async () => {
        refreshes++;
        return 'N3W';
      },
    });
    await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: '{}', fieldNames: 'title-case' });
    await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: '{}', headers: { 'content-type': 'Application/JSON; charset=utf-8' } });
    await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: '{}', bodyCoding: 'gzip' });
    expect(refreshes).toBe(0);
    await client.send({ method: 'POST', wirePath: wirePath(customDemandList), body: '{}' });
    await client.close();
    expect(refreshes).toBe(1);
  });

  it('keeps a base path and a single slash before /openapi', async () => {
    let head = '';
    const client = await clientFor(
      (h, socket) => {
        head = h;
        socket.end(okResponse('{}'));
      },
      { baseSuffix: '/api/' },
    );
    await client.send({ method: 'POST', wirePath: wirePath(findOperation('alpha-orders-list')!), body: '{}' });
    await client.close();
    expect(head.split('\r\n')[0]).toBe('POST /api/openapi/alpha/orders/getAlphaOrders HTTP/1.1');
  });
});

describe('HTTP 429', () => {
  const send = (client: ReturnType<typeof createClient>) => client.send({ method: 'POST', wirePath: '//pc/x', body: '{}' });
  const tooMany = 'HTTP/1.1 429 Too Many Requests\r\nretry-after: 0\r\ncontent-length: 0\r\n\r\n';

  it('is retried after Retry-After', async () => {
    let calls = 0;
    const client = await clientFor((_h, socket) => {
      calls++;
      socket.end(calls === 1 ? tooMany : okResponse('{}'));
    });
    const transcript = await send(client);
    await client.close();
    expect(transcript.response?.status).toBe(200);
    expect(calls).toBe(2);
  });

  it('is retried twice at most', async () => {
    let calls = 0;
    const client = await clientFor((_h, socket) => {
      calls++;
      socket.end(tooMany);
    });
    const transcript = await send(client);
    await client.close();
    expect(transcript.response?.status).toBe(429);
    expect(calls).toBe(3);
  });
});

describe('transport failures become data, never exceptions', () => {
  const send = (client: ReturnType<typeof createClient>) => client.send({ method: 'POST', wirePath: '//pc/x', body: '{}' });

  it('a response that never comes is a timeout', async () => {
    const client = await clientFor(() => {}, { timeoutMs: 200 });
    const transcript = await send(client);
    await client.close();
    expect(transcript.failure?.kind).toBe('timeout');
  });

  it('a dropped connection is a reset', async () => {
    const client = await clientFor((_h, socket) => socket.destroy());
    const transcript = await send(client);
    await client.close();
    expect(transcript.failure?.kind).toBe('connection-reset');
  });

  it('a body over the cap is cut and reported', async () => {
    const client = await clientFor((_h, socket) => socket.end(okResponse(`{"data":"${'x'.repeat(5000)}"}`)), { maxBodyBytes: 1024 });
    const transcript = await send(client);
    await client.close();
    expect(transcript.failure?.kind).toBe('body-too-large');
    expect(transcript.response?.bodyText.length).toBe(1024);
  });

  it('a body that never ends hits the cap', async () => {
    const client = await clientFor(
      (_h, socket) => {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n');
        const timer = setInterval(() => {
          if (socket.destroyed) return clearInterval(timer);
          socket.write('400\r\n' + 'x'.repeat(0x400) + '\r\n');
        }, 1);
      },
      { maxBodyBytes: 16 * 1024 },
    );
    const transcript = await send(client);
    await client.close();
    expect(transcript.failure?.kind).toBe('body-too-large');
  });

  it('a refused connection is reported as such', async () => {
    const { url, server } = await rawServer(() => {});
    await new Promise((resolve) => server.close(resolve));
    const client = createClient({
      baseUrl: url,
      token: 't',
      authScheme: 'bearer-no-space',
      pathForm: 'documented',
      timeoutMs: 1000,
      maxBodyBytes: 1024,
      concurrency: 1,
    });
    const transcript = await send(client);
    await client.close();
    expect(transcript.failure?.kind).toBe('connection-refused');
  });

  it('an HTML page is a response whose body is not JSON', async () => {
    const client = await clientFor((_h, socket) => socket.end(okResponse('<html>oops</html>', 'text/html')));
    const transcript = await send(client);
    await client.close();
    expect(transcript.failure).toBeUndefined();
    expect(transcript.response?.json.ok).toBe(false);
  });

  it('a byte order mark before the JSON is noted, and the JSON after it parsed (RFC 8259 §8.1)', async () => {
    const client = await clientFor((_h, socket) => socket.end(okResponse('\uFEFF{"data":{}}')));
    const transcript = await send(client);
    await client.close();
    expect(transcript.response).toMatchObject({ byteOrderMark: true, json: { ok: true, value: { data: {} } } });
    expect(transcript.response?.bodyText.startsWith('\uFEFF')).toBe(true);
  });

  it('a body without one carries no such mark', async () => {
    const client = await clientFor((_h, socket) => socket.end(okResponse('{"data":{}}')));
    const transcript = await send(client);
    await client.close();
    expect(transcript.response?.byteOrderMark).toBeUndefined();
  });
});
