import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, userEnv } from '../support/cli.js';
import { afterAll, describe, expect, it } from 'vitest';
import { takenPort } from '../support/taken-port.js';

/** A fresh user's environment: none of the caller's OTP_* variables, and an empty working directory. */
const env = userEnv;
const cwd = mkdtempSync(join(tmpdir(), 'otp-mistakes-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const kit = (args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}) => runCli(args, { cwd, env: { ...env, ...extraEnv }, timeout: 30_000 });

/** A mistake: exit 2 before anything starts, and one line on stderr that says what is wrong and what to do, never "please report". */
async function expectMistake(args: readonly string[], line: string | RegExp, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
  const { code, stdout, stderr } = await kit(args, extraEnv);
  expect(code, stderr).toBe(2);
  expect(stdout).toBe('');
  const lines = stderr.split('\n').filter((text) => text !== '');
  expect(lines).toHaveLength(1);
  if (typeof line === 'string') expect(lines[0]).toBe(`otp-conformance: ${line}`);
  else expect(lines[0]).toMatch(line);
  expect(stderr).not.toMatch(/please report/i);
}

describe('serve where it cannot listen', () => {
  const taken = takenPort();

  it('a port in use: says so, and to give another --port or --port 0', async () => {
    await expectMistake(
      ['serve', '--port', String(taken.port), '--host', '127.0.0.1'],
      `--port ${taken.port} is in use on 127.0.0.1: another program (or another serve) listens there; give another --port, or --port 0 for a free one.`,
    );
  });

  it('a --host that is not an address of this machine (192.0.2.1 is kept for documentation, RFC 5737)', async () => {
    await expectMistake(['serve', '--port', '0', '--host', '192.0.2.1'], /^otp-conformance: --host 192\.0\.2\.1 is not an address of this machine; give one/);
  });

  it.each(['0x50', '1e3', '-1', '65536', ''])('--port %j: not a port number', async (text) => {
    await expectMistake(['serve', `--port=${text}`], `--port ${JSON.stringify(text)} is not a port number; use 0–65535, e.g. --port 8080.`);
  });

  it('a token no header can carry', async () => {
    await expectMistake(['serve', '--port', '0', '--token', 'abc\ndef'], /^otp-conformance: --token holds a line break at character 4/);
  });
});

describe('an option mistyped, without its value, or with a value it does not take', () => {
  const help = 'Run otp-conformance --help for the options.';
  it.each([
    [['--bse-url', 'http://127.0.0.1:9'], `--bse-url is not an option of run; did you mean --base-url? ${help}`],
    [['run', '--frobnicate'], `--frobnicate is not an option of run. ${help}`],
    [['--runs', '1', '--timeout'], `--timeout needs a value: write it as --timeout MS. ${help}`],
    [['--read-only=yes'], `--read-only takes no value (given --read-only=yes): give --read-only alone to turn it on. ${help}`],
    [['--seed', '-5'], `--seed -5: a value that starts with a dash goes after an equals sign: --seed=-5. ${help}`],
    [['serve', '--prot', '8080'], '--prot is not an option of serve; did you mean --port? Run otp-conformance serve --help for the options.'],
    [['serve', '8080'], '"8080" is not an option of serve; options start with --. Run otp-conformance serve --help for the options.'],
    [
      ['merge', '--report-dri', 'out', 'a.json'],
      /^otp-conformance: --report-dri is not an option of merge; did you mean --report-dir\? Usage: otp-conformance merge /,
    ],
    [
      ['replay', 'report.json', '--deviaton', '2'],
      /^otp-conformance: --deviaton is not an option of replay; did you mean --deviation\? Usage: otp-conformance replay /,
    ],
    [['lst'], 'Unknown command "lst"; did you mean list? Use run, serve, list, explain, openapi, merge, replay, proxy or check (see --help).'],
  ])('%j', async (args, line) => {
    await expectMistake(args, line);
  });
});

describe('options that contradict each other', () => {
  it.each([
    [['--read-only', '--stateful'], {}, /--read-only and --stateful contradict each other: .*; drop --stateful/],
    [['--read-only'], { OTP_STATEFUL: 'true' }, /--read-only and OTP_STATEFUL \(environment\) contradict each other/],
    [['--no-coverage', '--walk-pages', '3'], {}, /--no-coverage and --walk-pages contradict each other: .*; drop --walk-pages/],
    [
      ['--base-url', 'https://127.0.0.1:9', '--token', 't', '--insecure', '--ca-file', 'ca.pem'],
      {},
      /--insecure and --ca-file contradict each other: .*; drop --insecure\.$/,
    ],
  ])('%j %j', async (args, extraEnv, line) => {
    await expectMistake(args, line, extraEnv);
  });
});

describe('a setup copied from .env.example and not finished', () => {
  it(".env copied unchanged: OTP_TOKEN named as the example's placeholder, exit 2, nothing sent", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-example-env-'));
    try {
      copyFileSync(new URL('../../.env.example', import.meta.url), join(dir, '.env'));
      const { code, stdout, stderr } = await runCli([], { cwd: dir, env, timeout: 30_000 });
      expect(code, stderr).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^otp-conformance: OTP_TOKEN is still the example's placeholder: /)]);
      expect(existsSync(join(dir, 'reports'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a file option naming a folder', () => {
  it('--har: the file to write, not a folder', async () => {
    await expectMistake(['--har', cwd], `--har ${cwd} is a folder; give the file to write, e.g. --har ${join(cwd, 'run.har')}.`);
  });
});

describe('where the reports go, after the run', () => {
  it('a job summary that cannot be written: one line with the fix, the reports written and the run’s own exit code', async () => {
    const reports = join(cwd, 'summary-run');
    const { code, stderr } = await kit(['--runs', '1', '--only', 'login', '--report-dir', reports], {
      GITHUB_STEP_SUMMARY: join(cwd, 'no-such-folder', 'summary.md'),
    });
    expect(code, stderr).toBe(0);
    const lines = stderr.split('\n').filter((text) => text !== '');
    expect(lines).toEqual([expect.stringMatching(/^otp-conformance: the job summary .* could not be appended to .*unset it\.$/)]);
    expect(existsSync(join(reports, 'report.json'))).toBe(true);
  });
});
