import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KitError } from '../errors.js';

export interface ReportDirLock {
  /** Removes the lock, if it is still ours. */
  release(): void;
}

/**
 * The lock file of a report folder: inside it, so that a folder that exists needs nothing of its
 * parent (which may be read-only, or another file system when the folder is a mount point). The
 * reports are written in place, file by file, so the folder is never moved and the lock stays.
 */
export function lockFileOf(reportDir: string): string {
  return join(reportDir, '.otp-conformance.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function heldBy(pid: number | undefined, reportDir: string, lockFile: string): KitError {
  return new KitError(
    'OTP_REPORT_DIR_LOCKED',
    `Another run${pid === undefined ? '' : ` (pid ${pid})`} is writing to ${reportDir} (lock file ${lockFile}); wait for it to end, or give this run its own --report-dir.`,
  );
}

/**
 * Takes the report folder for this run, creating it if it does not exist yet (with the mode mkdir
 * gives any folder): a lock file in it holding our pid, created only if absent. A lock left by a
 * process that no longer runs is taken over (moved aside first, so that of two runs taking it over
 * at once only one succeeds). Refused, with exit 2, while a live run holds it.
 */
export function lockReportDir(reportDir: string): ReportDirLock {
  const lockFile = lockFileOf(reportDir);
  const pid = String(process.pid);
  try {
    mkdirSync(reportDir, { recursive: true });
  } catch (error) {
    throw new KitError('OTP_BAD_REPORT_DIR', `${reportDir} cannot be created (${(error as Error).message}); pick a --report-dir you can write to.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, pid, { flag: 'wx' });
      return {
        release: () => {
          if (readPid(lockFile) === process.pid) rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new KitError('OTP_BAD_REPORT_DIR', `${lockFile} cannot be written (${(error as Error).message}); pick a --report-dir you can write to.`);
      }
    }
    const holder = readPid(lockFile);
    if (holder !== undefined && isAlive(holder)) throw heldBy(holder, reportDir, lockFile);
    const aside = `${lockFile}.stale-${pid}`;
    try {
      renameSync(lockFile, aside);
    } catch {
      continue;
    }
    // Between reading and moving, another run may have taken the stale lock over: then it is theirs.
    const moved = readPid(aside);
    if (moved !== holder && moved !== undefined && isAlive(moved)) {
      renameSync(aside, lockFile);
      throw heldBy(moved, reportDir, lockFile);
    }
    rmSync(aside, { force: true });
  }
  throw heldBy(readPid(lockFile), reportDir, lockFile);
}
