import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { resolveRunConfig } from '../../src/config/resolve.js';
import { KitError } from '../../src/errors.js';
import { readBaseline } from '../../src/gate/baseline.js';
import { readWaivers } from '../../src/gate/waivers.js';
import { checkInfos } from '../../src/report/report.js';

const run = promisify(execFile);
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(?:OTP_\w+|https?_proxy|no_proxy)$/i.test(name))) as NodeJS.ProcessEnv;
const dir = mkdtempSync(join(tmpdir(), 'otp-options-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const target = ['--base-url', 'http://127.0.0.1:9', '--token', 'T0KEN-for-tests'];
const aFile = file('plain.txt', 'not a directory');

/** Each wrong call, and a word the one line must carry: it names what is wrong. */
const cases: ReadonlyArray<{ readonly args: string[]; readonly env?: NodeJS.ProcessEnv; readonly names: string | RegExp; readonly hides?: string }> = [
  { args: ['--base-url', 'not a url', '--token', 't'], names: '--base-url' },
  { args: ['--base-url', 'ftp://example.test', '--token', 't'], names: 'ftp:' },
  { args: ['--base-url', 'http://alice:hunter2-secret@127.0.0.1:9/?q=1', '--token', 't'], names: 'query', hides: 'hunter2-secret' },
  { args: ['--base-url', 'http://alice:hunter2-secret@127.0.0.1:9'], names: 'without a token', hides: 'hunter2-secret' },
  { args: ['--base-url', 'http://127.0.0.1:9', '--token', 'abc\ndef-token'], names: /--token holds a line break at character 4/, hides: 'def-token' },
  { args: ['--base-url', 'http://127.0.0.1:9', '--token', 'abc\rdef-token'], names: /--token holds a line break/ },
  { args: ['--base-url', 'http://127.0.0.1:9', '--token', 'price€token'], names: /--token holds U\+20AC, outside Latin-1/, hides: 'price€token' },
  { args: ['--runs', 'many'], names: '--runs' },
  { args: ['--seed', 'x'], names: '--seed' },
  { args: ['--fail-on', 'sometimes'], names: '--fail-on' },
  { args: ['--auth-scheme', 'basic'], names: '--auth-scheme' },
  { args: ['--frobnicate'], names: 'frobnicate' },
  { args: ['--quiet', '--verbose'], names: '--quiet' },
  { args: ['--fail-on-new'], names: '--baseline' },
  { args: ['--shard', '3/2', '--seed', '1'], names: '--shard' },
  { args: ['--shard', '2/2', '--seed', '1', '--only', 'custom-demand'], names: '--shard' },
  { args: ['--read-only'], env: { OTP_INSECURE: 'perhaps' }, names: '--insecure' },
  { args: ['--report-dir', aFile], names: 'is a file' },
  { args: ['--report-dir', join(aFile, 'reports')], names: 'cannot be created' },
  { args: ['--baseline', join(dir, 'missing.json')], names: /--baseline .*missing\.json could not be read as JSON \(ENOENT\)/ },
  {
    args: ['--baseline', file('baseline.json', JSON.stringify({ tool: 'otp-conformance', deviations: [{ operation: '/x', check: 'c' }] }))],
    names: /baseline\.json .*\/deviations\/0: field "severity" is missing/,
  },
  {
    args: ['--waivers', file('waivers.json', JSON.stringify({ waivers: [{ check: 'json-body', reason: 'r', expires: 'soon' }] }))],
    names: /waivers\.json.*\/waivers\/0\/expires/,
  },
  { args: ['--operation-map', file('map.json', JSON.stringify({ operations: { 'no-such-op': { path: '/x' } } }))], names: 'map.json' },
  { args: [...target, '--ca-file', join(dir, 'missing.pem')], names: /--ca-file .*missing\.pem cannot be read \(ENOENT\)/ },
  { args: [...target, '--ca-file', aFile], names: 'holds no PEM certificate' },
  { args: [...target, '--proxy', 'not a url'], names: '--proxy' },
  { args: [...target, '--proxy', 'socks5://127.0.0.1:1080'], names: 'socks5:' },
  { args: target, env: { HTTPS_PROXY: '::garbage::' }, names: 'HTTPS_PROXY' },
  { args: [...target, '--proxy', 'http://bob:proxy-pass-77@not a host'], names: '--proxy', hides: 'proxy-pass-77' },
  { args: [...target, '--header', 'no colon here'], names: '--header' },
  { args: [...target, '--header', 'Authorization: bearer x'], names: '--token' },
  { args: [...target, '--header', 'X-Key: one\r\nX-Injected: two'], names: /--header X-Key: its value holds a line break/ },
  { args: [...target, '--header', 'X-Key: a', '--header', 'x-key: b'], names: 'given twice' },
  { args: ['--har', dir], names: /--har .* is a folder; give the file to write, e\.g\. --har .*run\.har\./ },
];

/** What the command does with its options before the first request; the KitError it throws, if any. */
function optionError(args: readonly string[], extraEnv: NodeJS.ProcessEnv = {}): KitError | undefined {
  try {
    const config = resolveRunConfig(args, { ...env, ...extraEnv }, dir);
    if (config.baseline) readBaseline(config.baseline);
    if (config.waivers)
      readWaivers(
        config.waivers,
        checkInfos.map((check) => check.id),
      );
    return undefined;
  } catch (error) {
    if (error instanceof KitError) return error;
    throw error;
  }
}

const pattern = (names: string | RegExp) => (typeof names === 'string' ? new RegExp(names.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : names);

describe('every option error: one line naming it, before any request', () => {
  it.each(cases.map((entry) => [entry.args.join(' ').slice(0, 80), entry] as const))('%s', (_title, entry) => {
    const error = optionError(entry.args, entry.env);
    expect(error, 'a KitError').toBeDefined();
    expect(error!.message).not.toContain('\n');
    expect(error!.message).toMatch(pattern(entry.names));
    if (entry.hides) expect(error!.message).not.toContain(entry.hides);
  });
});

describe('the command turns each into one line on stderr and exit 2, never a stack trace', () => {
  const sample = cases.filter((_, index) => [2, 4, 16, 19, 22, 30].includes(index));
  it.each(sample.map((entry) => [entry.args.join(' ').slice(0, 80), entry] as const))('%s', async (_title, entry) => {
    const result = await run(process.execPath, ['bin/otp-conformance.js', ...entry.args], { env: { ...env, ...entry.env }, timeout: 30_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(pattern(entry.names));
    if (entry.hides) expect(`${result.stdout}${result.stderr}`).not.toContain(entry.hides);
  });
});
