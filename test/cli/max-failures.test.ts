import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/run/run.js';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { causesOf } from '../../src/report/causes.js';
import { type FrontServer, startFrontServer } from '../support/front-server.js';

const TOKEN = 'several-faults-4e1b9c7d0a';
/** Records of another shape than 2.3 and 2.5 document: each list's own cause. */
const wrongRecords = { data: { list: [{ nothing: 'documented' }], pageNo: 1, pageSize: 10, totalPage: 1 }, status: 'ok', code: '200', message: 'ok' };

let faulty: ReferenceServer;
let clean: ReferenceServer;
let severalFaults: FrontServer;
beforeAll(async () => {
  faulty = await startReferenceServer({ token: TOKEN, fault: findFault('page-list-object')! });
  clean = await startReferenceServer({ token: TOKEN });
  // Three groups with a fault each: beta-products (the injected one), purchase-orders and custom-demand (the front's).
  severalFaults = await startFrontServer(faulty.url, {
    '//pc/purchase_order/list': { kind: 'answer', body: wrongRecords },
    '//pc/custom_demand/list': { kind: 'answer', body: wrongRecords },
  });
});
afterAll(async () => {
  await severalFaults.close();
  await Promise.all([faulty.close(), clean.close()]);
});

async function check(url: string, args: string[]) {
  const dir = join(mkdtempSync(join(tmpdir(), 'otp-max-failures-')), 'reports');
  const small = ['--runs', '2', '--hostile-runs', '2', '--no-auth-probes', '--no-coverage', '--seed', '4'];
  const config = resolveRunConfig(['--base-url', url, '--token', TOKEN, '--report-dir', dir, ...small, ...args], {}, dir);
  const lines: string[] = [];
  const outcome = await runConformance(config, {
    log: (line) => lines.push(line),
    error: () => {},
    progress: { tty: false, write: () => {} },
    now: new Date(),
  });
  return { exitCode: outcome.exitCode, report: outcome.report!, console: lines.join('\n'), dir };
}

describe('--max-failures', () => {
  it('against a server with several faults, 1 stops the run at the first: a failing report of what finished, marked stopped early, exit 1', async () => {
    const whole = await check(severalFaults.url, []);
    expect(causesOf(whole.report.deviations).length).toBeGreaterThanOrEqual(3);

    const stopped = await check(severalFaults.url, ['--max-failures', '1']);
    expect(stopped.exitCode).toBe(1);
    const { report } = stopped;
    expect(report).toMatchObject({ status: 'fail', verdict: 'fail', stoppedEarly: { reason: 'max-failures', after: 1 } });
    expect(causesOf(report.deviations).length).toBeLessThan(causesOf(whole.report.deviations).length);
    const notRun = report.coverage.filter((entry) => entry.reason === 'not run: the run stopped early (--max-failures)');
    // The other faulty groups come after the first one found: something is always left unchecked.
    expect(notRun.length).toBe(report.stoppedEarly!.notChecked.operations);
    expect(notRun.length).toBeGreaterThan(0);
    expect(report.summary.operations + notRun.length).toBe(whole.report.summary.operations);
    const stop = `stopped after 1 failure (--max-failures 1): ${notRun.length} operation`;
    expect(report.reason).toContain(stop);
    expect(stopped.console).toContain('--max-failures 1 reached: stopping the run and writing the report…');
    expect(stopped.console.split('\n').find((line) => line.startsWith('FAIL — '))).toContain(stop);
    expect(readFileSync(join(stopped.dir, 'summary.md'), 'utf8')).toContain(stop);
    expect(readFileSync(join(stopped.dir, 'junit.xml'), 'utf8')).toContain('<testsuites');
  });

  it('N counts distinct causes: 2 stops once two are found, before the third faulty group', async () => {
    const stopped = await check(severalFaults.url, ['--max-failures', '2']);
    expect(stopped.report).toMatchObject({ status: 'fail', stoppedEarly: { after: 2 } });
    expect(causesOf(stopped.report.deviations).filter((cause) => cause.severity === 'error').length).toBeGreaterThanOrEqual(2);
    expect(stopped.report.stoppedEarly!.notChecked.operations).toBeGreaterThan(0);
  });

  it('a waived cause does not count towards the limit: the run goes on to the end', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-max-failures-waivers-'));
    const waivers = join(dir, 'waivers.json');
    const reason = 'known, fixed in the next release';
    writeWaivers(waivers, reason);
    const run = await check(faulty.url, ['--max-failures', '1', '--waivers', waivers, '--only', 'beta-products']);
    expect(run.report.stoppedEarly).toBeUndefined();
    expect([run.exitCode, run.report.status]).toEqual([0, 'pass']);
  });

  it('against a conforming server it never stops: the run passes, with no mark of a stop', async () => {
    const run = await check(clean.url, ['--max-failures', '1', '--only', 'custom-demand,purchase-orders']);
    expect([run.exitCode, run.report.status, run.report.stoppedEarly]).toEqual([0, 'pass', undefined]);
  });
});

function writeWaivers(file: string, reason: string): void {
  const entry = (check: string) => ({ check, operation: '/openapi/beta/products/getProductsByBrandId', reason, expires: '2999-01-01' });
  const body = { waivers: ['data-schema', 'page-past-end-list', 'page-total', 'page-repeated-records', 'page-number-echo', 'page-size-bound'].map(entry) };
  writeFileSync(file, JSON.stringify(body));
}
