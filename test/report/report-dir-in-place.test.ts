import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  type Stats,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkReportDir } from '../../src/config/report-dir.js';
import { lockFileOf, lockReportDir } from '../../src/report/lock.js';
import { writeReports } from '../../src/report/write.js';
import { sampleReport } from './fixture.js';

/**
 * Where this machine has no second file system to put a report dir on, the test makes one up: while
 * `crossing.edge` is set, a rename from inside that folder to outside it, or back, fails with EXDEV,
 * as the kernel fails it when the folder is a mount point.
 */
const crossing = vi.hoisted(() => ({ edge: undefined as string | undefined }));
vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof fs>();
  // Imported here: the factory runs before the test file's own imports.
  const path = await import('node:path');
  const within = (file: string, edge: string) => path.resolve(file) === edge || path.resolve(file).startsWith(edge + path.sep);
  const renameSync: typeof original.renameSync = (from, to) => {
    const edge = crossing.edge;
    if (edge !== undefined && within(String(from), edge) !== within(String(to), edge)) {
      throw Object.assign(new Error(`EXDEV: cross-device link not permitted, rename '${String(from)}' -> '${String(to)}'`), {
        code: 'EXDEV',
        errno: -18,
        syscall: 'rename',
      });
    }
    original.renameSync(from, to);
  };
  return { ...original, renameSync };
});

const OWN_FILES = ['junit.xml', 'report.html', 'report.json', 'summary.md'];
const isRoot = process.getuid?.() === 0;
const made: string[] = [];
const scratch = (under = tmpdir()) => {
  const dir = mkdtempSync(join(under, 'otp-in-place-'));
  made.push(dir);
  return dir;
};

afterEach(() => {
  crossing.edge = undefined;
  for (const dir of made.splice(0)) {
    chmodSync(dir, 0o755);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A writable folder on another device than os.tmpdir(): tmpfs on /dev/shm on most Linux machines. */
function secondDevice(): string | undefined {
  const here = statSync(tmpdir()).dev;
  for (const candidate of ['/dev/shm', '/var/tmp']) {
    try {
      if (statSync(candidate).dev === here) continue;
      rmSync(mkdtempSync(join(candidate, 'otp-probe-')), { recursive: true });
      return candidate;
    } catch {
      // Missing or not writable: the next candidate.
    }
  }
  return undefined;
}

/** A run's end, as the CLI does it: the lock, the four files, the lock released. */
async function run(reportDir: string): Promise<void> {
  const lock = lockReportDir(reportDir);
  try {
    await writeReports(sampleReport(), reportDir);
  } finally {
    lock.release();
  }
}

const identity = (stats: Stats) => ({ ino: stats.ino, dev: stats.dev, mode: stats.mode, uid: stats.uid, gid: stats.gid });

/** A report dir that held an old report and a file of the user's, on whatever device it is. */
function lastRunIn(dir: string): void {
  writeFileSync(join(dir, 'report.json'), '{"old":true}');
  writeFileSync(join(dir, 'baseline.json'), 'kept');
}

function expectWrittenIn(dir: string): void {
  expect(readdirSync(dir).sort()).toEqual(['baseline.json', ...OWN_FILES]);
  expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toMatchObject({ status: 'fail' });
  expect(readFileSync(join(dir, 'baseline.json'), 'utf8')).toBe('kept');
}

const device = secondDevice();

describe('a report dir on another device than its parent (a mount point: a Docker volume, a bind mount)', () => {
  it(
    device
      ? `is written in place: a folder on ${device} (another device) that the parent links to`
      : 'is written in place (no second device here: EXDEV injected on every rename across the folder’s edge)',
    async () => {
      const parent = scratch();
      const reportDir = join(parent, 'reports');
      let target = reportDir;
      if (device) {
        target = scratch(device);
        symlinkSync(target, reportDir);
        expect(statSync(reportDir).dev).not.toBe(statSync(parent).dev);
      } else {
        mkdirSync(reportDir);
        crossing.edge = reportDir;
      }
      lastRunIn(target);
      const before = identity(statSync(target));

      await run(reportDir);

      expectWrittenIn(target);
      expect(identity(statSync(target))).toEqual(before);
      expect(readdirSync(parent)).toEqual(['reports']);
      if (device) expect(lstatSync(reportDir).isSymbolicLink()).toBe(true);
    },
  );

  it('is written in place when every rename across its edge fails with EXDEV, as on a mount point', async () => {
    const parent = scratch();
    const reportDir = join(parent, 'reports');
    mkdirSync(reportDir);
    lastRunIn(reportDir);
    const before = identity(statSync(reportDir));
    crossing.edge = reportDir;

    await run(reportDir);

    crossing.edge = undefined;
    expectWrittenIn(reportDir);
    expect(identity(statSync(reportDir))).toEqual(before);
    expect(readdirSync(parent)).toEqual(['reports']);
  });
});

describe('a writable report dir inside a read-only parent', () => {
  it(
    isRoot
      ? 'is accepted and written without touching the parent (as root, whom mode 0555 does not stop: nothing created, renamed or removed there — its entries and mtime unchanged)'
      : 'is accepted and written without touching the parent (mode 0555: its entries and mtime unchanged)',
    async () => {
      const parent = scratch();
      const reportDir = join(parent, 'reports');
      mkdirSync(reportDir);
      lastRunIn(reportDir);
      // A fixed past mtime: any entry created, renamed or removed in the parent would set it to now.
      const past = new Date('2001-02-03T04:05:06Z');
      chmodSync(parent, 0o555);
      utimesSync(parent, past, past);

      checkReportDir(reportDir);
      await run(reportDir);

      expectWrittenIn(reportDir);
      expect(readdirSync(parent)).toEqual(['reports']);
      expect(statSync(parent).mtime).toEqual(past);
    },
  );

  it(
    isRoot
      ? 'refuses, before the run, a report dir that cannot be created (as root, whom permission bits do not stop, only the file in the way is observable)'
      : 'refuses, before the run, a report dir that is not writable or cannot be created',
    () => {
      const parent = scratch();
      writeFileSync(join(parent, 'a-file'), '');
      expect(() => checkReportDir(join(parent, 'a-file', 'reports'))).toThrow(expect.objectContaining({ code: 'OTP_BAD_REPORT_DIR' }));
      if (isRoot) return;
      const readOnly = join(parent, 'read-only');
      mkdirSync(readOnly, { mode: 0o555 });
      expect(() => checkReportDir(readOnly)).toThrow(
        expect.objectContaining({ code: 'OTP_BAD_REPORT_DIR', message: expect.stringContaining('is not writable') }),
      );
      expect(() => checkReportDir(join(readOnly, 'reports'))).toThrow(
        expect.objectContaining({ code: 'OTP_BAD_REPORT_DIR', message: expect.stringContaining('cannot be created') }),
      );
    },
  );
});

describe('the report dir keeps what it is', () => {
  it.each(['0755', '0750', '0700', '0775'])('an existing dir of mode %s keeps its mode, owner and inode', async (octal) => {
    const mode = Number.parseInt(octal, 8);
    const reportDir = join(scratch(), 'reports');
    mkdirSync(reportDir);
    chmodSync(reportDir, mode);
    const before = identity(statSync(reportDir));

    await run(reportDir);
    await run(reportDir);

    expect(identity(statSync(reportDir))).toEqual(before);
    expect(statSync(reportDir).mode & 0o777).toBe(mode);
  });

  it('a dir that does not exist yet is created with the mode mkdir gives any new folder (the umask’s), not 0700', async () => {
    const parent = scratch();
    const reportDir = join(parent, 'deeper', 'reports');
    mkdirSync(join(parent, 'like-any-folder'));
    const usual = statSync(join(parent, 'like-any-folder')).mode;

    await run(reportDir);

    expect(statSync(reportDir).mode).toBe(usual);
    expect(readdirSync(reportDir).sort()).toEqual(OWN_FILES);
  });

  it('each file is replaced whole, by a rename over it (a new inode), never rewritten where a reader may be reading it', async () => {
    const reportDir = join(scratch(), 'reports');
    await run(reportDir);
    const first = OWN_FILES.map((name) => statSync(join(reportDir, name)).ino);
    await run(reportDir);
    const second = OWN_FILES.map((name) => statSync(join(reportDir, name)).ino);
    for (const [index, name] of OWN_FILES.entries()) expect(second[index], name).not.toBe(first[index]);
    expect(readdirSync(reportDir).sort()).toEqual(OWN_FILES);
  });
});

describe('the lock of a report dir', () => {
  it('lives in the report dir, which is created for it: the parent is never written while the dir exists', () => {
    const parent = scratch();
    const reportDir = join(parent, 'reports');
    const lock = lockReportDir(reportDir);
    expect(lockFileOf(reportDir).startsWith(reportDir + sep)).toBe(true);
    expect(readFileSync(lockFileOf(reportDir), 'utf8')).toBe(String(process.pid));
    expect(readdirSync(parent)).toEqual(['reports']);
    lock.release();
    expect(readdirSync(reportDir)).toEqual([]);
  });

  it('of a process that has ended is taken over', () => {
    const reportDir = join(scratch(), 'reports');
    mkdirSync(reportDir);
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockFileOf(reportDir), String(gone));
    const lock = lockReportDir(reportDir);
    expect(readFileSync(lockFileOf(reportDir), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFileOf(reportDir))).toBe(false);
  });
});
