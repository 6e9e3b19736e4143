import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, type PackedInstall } from '../../bench/packed.js';
import type { Report } from '../../src/index.js';

const run = promisify(execFile);
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
/** A user's machine: none of the caller's OTP_* variables and no CI job summary. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_') && name !== 'GITHUB_STEP_SUMMARY'));

let install: PackedInstall;
beforeAll(() => {
  install = installPacked();
}, 120_000);
afterAll(() => install?.remove());

async function inProject(command: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: install.project, env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the package as npm pack makes it, installed into an empty project', () => {
  it('weighs under 50 MB installed, and holds no TypeScript sources', () => {
    expect(install.installedBytes).toBeLessThan(50e6);
    const kit = join(install.project, 'node_modules/otp-conformance');
    expect(existsSync(join(kit, 'dist/src/cli/main.js'))).toBe(true);
    expect(existsSync(join(kit, 'src'))).toBe(false);
    expect(existsSync(join(install.project, 'node_modules/tsx'))).toBe(false);
  });

  it('npx otp-conformance checks the embedded reference server and writes the reports', async () => {
    const { code, stdout } = await inProject('npx', ['--offline', 'otp-conformance', '--runs', '1', '--hostile-runs', '0', '--seed', '3']);
    expect(code, stdout).toBe(0);
    for (const file of ['report.json', 'junit.xml', 'summary.md', 'report.html']) expect(existsSync(join(install.project, 'reports', file))).toBe(true);
    const report = JSON.parse(readFileSync(join(install.project, 'reports/report.json'), 'utf8')) as Report;
    expect(report).toMatchObject({ status: 'pass', seed: 3, target: { embedded: true } });
    expect(report.summary.operations).toBeGreaterThan(16);
  });

  it("import('otp-conformance') runs a check and returns the report", async () => {
    const script = `const { run } = await import('otp-conformance');
const report = await run({ runs: 1, hostileRuns: 0, only: ['login'], reportDir: 'api-reports' });
console.log(JSON.stringify({ status: report.status, operations: report.operations.map((op) => op.id) }));`;
    const { code, stdout, stderr } = await inProject(process.execPath, ['--input-type=module', '-e', script]);
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ status: 'pass', operations: ['login'] });
  });

  it("'otp-conformance/reference' and 'otp-conformance/vitest' run the suites in the user's own vitest project, under its default test timeout, and catch an injected fault", async () => {
    const suite = (fault: string) => `import { afterAll } from 'vitest';
import { startReference } from 'otp-conformance/reference';
import { defineConformanceSuites } from 'otp-conformance/vitest';
const server = await startReference({ token: 'a-long-token-for-the-test-0123456789'${fault ? `, fault: '${fault}'` : ''} });
afterAll(() => server.close());
defineConformanceSuites({ baseUrl: server.url, token: server.token, only: ['custom-demand', 'alpha-orders'], runs: 10, readOnly: true });
`;
    writeFileSync(join(install.project, 'clean.test.js'), suite(''));
    writeFileSync(join(install.project, 'faulty.test.js'), suite('http-500'));
    const clean = await inProject('npx', ['--offline', 'vitest', 'run', '--reporter=verbose', 'clean.test.js']);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/custom_demand\/list/);
    const faulty = await inProject('npx', ['--offline', 'vitest', 'run', 'faulty.test.js']);
    expect(faulty.code).toBe(1);
    expect(faulty.stdout + faulty.stderr).toContain('http-status');
  });

  it('the exports carry types: a consumer in strict TypeScript compiles, and a wrong option does not', async () => {
    writeFileSync(
      join(install.project, 'consumer.ts'),
      `import { run, type Report, type Deviation, type Severity, type Status, type Options } from 'otp-conformance';
import { startReference } from 'otp-conformance/reference';
import { defineConformanceSuites } from 'otp-conformance/vitest';
const options: Options = { seed: 1, failOn: 'warning' };
const report: Report = await run(options);
const status: Status = report.status;
const first: Deviation | undefined = report.deviations[0];
const severity: Severity | undefined = first?.severity;
const server = await startReference({ fault: 'http-500' });
defineConformanceSuites({ baseUrl: server.url, token: server.token });
// @ts-expect-error seed is a number
await run({ seed: 'one' });
export { status, severity };
`,
    );
    const { code, stdout } = await inProject(process.execPath, [
      tsc,
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      '',
      'consumer.ts',
    ]);
    expect(code, stdout).toBe(0);
  });
});
