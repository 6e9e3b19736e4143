import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { startReferenceServer } from '../../src/reference/server.js';
import type { Report } from '../../src/report/report.js';
import { tradingSession } from '../support/traffic-client.js';

const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_') && name !== 'GITHUB_STEP_SUMMARY'));
const scratch = mkdtempSync(join(tmpdir(), 'otp-proxy-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const TOKEN = 'Tok3n-ProxySecret-9f8e7d6c';
const PASSWORD = 'Pa55word-of-the-client';

interface Proxy {
  readonly url: string;
  readonly child: ChildProcessWithoutNullStreams;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

/** `otp-conformance proxy` in a child process (never in this one: the target answers from here), once it listens. */
async function startProxy(args: readonly string[]): Promise<Proxy> {
  const child = spawn(process.execPath, [cli, 'proxy', '--port', '0', ...args], { cwd: scratch, env });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const listening = setInterval(() => {
      const match = /^Proxy of .*?: (http:\/\/\S+)/m.exec(out);
      if (match) {
        clearInterval(listening);
        resolve(match[1]!);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(listening);
      reject(new Error(`proxy exited ${code} before it listened:\n${out}`));
    });
  });
  return { url, child, output: () => out, exited };
}

const reportIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;

/** Every way a secret could be written into a file: as it is, in another case, URL-encoded, base64, and its leading piece. */
function formsOf(secret: string): RegExp[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [
    new RegExp(escape(secret), 'i'),
    new RegExp(escape(encodeURIComponent(secret)), 'i'),
    new RegExp(escape(Buffer.from(secret).toString('base64').slice(0, 16))),
    new RegExp(escape(Buffer.from(secret).toString('base64url').slice(0, 16))),
    new RegExp(escape(secret.slice(0, 12)), 'i'),
  ];
}

describe('otp-conformance proxy', () => {
  it('judges a client session until Ctrl-C, rewrites the reports while it lasts, and then writes them: interrupted, exit 130, no secret in any file', async () => {
    const server = await startReferenceServer({
      token: TOKEN,
      credentials: { mobile: '13800138000', password: PASSWORD },
      fault: findFault('demand-field-missing')!,
    });
    const dir = join(scratch, 'interrupted');
    try {
      const proxy = await startProxy(['--target', server.url, '--report-dir', dir, '--operation-map', referenceOperationMapFile, '--report-every', '200ms']);
      const calls = await tradingSession(proxy.url, server.credentials);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const interim = reportIn(dir);
      expect(interim.status).toBe('fail');
      expect(interim.reason).toMatch(/still running/);
      proxy.child.kill('SIGINT');
      expect(await proxy.exited).toBe(130);
      const report = reportIn(dir);
      expect(report.status).toBe('interrupted');
      expect(report.source).toMatchObject({ kind: 'proxy', target: server.url, listen: proxy.url, exchanges: calls, judged: calls });
      expect(report.deviations.map((d) => `${d.check} at ${d.operationId}`)).toContain('data-schema at custom-demand-list');
      // The evidence is the client's own request, with a curl line that sends it to the target.
      const deviation = report.deviations.find((d) => d.check === 'data-schema')!;
      expect(deviation.request.url).toBe(`${server.url}//pc/custom_demand/list`);
      expect(deviation.repro).toMatch(/^curl .*'http:\/\/127\.0\.0\.1:\d+\/\/pc\/custom_demand\/list'.*"authorization: bearer\$\{OTP_TOKEN\}"/);
      expect(readdirSync(dir).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
      // The token (used in every header, and issued by the token operation) and the password the client sent.
      for (const file of readdirSync(dir)) {
        const text = readFileSync(join(dir, file), 'utf8');
        for (const form of [...formsOf(TOKEN), ...formsOf(PASSWORD)]) expect(text, `${file} holds ${form}`).not.toMatch(form);
      }
      for (const form of [...formsOf(TOKEN), ...formsOf(PASSWORD)]) expect(proxy.output()).not.toMatch(form);
    } finally {
      await server.close();
    }
  });

  it('ends itself after --max-requests, the last ones answered and judged: pass, exit 0', async () => {
    const server = await startReferenceServer({ token: TOKEN });
    const dir = join(scratch, 'max-requests');
    try {
      const proxy = await startProxy(['--target', server.url, '--report-dir', dir, '--max-requests', '2', '--quiet']);
      const call = (path: string, body: unknown) =>
        request(`${proxy.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `bearer${TOKEN}` },
          body: JSON.stringify(body),
        }).then((r) => r.body.text());
      const answers = await Promise.all([
        call('//pc/custom_demand/list', { pageSize: 5, status: 1 }),
        call('//pc/customer/bankCardList', { pageSize: 5, status: null }),
      ]);
      expect(answers.every((text) => text.includes('"list"'))).toBe(true);
      expect(await proxy.exited).toBe(0);
      const report = reportIn(dir);
      expect(report.status).toBe('pass');
      expect(report.source).toMatchObject({ exchanges: 2, judged: 2 });
      expect(report.operations.map((op) => op.id).sort()).toEqual(['bank-card-list', 'custom-demand-list']);
    } finally {
      await server.close();
    }
  });

  it('with no client before --max-time: not-run, exit 3, saying where to point the client', async () => {
    const server = await startReferenceServer({ token: TOKEN });
    const dir = join(scratch, 'nothing');
    try {
      const proxy = await startProxy(['--target', server.url, '--report-dir', dir, '--max-time', '300ms']);
      expect(await proxy.exited).toBe(3);
      const report = reportIn(dir);
      expect(report.status).toBe('not-run');
      expect(report.reason).toContain(`no exchange reached the proxy at ${proxy.url}`);
    } finally {
      await server.close();
    }
  });

  it('a target nothing listens at: not-run, exit 3, naming --target', async () => {
    const dir = join(scratch, 'unreachable');
    const child = spawn(process.execPath, [cli, 'proxy', '--target', 'http://127.0.0.1:9', '--port', '0', '--report-dir', dir], { cwd: scratch, env });
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(3);
    expect(err).toMatch(/connection refused.*check --target/);
    expect(reportIn(dir).status).toBe('not-run');
  });
});

describe('otp-conformance check', () => {
  const browserHar = fileURLToPath(new URL('../fixtures/traffic/browser-session.har', import.meta.url));
  const check = (args: readonly string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'check', ...args], { cwd: scratch, env });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (err += chunk));
      child.once('exit', (code) => resolve({ code, out, err }));
    });

  it("judges a browser's HAR: fail, exit 1, its source named; the token and password it holds in no report file", async () => {
    const dir = join(scratch, 'check');
    const { code, out } = await check([browserHar, '--report-dir', dir, '--operation-map', referenceOperationMapFile]);
    expect(code).toBe(1);
    const report = reportIn(dir);
    expect(report.source).toMatchObject({ kind: 'har', files: [{ path: browserHar, creator: 'WebInspector 537.36', entries: 47 }], unknownExchanges: 5 });
    expect(report.target.baseUrl).toBe('https://trade.example.com, https://api.trade.example.com');
    const har = readFileSync(browserHar, 'utf8');
    const token = /"Authorization",\s*"value": "bearer([^"]+)"/.exec(har)![1]!;
    const password = /\\"password\\":\\"([^\\]+)\\"/.exec(har)![1]!;
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const form of [...formsOf(token), ...formsOf(password)]) expect(text, `${file} holds ${form}`).not.toMatch(form);
    }
    for (const form of [...formsOf(token), ...formsOf(password)]) expect(out).not.toMatch(form);
  });

  it('refuses a file that is not HAR: exit 2, the place named, no report written', async () => {
    const dir = join(scratch, 'not-har');
    const { code, err } = await check([referenceOperationMapFile, '--report-dir', dir]);
    expect(code).toBe(2);
    expect(err).toMatch(/operation-map\.json: \/log is missing; give a HAR 1\.2 file/);
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });
});
