import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, userEnv } from '../support/cli.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import type { Report } from '../../src/report/report.js';

const env = userEnv;
const dir = mkdtempSync(join(tmpdir(), 'otp-replay-'));
const token = 'replay-test-token-5f2c9a';

const kit = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli(args, { cwd: dir, env: { ...env, ...extraEnv } });

let faulty: ReferenceServer;
let clean: ReferenceServer;
let reportFile: string;
let report: Report;

beforeAll(async () => {
  faulty = await startReferenceServer({ token, fault: findFault('crash-on-non-ascii')! });
  clean = await startReferenceServer({ token });
  const reportDir = join(dir, 'found');
  const found = await kit([
    '--base-url',
    faulty.url,
    '--token',
    token,
    '--only',
    'purchase-order-list',
    '--runs',
    '2',
    '--hostile-runs',
    '5',
    '--seed',
    '9',
    '--report-dir',
    reportDir,
  ]);
  if (found.code !== 1) throw new Error(`the run that makes the report to replay should find the fault (exit 1), got exit ${found.code}`);
  reportFile = join(reportDir, 'report.json');
  report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
});

afterAll(async () => {
  await faulty?.close();
  await clean?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('otp-conformance replay REPORT.json', () => {
  it('against the server still at fault: each failing deviation still fails, exit 1', async () => {
    const failing = report.deviations.filter((deviation) => deviation.severity === 'error');
    expect(failing.map((deviation) => deviation.check)).toContain('http-status');
    const { code, stdout } = await kit(['replay', reportFile], { OTP_TOKEN: token });
    expect(code).toBe(1);
    for (const deviation of failing) expect(stdout).toMatch(new RegExp(`ERROR ${deviation.check} at .*: STILL FAILING`));
    expect(stdout).toContain(`${failing.length} still failing, 0 fixed (of ${failing.length})`);
    expect(stdout).not.toContain(token);
  });

  it('against a server without the fault: fixed, exit 0', async () => {
    const { code, stdout } = await kit(['replay', reportFile, '--base-url', clean.url, '--token', token]);
    expect(code).toBe(0);
    expect(stdout).toContain(`against ${clean.url}`);
    expect(stdout).not.toContain('STILL FAILING');
    expect(stdout).toMatch(/ERROR http-status at .*: FIXED/);
  });

  it('--deviation N replays that one, whatever its severity', async () => {
    const number = report.deviations.findIndex((deviation) => deviation.severity === 'warning') + 1;
    expect(number).toBeGreaterThan(0);
    const still = await kit(['replay', '--deviation', String(number), reportFile], { OTP_TOKEN: token });
    expect(still.code).toBe(1);
    expect(still.stdout).toContain(`#${number} WARNING ${report.deviations[number - 1]!.check}`);
    expect(still.stdout).toContain('(of 1)');
    const fixed = await kit(['replay', `--deviation=${number}`, reportFile, '--base-url', clean.url], { OTP_TOKEN: token });
    expect(fixed.code).toBe(0);
  });

  it('a deviation without a replay (an auth probe) is not counted as fixed: exit 3, or exit 2 when named', async () => {
    const probe = { ...report.deviations[0]!, check: 'auth-missing-token', path: 'auth:missing', replay: undefined };
    const file = join(dir, 'probe-report.json');
    writeFileSync(file, JSON.stringify({ ...report, deviations: [probe] }));
    const all = await kit(['replay', file], { OTP_TOKEN: token });
    expect(all.code).toBe(3);
    expect(all.stdout).toContain('NOT REPLAYED');
    const named = await kit(['replay', file, '--deviation', '1'], { OTP_TOKEN: token });
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('has no replay');
  });

  it('a file that is not a report, or a deviation number it does not have: exit 2 with a sentence', async () => {
    const notReport = join(dir, 'not-a-report.json');
    writeFileSync(notReport, JSON.stringify({ hello: 'world' }));
    const bad = await kit(['replay', notReport], { OTP_TOKEN: token });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not a report.json the kit can read');
    const missing = await kit(['replay', join(dir, 'absent.json')], { OTP_TOKEN: token });
    expect(missing.code).toBe(2);
    const outOfRange = await kit(['replay', reportFile, '--deviation', '999'], { OTP_TOKEN: token });
    expect(outOfRange.code).toBe(2);
    expect(outOfRange.stderr).toContain(`has ${report.deviations.length} deviations`);
    const none = await kit(['replay'], { OTP_TOKEN: token });
    expect(none.code).toBe(2);
  });

  it('judges by every check: a deviation is never called fixed for want of its check, so a check selection is refused, from the environment too', async () => {
    const left = await kit(['replay', reportFile, '--exclude-checks', 'http-status'], { OTP_TOKEN: token });
    expect(left.code).toBe(2);
    expect(left.stderr).toContain(
      '--exclude-checks (or its OTP_ variable) belongs to a run, not to replay, which re-sends each call and judges it by every check',
    );
    const fromEnvironment = await kit(['replay', reportFile], { OTP_TOKEN: token, OTP_CHECKS: 'envelope' });
    expect(fromEnvironment.code).toBe(2);
    expect(fromEnvironment.stderr).toContain('--checks (or its OTP_ variable) belongs to a run');
  });

  it('the token comes from --token or OTP_TOKEN: the report holds none', async () => {
    const { code, stderr } = await kit(['replay', reportFile]);
    expect(code).toBe(2);
    expect(stderr).toContain('without a token');
  });
});
