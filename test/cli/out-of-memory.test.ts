import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { lockFileOf } from '../../src/report/lock.js';
import { fixtureServer } from '../support/wrong-pages.js';

const run = promisify(execFile);
/** A heap of 96 MB for each of the kit's threads: the worker has no room to parse one of the answers below. */
const env = { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined, NODE_OPTIONS: '--max-old-space-size=96' } as NodeJS.ProcessEnv;

const head = '{"data":{"totalPage":1,"pageNo":1,"list":[';
const tail = ']},"status":"ok","code":"200","message":"","error":{}}';
/** An empty page: what the probe and first contact, in the main thread, get. */
const emptyPage = `${head}${tail}`;
/** 4 MiB of empty records: some 90 MB once parsed, the costliest JSON there is per byte. */
const hugePage = `${head}${Array.from({ length: (4 * 1024 * 1024) / 3 }, () => '{}').join(',')}${tail}`;

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('a run whose suite worker runs short of memory', () => {
  it('stops cleanly with its report: incomplete, exit 3 under the heap limit given to Node, the reason and the requests sent', async () => {
    // The main thread's two calls (the probe, first contact; no sign-in without the auth probes) get an
    // empty page, which it parses under the same limit; every call of the suites gets the huge one.
    const server = await fixtureServer((request) => ({ body: request <= 2 ? emptyPage : hugePage }));
    stop = server.close;
    const dir = join(mkdtempSync(join(tmpdir(), 'otp-out-of-memory-')), 'reports');
    const args = [
      '--base-url',
      server.url,
      '--token',
      'memory-token',
      '--only',
      'bank-card-list',
      '--runs',
      '4',
      '--hostile-runs',
      '2',
      '--no-auth-probes',
      '--seed',
      '7',
      '--report-dir',
      dir,
    ];
    const { code, stdout } = await run(process.execPath, ['bin/otp-conformance.js', ...args], { env, timeout: 120_000 }).then(
      ({ stdout: out }) => ({ code: 0, stdout: out }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(code).toBe(3);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.status).toBe('incomplete');
    expect(report.reason).toMatch(/^the suite worker ran short of memory \(\d+ MB of a \d+ MB heap in use, no room to parse an answer of 4 MB\)/);
    expect(report.reason).toContain('under the heap limit given to Node (--max-old-space-size)');
    expect(report.reason).toContain('NODE_OPTIONS=--max-old-space-size=');
    expect(report.summary.sent).toBeGreaterThan(0);
    expect(report.coverage.find((entry) => entry.id === 'bank-card-list')?.reason).toBe('not run: the suite worker ran short of memory');
    expect(stdout).toMatch(/^The suite worker ran short of memory .*: stopping the run and writing the report…$/m);
    expect(stdout).toMatch(new RegExp(`^INCOMPLETE — no defect found; the suite worker ran short of memory .*; ${report.summary.sent} requests sent`, 'm'));
    expect(existsSync(lockFileOf(dir))).toBe(false);
  }, 120_000);
});
