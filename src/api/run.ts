import { runConformance } from '../cli/run.js';
import { resolveRunConfig } from '../config/resolve.js';
import { KitError } from '../errors.js';
import type { Report } from '../report/report.js';
import { argvOf, type Options } from './options.js';

/**
 * One run, as `otp-conformance run` does it, returning the report it wrote. It resolves whatever
 * the server did — read `status` (only `pass` means checked and conforming); it rejects with a
 * KitError (a stable `code`) when the options are wrong and nothing could start.
 */
export async function run(options: Options = {}): Promise<Report> {
  const config = resolveRunConfig(argvOf(options), {}, options.cwd ?? process.cwd());
  if (config.replay !== undefined) throw new KitError('OTP_BAD_OPTION', 'run() writes a report; --replay prints one call instead: use the CLI for it.');
  const outcome = await runConformance(
    { ...config, verbosity: 'quiet' },
    { log: () => {}, error: () => {}, progress: { tty: false, write: () => {} }, now: new Date() },
  );
  return outcome.report!;
}
