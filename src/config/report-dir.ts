import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { KitError } from '../errors.js';

function refuse(dir: string, problem: string): KitError {
  return new KitError('OTP_BAD_REPORT_DIR', `--report-dir ${dir} ${problem}; give a directory you can write to, e.g. --report-dir reports.`);
}

/**
 * The report directory must exist and be writable, or be creatable: checked before the first
 * request, so that a run is never lost for want of a place to write its report. Of a directory that
 * exists nothing more is asked: its lock and its files are written inside it, so its parent may be
 * read-only. Nothing is created here.
 */
export function checkReportDir(dir: string): void {
  let probe = dir;
  for (;;) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(probe).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw refuse(dir, `cannot be created (${code ?? (error as Error).message} at ${probe})`);
      const parent = dirname(probe);
      if (parent === probe) throw refuse(dir, 'cannot be created (no existing directory above it)');
      probe = parent;
      continue;
    }
    if (!isDirectory) throw refuse(dir, probe === dir ? 'is a file, not a directory' : `cannot be created: ${probe} is a file`);
    try {
      accessSync(probe, constants.W_OK | constants.X_OK);
    } catch {
      throw refuse(dir, probe === dir ? 'is not writable' : `cannot be created: ${probe} is not writable`);
    }
    return;
  }
}
