import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, type ReferenceServerOptions, startReferenceServer } from '../../src/reference/server.js';
import { findVariant } from '../../src/reference/variants.js';
import type { Report } from '../../src/report/report.js';

const env = { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined } as NodeJS.ProcessEnv;
const TOKEN = 'first-contact-cli-9d2e';

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly report: Report;
  /** The report folder, for the other reports. */
  readonly dir: string;
}

/** The CLI in a child process against `url`, as a user runs it, with a small run; its report read back. */
function kit(url: string, extra: string[] = [], token = TOKEN): Promise<Ended> {
  const dir = join(mkdtempSync(join(tmpdir(), 'otp-first-contact-')), 'reports');
  const args = [
    'bin/otp-conformance.js',
    '--base-url',
    url,
    '--token',
    token,
    '--runs',
    '2',
    '--hostile-runs',
    '2',
    '--seed',
    '7',
    '--timeout',
    '2000',
    '--report-dir',
    dir,
    ...extra,
  ];
  const child = spawn(process.execPath, args, { env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr, dir, report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report })),
  );
}

const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function reference(options: Omit<ReferenceServerOptions, 'token'> = {}): Promise<ReferenceServer> {
  const server = await startReferenceServer({ token: TOKEN, ...options });
  servers.push(server);
  return server;
}
const withFault = (name: string) => reference({ fault: findFault(name)! });

/** A static file server (127.0.0.1) that knows none of the API's paths; counts what it was asked. */
async function staticFileServer(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    req.resume();
    if (req.method === 'GET' && req.url === '/') res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Index of /</h1></body></html>');
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>404 Not Found</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests: () => requests };
}

const errorsOf = (report: Report) => report.deviations.filter((d) => d.severity === 'error').map((d) => `${d.check} ${d.rule} at ${d.operation}`);
const unverified = (report: Report) => report.operations.filter((op) => op.status === 'unverified').map((op) => op.operation);

describe("the server's defect at first contact is a fail, and every other operation is still checked", () => {
  it('a server that accepts only Bearer <token>: exit 1, auth-documented-header (5 rule 2), the run goes on in that form', async () => {
    const { code, stdout, report, dir } = await kit((await withFault('bearer-space-only')).url);
    expect(code).toBe(1);
    expect(errorsOf(report)).toEqual(['auth-documented-header 5 rule 2 at /pc/custom_demand/list']);
    expect(report.target.authScheme).toBe('bearer-space');
    expect(report.warnings?.join('\n')).toContain('served Bearer <TOKEN> at //pc/custom_demand/list');
    expect(stdout).toContain('the run goes on in that form');
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(summary).toContain('the run goes on in that form');
    expect(summary).toContain('sent with authorization: Bearer \\<TOKEN\\>');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('the run goes on in that form');
    expect(unverified(report)).toEqual([]);
    expect(report.operations).toHaveLength(16);
  });

  it('a server that serves only single-slash paths: exit 1, documented-path (4), the run goes on with /pc/…', async () => {
    const { code, report } = await kit((await withFault('single-slash-paths-only')).url);
    expect(code).toBe(1);
    expect(errorsOf(report)).toEqual(['documented-path 4 at /pc/custom_demand/list']);
    expect(report.target.pathForm).toBe('single-slash');
    expect(unverified(report)).toEqual([]);
  });

  it('one operation that never answers, answers forever, resets, or promises more than it sends: exit 1, response-received (4 rule 1) there, the others verified', async () => {
    for (const [fault, operation] of [
      ['never-answers', '/pc/custom_demand/create'],
      ['endless-body', '/pc/consignmentorder/publishConsignment'],
      ['connection-reset', '/pc/auth/login'],
      ['short-body', '/pc/customer/consigneeInfoById'],
    ]) {
      const { code, stdout, report } = await kit((await withFault(fault!)).url);
      expect(code, fault).toBe(1);
      expect(report.status).toBe('fail');
      expect(errorsOf(report)).toContain(`response-received 4 rule 1 at ${operation}`);
      expect(unverified(report)).toEqual([operation]);
      expect(report.reason).toContain(operation);
      expect(stdout).toMatch(/^FAIL — \d+ errors?; 1 operation not verified$/m);
    }
  }, 120_000);

  it('a server that dies after some requests: exit 1, with errors at the operations it stopped answering', async () => {
    const { code, report } = await kit((await withFault('dies-after-requests')).url);
    expect(code).toBe(1);
    const stopped = new Set(report.deviations.filter((d) => d.check === 'response-received').map((d) => d.operation));
    expect(stopped.size).toBeGreaterThan(3);
    for (const operation of unverified(report)) expect(stopped).toContain(operation);
  });
});

describe('a setup that cannot check anything is not-run (exit 3), and says what to fix', () => {
  it('a wrong token in every form: not-run, one short line that leads with what to fix, printed once; the forms tried in report.json', async () => {
    const { code, stdout, stderr, report, dir } = await kit((await reference()).url, [], 'not-the-token-4242');
    expect(code).toBe(3);
    expect(report.status).toBe('not-run');
    const lines = stderr.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line).toMatch(/^otp-conformance: Check --token \(or OTP_TOKEN\) and --base-url: /);
    expect(line.length).toBeLessThan(200);
    expect(stdout).not.toContain('Check --token');
    expect(stdout).toMatch(/^NOT RUN — nothing was checked$/m);
    expect(report.reason).toBe(line.replace('otp-conformance: ', ''));
    const forms = (report.formsTried ?? []).map((tried) => tried.form);
    for (const form of ['bearer<TOKEN> at', 'Bearer <TOKEN> at', 'bearer <TOKEN> at', '<TOKEN> at'])
      expect(forms.some((tried) => tried.startsWith(form))).toBe(true);
    expect(report.formsTried?.[0]?.answer).toContain('code "401"');
    expect(`${stdout}${stderr}${readFileSync(join(dir, 'report.json'), 'utf8')}`).not.toContain('not-the-token-4242');
  });

  it('a static file server and a wrong path prefix: not-run with the base-URL line, in under 20 requests', async () => {
    const files = await staticFileServer();
    const fromFiles = await kit(files.url);
    expect(fromFiles.code).toBe(3);
    expect(fromFiles.stderr).toContain('Is --base-url right?');
    expect(fromFiles.stderr.trim().split('\n')).toHaveLength(1);
    expect(files.requests()).toBeLessThan(20);

    const prefixed = await kit(`${(await reference()).url}/api`);
    expect(prefixed.code).toBe(3);
    expect(prefixed.report).toMatchObject({ status: 'not-run', reason: expect.stringContaining('Is --base-url right?') });
  });
});

describe('benign servers stay pass', () => {
  for (const variant of ['lenient-authorization', 'rate-limited-retry-after', 'connection-close']) {
    it(`${variant}: pass`, async () => {
      const { code, report } = await kit((await reference({ variant: findVariant(variant)! })).url);
      expect(report.deviations.filter((d) => d.severity === 'error')).toEqual([]);
      expect(code).toBe(0);
    });
  }
});

describe('no green without the data checked', () => {
  it('success answers with "error": {"code": null} have their data checked: a record missing a field is exit 1', async () => {
    const { code, report } = await kit((await reference({ variant: findVariant('null-error-members')!, fault: findFault('demand-field-missing')! })).url);
    expect(code).toBe(1);
    expect(errorsOf(report)).toContain('data-schema 2.2–2.9, 4 at /pc/custom_demand/list');
  });

  it('the same server without the fault: pass, with the data checked wherever the run could learn or make a record, and the headline naming where it could not', async () => {
    const { code, stdout, report } = await kit((await reference({ variant: findVariant('null-error-members')! })).url);
    expect(code).toBe(0);
    expect(report.summary.withData).toBe(10);
    // Without an operation map there is no consignment list to find a consignment the run published:
    // delConsignment asks only for ids no server holds, and its records go unchecked, by name.
    expect(report.summary.dataChecked).toBe(9);
    expect(report.operations.filter((op) => op.recordsUnchecked !== undefined).map((op) => op.operation)).toEqual(['/pc/consignmentorder/delConsignment']);
    expect(stdout).toMatch(
      /^PASS — 16 operations checked; data checked at 9 of 10 that return records; records unchecked at \/pc\/consignmentorder\/delConsignment /m,
    );
  });
});
