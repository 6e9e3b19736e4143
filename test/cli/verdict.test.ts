import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/run/run.js';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import type { Report } from '../../src/report/report.js';
import { lockFileOf } from '../../src/report/lock.js';
import { type FrontRule, type FrontServer, startFrontServer } from '../support/front-server.js';

const env = { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined } as NodeJS.ProcessEnv;
const TOKEN = 'verdict-token-5c1f';

interface Ended {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI in a child process, as a user runs it; the test may signal it before it ends. */
function startKit(args: string[]): { child: ChildProcess; ended: Promise<Ended>; output: () => string } {
  const child = spawn(process.execPath, ['bin/otp-conformance.js', ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const ended = new Promise<Ended>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  return { child, ended, output: () => stdout };
}

const kit = (args: string[]) => startKit(args).ended;
const reportIn = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
const freshDir = () => join(mkdtempSync(join(tmpdir(), 'otp-verdict-')), 'reports');

let reference: ReferenceServer;
const fronts: FrontServer[] = [];
async function front(rules: Record<string, FrontRule>): Promise<FrontServer> {
  const server = await startFrontServer(reference.url, rules);
  fronts.push(server);
  return server;
}

beforeAll(async () => {
  reference = await startReferenceServer({ token: TOKEN });
});
afterAll(async () => {
  await Promise.all(fronts.map((server) => server.close()));
  await reference.close();
});

const target = (url: string) => ['--base-url', url, '--token', TOKEN, '--runs', '2', '--hostile-runs', '2', '--no-auth-probes'];
const twoLists = ['--only', 'custom-demand-list,purchase-order-list'];
/** A call the front server never answers: it waits the whole --timeout. */
const hangPurchaseOrders = { '//pc/purchase_order/list': { kind: 'hang' } } as const;

describe('a run that could not check never passes', () => {
  it('a token the server refuses: exit 3, status not-run with the reason, nothing checked', async () => {
    const dir = freshDir();
    const { code, stderr } = await kit(['--base-url', reference.url, '--token', 'not-the-token-77', '--report-dir', dir]);
    expect(code).toBe(3);
    expect(stderr).toContain('the server refused the token in all 8 forms tried');
    const report = reportIn(dir);
    expect(report).toMatchObject({ status: 'not-run', verdict: 'fail' });
    expect(report.reason).toContain('the server refused the token');
    expect(report.formsTried?.[0]?.answer).toContain('code "401"');
    expect(report.summary.requests).toBe(0);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/^## ⚠️ otp-conformance: NOT RUN/);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<error type="not-run"');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<title>NOT RUN');
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain('not-the-token-77');
  });

  it('an operation whose every answer refuses the token is unverified: incomplete (exit 3), unless --allow-unverified', async () => {
    const refused = { data: {}, status: 'fail', code: '401', message: 'token expired', error: { reason: 'expired' } };
    const server = await front({ '//pc/purchase_order/list': { kind: 'answer', body: refused } });
    const dir = freshDir();
    const strict = await kit([...target(server.url), ...twoLists, '--report-dir', dir]);
    expect(strict.code).toBe(3);
    const report = reportIn(dir);
    expect(report.status).toBe('incomplete');
    expect(report.reason).toContain('/pc/purchase_order/list');
    expect(report.operations.find((op) => op.id === 'purchase-order-list')).toMatchObject({ status: 'unverified' });
    expect(report.operations.find((op) => op.id === 'custom-demand-list')).toMatchObject({ status: 'verified' });
    expect(strict.stdout).toMatch(/^INCOMPLETE /m);

    const allowed = await kit([...target(server.url), ...twoLists, '--allow-unverified', '--report-dir', dir]);
    expect(allowed.code).toBe(0);
    expect(reportIn(dir).status).toBe('pass');
    expect(reportIn(dir).operations.find((op) => op.id === 'purchase-order-list')).toMatchObject({ status: 'unverified' });
  });
});

describe('a report whatever happens', () => {
  it('SIGINT mid-run: the run stops with an interrupted report, exit 130; a second run into the same dir meanwhile is refused', async () => {
    const server = await front(hangPurchaseOrders);
    const dir = freshDir();
    const first = startKit([...target(server.url), ...twoLists, '--timeout', '600000', '--report-dir', dir]);
    await server.hung;

    const second = await kit([...target(server.url), ...twoLists, '--report-dir', dir]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`Another run (pid ${first.child.pid}) is writing to ${dir}`);

    first.child.kill('SIGINT');
    const { code, stdout } = await first.ended;
    expect(code).toBe(130);
    expect(stdout).toMatch(/^INTERRUPTED /m);
    const report = reportIn(dir);
    expect(report).toMatchObject({ status: 'interrupted', reason: 'stopped by SIGINT', verdict: 'fail' });
    // The hung list's calls left for the server though none finished: the report counts them.
    expect(report.summary.sent).toBeGreaterThan(report.summary.requests);
    expect(stdout).toContain(`${report.summary.sent} requests sent`);
    expect(report.coverage.find((entry) => entry.id === 'purchase-order-list')?.reason).toContain('interrupted');
    expect(existsSync(lockFileOf(dir))).toBe(false);
    expect(readdirSync(join(dir, '..')).sort()).toEqual(['reports']);
  });

  it('--max-time ends a run against a server that never answers: an incomplete report, exit 3', async () => {
    const server = await front(hangPurchaseOrders);
    const dir = freshDir();
    const { code, stdout } = await kit([...target(server.url), ...twoLists, '--timeout', '600000', '--max-time', '10s', '--report-dir', dir]);
    expect(code).toBe(3);
    expect(stdout).toMatch(/^INCOMPLETE /m);
    const report = reportIn(dir);
    expect(report.status).toBe('incomplete');
    expect(report.reason).toContain('--max-time 10s');
    expect(report.summary.sent).toBeGreaterThan(report.summary.requests);
    expect(stdout).toMatch(new RegExp(`^INCOMPLETE .*; ${report.summary.sent} requests sent`, 'm'));
  });

  it('--max-time takes 500ms, 90s, 10m or 1h (a bare number is seconds); anything else is refused', () => {
    const maxTime = (text: string) => resolveRunConfig(['--max-time', text], {}, process.cwd()).maxTime?.ms;
    expect([maxTime('500ms'), maxTime('90s'), maxTime('10m'), maxTime('1h'), maxTime('45')]).toEqual([500, 90_000, 600_000, 3_600_000, 45_000]);
    for (const bad of ['soon', '0s', '-5m', '10 days']) expect(() => maxTime(bad), bad).toThrow('--max-time');
  });

  it('a --rate run ends with its report', async () => {
    const dir = freshDir();
    const { code } = await kit(['--rate', '40', '--runs', '2', '--hostile-runs', '2', '--only', 'login', '--report-dir', dir]);
    expect(code).toBe(0);
    expect(reportIn(dir)).toMatchObject({ status: 'pass', verdict: 'pass' });
  });

  it('an exception in the kit after the start still writes the report: incomplete, with the error, exit 2', async () => {
    const dir = freshDir();
    const config = resolveRunConfig(['--runs', '1', '--hostile-runs', '0', '--only', 'login', '--report-dir', dir], {}, process.cwd());
    const errors: string[] = [];
    const outcome = await runConformance(config, {
      log: (line) => {
        if (line.startsWith('Checking ')) throw new Error('the console went away');
      },
      error: (line) => errors.push(line),
      progress: { tty: false, write: () => {} },
      now: new Date('2026-11-23T00:00:00Z'),
    });
    expect(outcome.exitCode).toBe(2);
    expect(errors).toEqual(['the kit failed: the console went away']);
    expect(reportIn(dir)).toMatchObject({ status: 'incomplete', reason: 'the kit failed: the console went away', verdict: 'fail' });
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });

  it('a stale lock of a process that has ended is taken over', async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    mkdirSync(dir, { recursive: true });
    writeFileSync(lockFileOf(dir), String(gone.pid));
    const { code } = await kit(['--runs', '1', '--hostile-runs', '0', '--only', 'login', '--report-dir', dir]);
    expect(code).toBe(0);
    expect(existsSync(lockFileOf(dir))).toBe(false);
  });
});
