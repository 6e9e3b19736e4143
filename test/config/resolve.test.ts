import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { operations } from '../../src/catalogue/operations.js';
import { resolveRunConfig, selectOperations } from '../../src/config/resolve.js';
import { kitErrorOf } from '../support/kit-error.js';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'otp-config-'));

describe('resolveRunConfig', () => {
  it('defaults: embedded server, 25 runs, 10 s, 5 MiB, fail on error, every operation', () => {
    const config = resolveRunConfig([], {}, emptyDir());
    expect(config).toMatchObject({
      baseUrl: undefined,
      runs: 25,
      timeoutMs: 10_000,
      maxBodyBytes: 5 * 1024 * 1024,
      failOn: 'error',
      authScheme: 'bearer-no-space',
    });
    // With the embedded server, the reference server's map places every operation of 4.1 too.
    expect(config.operations).toEqual([...operations, ...listedOperations].map((op) => op.id));
  });

  it('stateful flows are on against any server; --no-stateful and --read-only turn them off', () => {
    const target = ['--base-url', 'http://127.0.0.1:9', '--token', 't'];
    expect(resolveRunConfig(target, {}, emptyDir())).toMatchObject({ stateful: true, readOnly: false });
    expect(resolveRunConfig([...target, '--no-stateful'], {}, emptyDir()).stateful).toBe(false);
    expect(resolveRunConfig(target, { OTP_STATEFUL: 'false' }, emptyDir()).stateful).toBe(false);
    const readOnly = resolveRunConfig([...target, '--read-only', '--stateful'], {}, emptyDir());
    expect(readOnly).toMatchObject({ stateful: false, readOnly: true });
    expect(readOnly.operations).not.toContain('custom-demand-create');
  });

  it('--runs 1 is the quick pass: nothing but one valid call per operation, unless other options ask for more', () => {
    expect(resolveRunConfig(['--runs', '1'], {}, emptyDir())).toMatchObject({
      runs: 1,
      hostileRuns: 0,
      coveragePass: false,
      authProbes: false,
      stateful: false,
    });
    expect(resolveRunConfig([], { OTP_RUNS: '1' }, emptyDir())).toMatchObject({ hostileRuns: 0, coveragePass: false });
    const asked = resolveRunConfig(['--runs', '1', '--hostile-runs', '3', '--coverage', '--auth-probes', '--stateful'], {}, emptyDir());
    expect(asked).toMatchObject({ runs: 1, hostileRuns: 3, coveragePass: true, authProbes: true, stateful: true });
    expect(resolveRunConfig(['--runs', '2'], {}, emptyDir())).toMatchObject({ hostileRuns: 25, coveragePass: true, authProbes: true, stateful: true });
  });

  it('--read-only with only operations that change state is refused, not run as an empty check', () => {
    const error = kitErrorOf(() => resolveRunConfig(['--read-only', '--only', 'custom-demand-create'], {}, emptyDir()));
    expect(error.code).toBe('OTP_BAD_OPTION');
    expect(error.message).toContain('custom-demand-create');
    expect(resolveRunConfig(['--read-only', '--only', 'custom-demand'], {}, emptyDir()).operations).toEqual(['custom-demand-list', 'custom-demand-detail']);
  });

  it('option beats environment beats .env', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, '.env'), 'OTP_RUNS=3\nOTP_SEED=11\nOTP_TIMEOUT_MS=500\n');
    const config = resolveRunConfig(['--runs', '7'], { OTP_RUNS: '5', OTP_SEED: '12' }, dir);
    expect(config).toMatchObject({ runs: 7, seed: 12, timeoutMs: 500 });
  });

  it('a base URL needs a token', () => {
    expect(kitErrorOf(() => resolveRunConfig(['--base-url', 'http://127.0.0.1:9'], {}, emptyDir())).message).toContain('--token');
  });

  it.each([
    [['--base-url', 'localhost:8080', '--token', 't'], '--base-url'],
    [['--base-url', 'ftp://x', '--token', 't'], 'http'],
    [['--runs', '0'], '--runs'],
    [['--timeout', '1.5'], '--timeout'],
    [['--auth-scheme', 'basic'], 'bearer-no-space'],
    [['--fail-on', 'info'], '--fail-on'],
    [['--seed', 'abc'], '--seed'],
    [['--only', 'invoices'], '--only'],
    [['--colour'], '--help'],
  ])('refuses %j with a sentence naming %s', (argv, mention) => {
    const error = kitErrorOf(() => resolveRunConfig(argv, {}, emptyDir()));
    expect(error.message).toContain(mention);
  });
});

describe('selectOperations', () => {
  it('takes groups, documented paths and ids', () => {
    expect(selectOperations(['custom-demand'])).toEqual(['custom-demand-list', 'custom-demand-create', 'custom-demand-delete']);
    expect(selectOperations(['/openapi/alpha/orders/getAlphaOrders', 'login'])).toEqual(['login', 'alpha-orders-list']);
  });

  it('says when a group has no documented operation', () => {
    expect(kitErrorOf(() => selectOperations(['token'])).message).toContain('4.1');
  });
});
