import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { argvOf } from '../../src/api/options.js';
import { run } from '../../src/api/run.js';
import { defineConformanceSuites } from '../../src/api/vitest.js';
import { KitError } from '../../src/errors.js';

describe('run() takes the switches of the command line', () => {
  it('checks, excludeChecks and maxFailures stand for --checks, --exclude-checks and --max-failures; leaving out none adds nothing', () => {
    expect(argvOf({ checks: ['data-schema', 'envelope'], maxFailures: 3 })).toEqual(['--checks', 'data-schema,envelope', '--max-failures', '3']);
    expect(argvOf({ excludeChecks: ['page-total'] })).toEqual(['--exclude-checks', 'page-total']);
    expect(argvOf({ excludeChecks: [] })).toEqual([]);
  });

  it('a run that leaves a check out returns a report that names it', async () => {
    const reportDir = join(mkdtempSync(join(tmpdir(), 'otp-api-switches-')), 'reports');
    const report = await run({ runs: 1, seed: 3, only: ['custom-demand-list'], excludeChecks: ['page-total'], maxFailures: 1, reportDir });
    expect(report.status).toBe('pass');
    expect(report.excludedChecks).toEqual([{ id: 'page-total', kind: 'check', reason: 'left out by --exclude-checks' }]);
  });

  it("the suites of a vitest project refuse --max-failures and --dry-run: vitest's --bail is theirs", () => {
    for (const args of [['--max-failures', '1'], ['--dry-run']]) {
      expect(() => defineConformanceSuites({ baseUrl: 'http://127.0.0.1:9', token: 't0ken-of-a-test', args }), args[0]).toThrow(/--bail/);
    }
  });

  it('a dry run writes no report, so run() refuses it, as it refuses --replay', async () => {
    const refused = await run({ args: ['--dry-run'] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KitError);
    expect((refused as KitError).message).toContain('--dry-run prints a plan and writes none');
  });
});
