import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { promisify } from 'node:util';
import { Pool } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { startReferenceServer } from '../../src/reference/server.js';
import type { Report } from '../../src/report/report.js';

const run = promisify(execFile);
const fixture = (name: string) => new URL(`../fixtures/tls/${name}`, import.meta.url).pathname;
/** No proxy from the machine's environment may stand between the kit and the loopback servers of these tests. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(?:OTP_\w+|https?_proxy|no_proxy|NODE_EXTRA_CA_CERTS)$/i.test(name)),
) as NodeJS.ProcessEnv;

async function kit(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/otp-conformance.js', ...args], { env: { ...env, ...extraEnv }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const reportIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
const listen = async (server: Server | ReturnType<typeof createTlsServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
};

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The reference server (plain HTTP), stopped by the test. */
async function reference(token = 'transport-token') {
  const server = await startReferenceServer({ token });
  cleanups.push(() => server.close());
  return server;
}

/** TLS in front of the reference server with a fixture certificate: bytes piped both ways after the handshake. */
async function tlsFront(certificate: string, upstreamUrl: string): Promise<string> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<Socket>();
  const server = createTlsServer({ cert: readFileSync(fixture(`${certificate}.pem`)), key: readFileSync(fixture(`${certificate}.key`)) }, (socket) => {
    const back = connect(Number(upstream.port), upstream.hostname);
    sockets.add(socket).add(back);
    socket.pipe(back).pipe(socket);
    socket.on('error', () => back.destroy());
    back.on('error', () => socket.destroy());
  });
  server.on('tlsClientError', () => {});
  const port = await listen(server);
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return `https://127.0.0.1:${port}`;
}

const small = ['--only', 'custom-demand-list', '--runs', '2', '--hostile-runs', '2', '--no-auth-probes'];

describe('transport honesty: a target that cannot be connected to is exit 3, "could not connect"', () => {
  it('a self-signed certificate: could not connect (unknown CA), exit 3, no report of deviations; --ca-file naming it: the run works', async () => {
    const server = await reference();
    const url = await tlsFront('self-signed', server.url);
    const dir = mkdtempSync(join(tmpdir(), 'otp-tls-'));
    const refused = await kit(['--base-url', url, '--token', server.token, ...small, '--report-dir', dir]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/Could not connect to https:\/\/127\.0\.0\.1:\d+: TLS: the server certificate is signed by an unknown CA/);
    expect(refused.stderr).toContain('--ca-file');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);

    const trusted = await kit(['--base-url', url, '--token', server.token, ...small, '--ca-file', fixture('self-signed.pem'), '--report-dir', dir]);
    expect(trusted.stderr).toBe('');
    expect(trusted.code).toBe(0);
    expect(reportIn(dir).summary).toMatchObject({ operations: 1, errors: 0 });
  });

  it('an expired certificate, even from a trusted CA: could not connect, exit 3, naming the cause', async () => {
    const server = await reference();
    const url = await tlsFront('expired', server.url);
    const { code, stderr } = await kit(['--base-url', url, '--token', server.token, ...small, '--ca-file', fixture('expired.pem')]);
    expect(code).toBe(3);
    expect(stderr).toMatch(/Could not connect .*certificate has expired \(CERT_HAS_EXPIRED/);
  });

  it('a certificate for another host name: could not connect, exit 3', async () => {
    const server = await reference();
    const url = await tlsFront('other-host', server.url);
    const { code, stderr } = await kit(['--base-url', url, '--token', server.token, ...small, '--ca-file', fixture('other-host.pem')]);
    expect(code).toBe(3);
    expect(stderr).toMatch(/Could not connect .*another host name \(ERR_TLS_CERT_ALTNAME_INVALID/);
  });

  it('--insecure connects anyway, with a loud warning on the console and in the report', async () => {
    const server = await reference();
    const url = await tlsFront('self-signed', server.url);
    const dir = mkdtempSync(join(tmpdir(), 'otp-tls-'));
    const { code, stdout } = await kit(['--base-url', url, '--token', server.token, ...small, '--insecure', '--report-dir', dir]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/WARNING: --insecure: the server certificate is NOT verified/);
    expect(reportIn(dir).warnings?.[0]).toMatch(/--insecure/);
  });

  it('a refused connection and a name that does not resolve: could not connect, exit 3', async () => {
    const closed = createTcpServer();
    const port = await listen(closed as unknown as Server);
    await new Promise((resolve) => closed.close(resolve));
    const refused = await kit(['--base-url', `http://127.0.0.1:${port}`, '--token', 't']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/Could not connect .*connection refused \(ECONNREFUSED/);
    const unknown = await kit(['--base-url', 'http://otp-conformance-no-such-host.invalid', '--token', 't']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/Could not connect .*does not resolve/);
  });
});

/** A loopback HTTP proxy: CONNECT tunnels and absolute-form requests, each one recorded. */
async function loopbackProxy(): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const proxy = createHttpServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const target = new URL(request.url!);
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: `${target.pathname}${target.search}`, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  proxy.on('connect', (request, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${request.url}`);
    const [host, port] = request.url!.split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(client).add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listen(proxy);
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });
  return { url: `http://127.0.0.1:${port}`, seen };
}

describe('proxies and extra headers', () => {
  it('--proxy: every request goes through the proxy; a password in the base URL is shown nowhere', async () => {
    const server = await reference();
    const proxy = await loopbackProxy();
    const dir = mkdtempSync(join(tmpdir(), 'otp-proxy-'));
    const withPassword = server.url.replace('http://', 'http://alice:base-pass-5150@');
    const { code, stdout, stderr } = await kit(['--base-url', withPassword, '--token', server.token, ...small, '--proxy', proxy.url, '--report-dir', dir]);
    expect(code).toBe(0);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((line) => line.includes(new URL(server.url).host))).toBe(true);
    expect(stdout).toContain(`Checking ${server.url}`);
    expect(`${stdout}${stderr}`).not.toContain('base-pass-5150');
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), 'utf8')).not.toContain('base-pass-5150');
    expect(reportIn(dir).target.baseUrl).toBe(server.url);
  });

  it('HTTP_PROXY from the environment is used, and NO_PROXY bypasses it', async () => {
    const server = await reference();
    const proxy = await loopbackProxy();
    const args = ['--base-url', server.url, '--token', server.token, ...small, '--report-dir', mkdtempSync(join(tmpdir(), 'otp-proxy-'))];
    expect((await kit(args, { HTTP_PROXY: proxy.url })).code).toBe(0);
    const through = proxy.seen.length;
    expect(through).toBeGreaterThan(0);
    expect((await kit(args, { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' })).code).toBe(0);
    expect(proxy.seen.length).toBe(through);
  });

  it('--header is sent on every request, and its value is redacted from the evidence, the report dir and the console', async () => {
    const server = await startReferenceServer({ token: 'transport-token', fault: findFault('json-as-text-plain')! });
    cleanups.push(() => server.close());
    const upstream = new Pool(server.url);
    cleanups.push(() => upstream.close());
    const secret = 'gateway-key-7f3a9c1e';
    const received: Array<string | undefined> = [];
    // A gateway in front: it records the header and echoes it back, as a careless one might.
    const gateway = createHttpServer((request, response) => {
      const key = request.headers['x-gateway-key'];
      received.push(typeof key === 'string' ? key : undefined);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'content-length'].includes(name))) as Record<
          string,
          string
        >;
        upstream
          .request({ method: request.method as 'POST', path: request.url!, headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) })
          .then(async (answer) => {
            const body = Buffer.from(await answer.body.arrayBuffer());
            response.writeHead(answer.statusCode, {
              'content-type': String(answer.headers['content-type']),
              ...(answer.headers['content-encoding'] ? { 'content-encoding': String(answer.headers['content-encoding']) } : {}),
              'x-echo': String(key),
            });
            response.end(body);
          })
          .catch(() => response.destroy());
      });
    });
    const port = await listen(gateway);
    cleanups.push(() => new Promise((resolve) => gateway.close(resolve)));
    const dir = mkdtempSync(join(tmpdir(), 'otp-header-'));
    const { code, stdout, stderr } = await kit([
      '--base-url',
      `http://127.0.0.1:${port}`,
      '--token',
      server.token,
      '--only',
      'bank-card-list',
      '--runs',
      '2',
      '--hostile-runs',
      '2',
      '--header',
      `X-Gateway-Key: ${secret}`,
      '--verbose',
      '--report-dir',
      dir,
    ]);
    expect(code).toBe(0);
    expect(received.length).toBeGreaterThan(2);
    expect(received.every((value) => value === secret)).toBe(true);
    const deviation = reportIn(dir).deviations.find((d) => d.check === 'json-content-type')!;
    expect(deviation.request.headers['x-gateway-key']).toBe('[REDACTED]');
    expect(deviation.response?.headers['x-echo']).toBe('[REDACTED]');
    expect(`${stdout}${stderr}`).not.toContain(secret);
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), 'utf8')).not.toContain(secret);
  });
});
