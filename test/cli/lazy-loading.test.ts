import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../../bin/otp-conformance.js', import.meta.url));
const tracer = fileURLToPath(new URL('../support/module-trace.mjs', import.meta.url));
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTP_') && name !== 'GITHUB_STEP_SUMMARY'));
const scratch = mkdtempSync(join(tmpdir(), 'otp-lazy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * The modules the process of a command of the compiled kit loads (its main thread: vitest starts
 * its workers without the preload), as paths under the package (`dist/src/…`, `node_modules/…`).
 */
async function modulesLoadedBy(args: readonly string[]): Promise<Set<string>> {
  const trace = join(scratch, `trace-${Math.random().toString(36).slice(2)}.txt`);
  await run(process.execPath, ['--import', tracer, cli, ...args], { cwd: scratch, env: { ...env, OTP_MODULE_TRACE: trace }, timeout: 60_000 }).catch(
    (error: { code?: number }) => {
      // A run that reports deviations or an unreachable target exits 1 or 3; the modules are what is tested here.
      if (typeof error.code !== 'number') throw error;
    },
  );
  const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
  return new Set(
    readFileSync(trace, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith('file:'))
      .map((url) => fileURLToPath(url).replace(packageRoot, '')),
  );
}

const loadsAny = (modules: Set<string>, prefix: string) => [...modules].some((module) => module.startsWith(prefix));

/** What only a run of the suites needs. */
const suiteRunOnly = [
  'node_modules/vitest/',
  'node_modules/undici/',
  'dist/src/engine/operation/run-operation.js',
  'dist/src/report/html',
  'dist/src/report/junit.js',
  'dist/src/reference/server.js',
];

describe('each command loads only the modules it needs', () => {
  it.each([['--version'], ['--help'], ['list'], ['explain', 'data-schema'], ['openapi', '--format', 'json']])(
    '%s: nothing of a run (vitest, undici, the engine, renderers, the reference server)',
    async (...args) => {
      const modules = await modulesLoadedBy(args);
      expect(loadsAny(modules, 'dist/src/cli/main.js')).toBe(true);
      expect(suiteRunOnly.filter((prefix) => loadsAny(modules, prefix))).toEqual([]);
    },
  );

  it('serve: the reference server, and neither vitest nor the report renderers', async () => {
    const modules = await modulesLoadedBy(['serve', '--inject', 'list']);
    expect(loadsAny(modules, 'dist/src/reference/faults/')).toBe(true);
    expect(
      ['node_modules/vitest/', 'dist/src/report/html', 'dist/src/engine/operation/run-operation.js'].filter((prefix) => loadsAny(modules, prefix)),
    ).toEqual([]);
  });

  it('--dry-run without --base-url: neither the embedded server nor vitest, and no report renderer', async () => {
    const modules = await modulesLoadedBy(['--dry-run']);
    expect(loadsAny(modules, 'dist/src/run/dry-run.js')).toBe(true);
    expect(['node_modules/vitest/', 'dist/src/reference/server.js', 'dist/src/report/html'].filter((prefix) => loadsAny(modules, prefix))).toEqual([]);
  });

  it('a run of the embedded server: the schemas come compiled (standalone code), Ajv is not loaded', async () => {
    const reportDir = join(scratch, 'embedded');
    const modules = await modulesLoadedBy(['--only', 'custom-demand', '--runs', '1', '--report-dir', reportDir, '--quiet']);
    expect(JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))).toMatchObject({ status: 'pass' });
    expect(loadsAny(modules, 'dist/src/reference/server.js')).toBe(true);
    expect(loadsAny(modules, 'dist/src/validation/schemas.compiled.cjs')).toBe(true);
    expect(loadsAny(modules, 'node_modules/ajv/dist/2020.js')).toBe(false);
  });

  describe('a run with --base-url', () => {
    let server: ReferenceServer;
    beforeAll(async () => {
      server = await startReferenceServer({ token: 'lazy-loading-token', host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await server.close();
    });

    it('runs the suites and writes the reports, and never loads the reference server', async () => {
      const reportDir = join(scratch, 'base-url');
      const modules = await modulesLoadedBy([
        '--base-url',
        server.url,
        '--token',
        server.token,
        '--only',
        'custom-demand',
        '--runs',
        '1',
        '--report-dir',
        reportDir,
        '--quiet',
      ]);
      expect(JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'))).toMatchObject({ status: 'pass' });
      expect(loadsAny(modules, 'node_modules/vitest/dist/node.js')).toBe(true);
      expect(loadsAny(modules, 'dist/src/report/html.js')).toBe(true);
      expect(loadsAny(modules, 'dist/src/reference/server.js')).toBe(false);
      // Of undici, the pool it sends through: not its index, which also loads fetch, WebSocket and the mock agents.
      expect(loadsAny(modules, 'node_modules/undici/lib/dispatcher/pool.js')).toBe(true);
      expect(
        ['node_modules/undici/index.js', 'node_modules/undici/lib/web/', 'node_modules/undici/lib/mock/'].filter((prefix) => loadsAny(modules, prefix)),
      ).toEqual([]);
    });
  });
});
