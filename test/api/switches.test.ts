import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/api/run.js';
import { defineConformanceSuites } from '../../src/api/vitest.js';
import { resolveRunConfig, resolveTypedOptions } from '../../src/config/resolve.js';
import { KitError } from '../../src/errors.js';

describe('run() takes the switches of the command line', () => {
  it('typed options resolve as their command line does: checks, excludeChecks, maxFailures, timeoutMs, headers; leaving out none adds nothing', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'otp-api-typed-'));
    const same = (typed: Parameters<typeof resolveTypedOptions>[0], argv: string[]) =>
      expect(resolveTypedOptions({ seed: 5, ...typed }, cwd)).toEqual(resolveRunConfig(['--seed', '5', ...argv], {}, cwd));
    same({ checks: ['data-schema', 'envelope'], maxFailures: 3 }, ['--checks', 'data-schema,envelope', '--max-failures', '3']);
    same({ excludeChecks: ['page-total'], timeoutMs: 3000, coverage: false }, ['--exclude-checks', 'page-total', '--timeout', '3000', '--no-coverage']);
    same({ excludeChecks: [], headers: ['X-Tenant: acme'] }, ['--header', 'X-Tenant: acme']);
  });

  it('a mistake in typed options is named as the caller wrote it, and a name run() does not know is refused', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'otp-api-typed-'));
    expect(() => resolveTypedOptions({ readOnly: true, stateful: true }, cwd)).toThrow(/options\.readOnly and options\.stateful contradict each other/);
    const untyped: Parameters<typeof resolveTypedOptions>[0] = JSON.parse('{"timeout": 5000}');
    expect(() => resolveTypedOptions(untyped, cwd)).toThrow('options.timeout is not an option of run; did you mean options.timeoutMs?');
  });

  it('a run that leaves a check out returns a report that names it', async () => {
    const reportDir = join(mkdtempSync(join(tmpdir(), 'otp-api-switches-')), 'reports');
    const report = await run({ runs: 1, seed: 3, only: ['custom-demand-list'], excludeChecks: ['page-total'], maxFailures: 1, reportDir });
    expect(report.status).toBe('pass');
    expect(report.excludedChecks).toEqual([{ id: 'page-total', kind: 'check', reason: 'left out by --exclude-checks' }]);
  });

  it("the suites of a vitest project refuse --max-failures and --dry-run: vitest's --bail is theirs", () => {
    const target = { baseUrl: 'http://127.0.0.1:9', token: 't0ken-of-a-test' };
    expect(() => defineConformanceSuites({ ...target, ...JSON.parse('{"maxFailures": 1}') })).toThrow(/--bail/);
    expect(() => defineConformanceSuites({ ...target, ...JSON.parse('{"dryRun": true}') })).toThrow(/--bail/);
  });

  it('a dry run writes no report, so run() refuses it, as it refuses --replay', async () => {
    const refused = await run(JSON.parse('{"dryRun": true}')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KitError);
    expect((refused as KitError).message).toContain('--dry-run prints a plan and writes none');
  });
});
