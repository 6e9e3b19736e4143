import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/run/run.js';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';

const TOKEN = 'choosing-checks-token-51f2';
let servers: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** The reference server with one fault injected (or none), on 127.0.0.1, stopped after the test. */
async function serverWith(faultName: string | undefined): Promise<ReferenceServer> {
  const server = await startReferenceServer({ token: TOKEN, ...(faultName ? { fault: findFault(faultName)! } : {}) });
  servers.push(server);
  return server;
}

/** A small run of one operation in this process, as the CLI runs it: its exit code, report and console lines. */
async function check(server: ReferenceServer, operation: string, args: string[]) {
  const dir = join(mkdtempSync(join(tmpdir(), 'otp-choose-')), 'reports');
  const small = ['--runs', '2', '--hostile-runs', '2', '--no-coverage', '--seed', '9', ...(args.includes('--auth-probes') ? [] : ['--no-auth-probes'])];
  const config = resolveRunConfig(['--base-url', server.url, '--token', TOKEN, '--only', operation, '--report-dir', dir, ...small, ...args], {}, dir);
  const lines: string[] = [];
  const outcome = await runConformance(config, {
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
    progress: { tty: false, write: () => {} },
    now: new Date(),
  });
  const report = outcome.report!;
  return { exitCode: outcome.exitCode, report, checks: [...new Set(report.deviations.map((d) => d.check))], console: lines.join('\n'), dir };
}

describe('--exclude-checks', () => {
  it('the check a fault trips fails the run; left out, the run passes and every report names what it did not check', async () => {
    const server = await serverWith('envelope-status-number');
    const tripped = await check(server, 'purchase-order-list', []);
    expect([tripped.exitCode, tripped.checks]).toEqual([1, ['envelope']]);

    const without = await check(server, 'purchase-order-list', ['--exclude-checks', 'envelope']);
    expect(without.exitCode).toBe(0);
    expect(without.report).toMatchObject({
      status: 'pass',
      deviations: [],
      excludedChecks: [{ id: 'envelope', kind: 'check', reason: 'left out by --exclude-checks' }],
    });
    expect(without.report.operations[0]!.byCheck).not.toHaveProperty('envelope');
    expect(without.console).toMatch(/^PASS — .*; 1 check not run \(left out by --exclude-checks\)$/m);
    expect(without.console).toContain('Checks not run: envelope (left out by --exclude-checks)');
    expect(readFileSync(join(without.dir, 'summary.md'), 'utf8')).toContain('- **Checks:** all but 1 (left out by --exclude-checks): envelope');
    expect(readFileSync(join(without.dir, 'report.html'), 'utf8')).toContain('all but 1 (left out by --exclude-checks): envelope');
  });

  it('the documented header refused: left out, its check reports nothing, and the run still says which form it went on in', async () => {
    const server = await serverWith('bearer-space-only');
    expect((await check(server, 'custom-demand-list', ['--auth-probes'])).checks).toEqual(['auth-documented-header']);
    const without = await check(server, 'custom-demand-list', ['--auth-probes', '--exclude-checks', 'auth-documented-header']);
    expect(without.report.status).toBe('pass');
    expect(without.report.target.authScheme).toBe('bearer-space');
    expect(without.report.warnings?.join(' ')).toContain('does not report the refusal: the checks that judge it are left out of this run');
  });

  it('data-schema left out: an operation that answered data is still verified, not unverified for want of that check', async () => {
    const clean = await check(await serverWith(undefined), 'purchase-order-list', ['--exclude-checks', 'data-schema']);
    expect([clean.exitCode, clean.report.status]).toEqual([0, 'pass']);
    expect(clean.report.operations[0]).toMatchObject({ status: 'verified', dataChecked: true });
  });
});

describe('--checks', () => {
  it('limits the deviations to the checks named (and those that always run)', async () => {
    const server = await serverWith('html-error-page');
    expect((await check(server, 'purchase-order-list', [])).checks).toEqual(['json-body', 'json-content-type', 'operation-verified']);
    const named = await check(server, 'purchase-order-list', ['--checks', 'json-content-type']);
    expect(named.checks).toEqual(['json-content-type', 'operation-verified']);
    // The HTML page carries no data to check: the operation stays unverified, and the run incomplete, not a pass.
    expect([named.exitCode, named.report.status]).toEqual([3, 'incomplete']);
    expect(named.report.excludedChecks?.map((entry) => entry.id)).toContain('json-body');
  });

  it('never turns a server that does not answer into a pass: response-received always runs', async () => {
    const server = await serverWith('connection-reset');
    const silent = await check(server, 'login', ['--checks', 'envelope', '--allow-unverified']);
    expect([silent.exitCode, silent.report.status, silent.checks]).toEqual([1, 'fail', ['response-received']]);
  });
});
