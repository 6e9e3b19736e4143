import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { fixtureServer, wrongPageBody } from '../support/wrong-pages.js';

const run = promisify(execFile);
const env = { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined } as NodeJS.ProcessEnv;
const RECORDS = 60_000;

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('a server answering pages of 60,000 wrong records, just under the 5 MiB body cap', () => {
  it('exit 1 with an aggregated report: one deviation per cause counting every record, report.json under 20 MB, "and N more" in the HTML', async () => {
    const page = wrongPageBody(RECORDS);
    const server = await fixtureServer(() => ({ body: page }));
    stop = server.close;
    const dir = mkdtempSync(join(tmpdir(), 'otp-wrong-pages-'));
    const args = [
      '--base-url',
      server.url,
      '--token',
      't',
      '--only',
      'bank-card-list',
      '--runs',
      '4',
      '--hostile-runs',
      '2',
      '--seed',
      '3',
      '--report-dir',
      dir,
      '--quiet',
    ];
    const outcome = await run(process.execPath, ['bin/otp-conformance.js', ...args], { env, timeout: 120_000 }).then(
      () => ({ code: 0 }),
      (error: { code: number }) => ({ code: error.code }),
    );
    expect(outcome.code).toBe(1);

    expect(statSync(join(dir, 'report.json')).size).toBeLessThan(20 * 1024 * 1024);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    const dataSchema = report.deviations.filter((d) => d.check === 'data-schema');
    expect(dataSchema.map((d) => d.instancePath).sort()).toEqual(['/data/list/0/accountName', '/data/list/0/bankAccount', '/data/list/0/id']);
    // Every record of every page read counts: the four valid calls, and the pages the coverage pass's walk reads.
    const occurrences = dataSchema[0]!.occurrences;
    expect(occurrences % RECORDS).toBe(0);
    expect(occurrences).toBeGreaterThanOrEqual(4 * RECORDS);
    for (const deviation of dataSchema) {
      expect(deviation.occurrences).toBe(occurrences);
      expect(deviation.samples).toHaveLength(2);
      expect(deviation.recurrence).toBe('consistent');
    }
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain(`and ${occurrences - 3} more occurrences`);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain(`and ${occurrences - 3} more`);
  }, 120_000);
});
