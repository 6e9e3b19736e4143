import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listedOperations } from '../../src/catalogue/listed-operations.js';
import { operations } from '../../src/catalogue/operations.js';
import { runOptions } from '../../src/config/options.js';
import { resolveRunConfig, resolveTypedOptions, selectOperations } from '../../src/config/resolve.js';
import { kitErrorOf } from '../support/kit-error.js';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'otp-config-'));

it('every typed option is one row of the option table, and every row has its typed option', () => {
  const typed = [...readFileSync(new URL('../../src/config/run-options.ts', import.meta.url), 'utf8').matchAll(/^  readonly (\w+)\?:/gm)].map(
    (match) => match[1],
  );
  expect(runOptions.map((spec) => spec.key).sort()).toEqual(typed.sort());
});

describe('resolveRunConfig', () => {
  it('--require-records, OTP_REQUIRE_RECORDS and requireRecords from code turn on the gate on unchecked records; it is off by default', () => {
    expect(resolveRunConfig([], {}, emptyDir()).requireRecords).toBe(false);
    expect(resolveRunConfig(['--require-records'], {}, emptyDir()).requireRecords).toBe(true);
    expect(resolveRunConfig([], { OTP_REQUIRE_RECORDS: 'true' }, emptyDir()).requireRecords).toBe(true);
    expect(resolveTypedOptions({ requireRecords: true }, emptyDir()).requireRecords).toBe(true);
  });

  it('defaults: embedded server, 8 valid and 8 hostile runs, 10 s, 5 MiB, fail on error, every operation', () => {
    const config = resolveRunConfig([], {}, emptyDir());
    expect(config).toMatchObject({
      baseUrl: undefined,
      runs: 8,
      hostileRuns: 8,
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
    const readOnly = resolveRunConfig([...target, '--read-only'], {}, emptyDir());
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
    expect(resolveRunConfig(['--runs', '2'], {}, emptyDir())).toMatchObject({ hostileRuns: 8, coveragePass: true, authProbes: true, stateful: true });
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

describe('options given together that cannot both hold: refused, naming both and the one to drop', () => {
  const target = ['--base-url', 'https://127.0.0.1:9', '--token', 't'];
  it.each([
    { argv: ['--read-only', '--stateful'], env: {}, names: ['--read-only', '--stateful'], drop: 'drop --stateful' },
    { argv: ['--read-only'], env: { OTP_STATEFUL: 'true' }, names: ['--read-only', 'OTP_STATEFUL (environment)'], drop: 'drop OTP_STATEFUL (environment)' },
    { argv: ['--no-coverage', '--walk-pages', '3'], env: {}, names: ['--no-coverage', '--walk-pages'], drop: 'drop --walk-pages' },
    { argv: ['--walk-records', '30'], env: { OTP_COVERAGE: 'false' }, names: ['OTP_COVERAGE (environment)', '--walk-records'], drop: 'drop --walk-records' },
    { argv: [...target, '--insecure', '--ca-file', 'ca.pem'], env: {}, names: ['--insecure', '--ca-file'], drop: 'drop --insecure' },
    { argv: ['--stateful', '--no-stateful'], env: {}, names: ['--stateful and --no-stateful'], drop: 'give one' },
    { argv: ['--verbose'], env: { OTP_QUIET: '1' }, names: ['OTP_QUIET (environment)', '--verbose'], drop: 'pick one' },
  ])('$argv with $env', ({ argv, env, names, drop }) => {
    const error = kitErrorOf(() => resolveRunConfig(argv, env, emptyDir()));
    expect(error.code).toBe('OTP_BAD_OPTION');
    for (const name of names) expect(error.message).toContain(name);
    expect(error.message).toContain(drop);
    expect(error.message).not.toContain('\n');
  });

  it('an option in .env counts as given', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, '.env'), 'OTP_WALK_PAGES=4\n');
    expect(kitErrorOf(() => resolveRunConfig(['--no-coverage'], {}, dir)).message).toContain('OTP_WALK_PAGES (.env)');
  });

  it('what only looks alike is accepted: a default the other option changes, or options that agree', () => {
    // --runs 1 turns the extras off by default; asking for one is documented, not a contradiction.
    expect(resolveRunConfig(['--runs', '1', '--auth-probes', '--stateful'], {}, emptyDir())).toMatchObject({ authProbes: true, stateful: true });
    expect(resolveRunConfig(['--read-only', '--no-stateful'], {}, emptyDir())).toMatchObject({ readOnly: true, stateful: false });
    expect(resolveRunConfig(['--coverage', '--walk-pages', '3'], {}, emptyDir())).toMatchObject({ coveragePass: true, walkPages: 3 });
    expect(resolveRunConfig(['--read-only'], { OTP_STATEFUL: 'false' }, emptyDir()).stateful).toBe(false);
    // The command line beats the environment: --no-stateful leaves nothing to contradict.
    expect(resolveRunConfig(['--read-only', '--no-stateful'], { OTP_STATEFUL: 'true' }, emptyDir()).stateful).toBe(false);
  });
});
