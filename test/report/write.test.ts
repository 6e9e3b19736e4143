import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFileOf, lockReportDir } from '../../src/report/lock.js';
import { writeReports } from '../../src/report/write.js';
import { sampleReport } from './fixture.js';

const parentDir = () => mkdtempSync(join(tmpdir(), 'otp-write-'));

describe('the report dir', () => {
  it('is written whole, replacing the last run’s files and keeping what else it holds, with nothing left beside it', async () => {
    const parent = parentDir();
    const dir = join(parent, 'reports');
    mkdirSync(join(dir, 'part-1'), { recursive: true });
    writeFileSync(join(dir, 'report.json'), '{"old":true}');
    writeFileSync(join(dir, 'baseline.json'), 'kept');
    writeFileSync(join(dir, 'part-1', 'report.json'), 'kept too');
    const files = await writeReports(sampleReport(), dir);
    expect(readdirSync(dir).sort()).toEqual(['baseline.json', 'junit.xml', 'part-1', 'report.html', 'report.json', 'summary.md']);
    expect(JSON.parse(readFileSync(files.json, 'utf8'))).toMatchObject({ status: 'fail' });
    expect(readFileSync(join(dir, 'baseline.json'), 'utf8')).toBe('kept');
    expect(readFileSync(join(dir, 'part-1', 'report.json'), 'utf8')).toBe('kept too');
    expect(readdirSync(parent)).toEqual(['reports']);
  });

  it('is held by one run at a time: a live holder refuses the second, exit 2 with its pid; released, it is free again', () => {
    const dir = join(parentDir(), 'reports');
    const lock = lockReportDir(dir);
    expect(readFileSync(lockFileOf(dir), 'utf8')).toBe(String(process.pid));
    expect(() => lockReportDir(dir)).toThrow(`Another run (pid ${process.pid}) is writing to ${dir}`);
    lock.release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    lockReportDir(dir).release();
  });
});

describe('a report dir that cannot be written', () => {
  it('is a kit error naming the folder, the run’s status and the fix, not an unexpected failure', async () => {
    const parent = parentDir();
    const dir = join(parent, 'reports');
    // What stood as a folder when the run began is a file when it ends.
    writeFileSync(dir, 'not a folder');
    await expect(writeReports(sampleReport(), dir)).rejects.toMatchObject({
      code: 'OTP_BAD_REPORT_DIR',
      message: expect.stringMatching(/^the reports could not be written to .*reports \(.*\); the run was fail: give a --report-dir you can write to/),
    });
    expect(readdirSync(parent)).toEqual(['reports']);
  });
});
