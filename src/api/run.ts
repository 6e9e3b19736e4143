import { runConformance } from '../run/run.js';
import { silentIo } from '../run/io.js';
import { resolveTypedOptions } from '../config/resolve.js';
import { KitError } from '../errors.js';
import type { Report } from '../report/report.js';
import type { Options } from './options.js';

/** Process events the run's machinery (the test runner it starts) listens to while it lasts. */
const HOST_EVENTS = ['SIGINT', 'SIGTERM', 'exit', 'unhandledRejection', 'uncaughtException'] as const;
/** Of those, the ones whose listeners would take the host's Ctrl-C from it (vitest's logger exits the process). */
const HOST_SIGNALS: ReadonlySet<string | symbol> = new Set(['SIGINT', 'SIGTERM']);

/**
 * Runs `work` as a guest of the host process: the host's exit code is what it was, no listener the
 * run added to a process event stays, and while the run lasts a signal listener added by it is
 * taken off again at once, so the host's own handling of Ctrl-C and SIGTERM is unchanged.
 */
async function asGuest<T>(work: () => Promise<T>): Promise<T> {
  // As a plain emitter: the listeners of these events are compared and removed, never called.
  const host: NodeJS.EventEmitter = process;
  const exitCode = process.exitCode;
  const before = new Map(HOST_EVENTS.map((event) => [event, new Set(host.listeners(event))]));
  const keepSignals = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (HOST_SIGNALS.has(event)) queueMicrotask(() => host.off(event, listener));
  };
  process.on('newListener', keepSignals);
  try {
    return await work();
  } finally {
    process.off('newListener', keepSignals);
    process.exitCode = exitCode;
    for (const [event, listeners] of before) {
      for (const listener of host.listeners(event)) if (!listeners.has(listener)) host.off(event, listener as (...args: unknown[]) => void);
    }
  }
}

/**
 * One run, as `otp-conformance run` does it, returning the report it wrote. It resolves whatever
 * the server did — read `status` (only `pass` means checked and conforming); it rejects with a
 * KitError (a stable `code`) when the options are wrong and nothing could start. It leaves its host
 * alone: no exit code set, no listener left on the process.
 */
export async function run(options: Options = {}): Promise<Report> {
  const config = resolveTypedOptions(options, options.cwd ?? process.cwd(), ['cwd']);
  if (config.replay !== undefined) throw new KitError('OTP_BAD_OPTION', 'run() writes a report; --replay prints one call instead: use the CLI for it.');
  if (config.dryRun) throw new KitError('OTP_BAD_OPTION', 'run() writes a report; --dry-run prints a plan and writes none: use the CLI for it.');
  const outcome = await asGuest(() => runConformance({ ...config, verbosity: 'quiet' }, silentIo(new Date())));
  // Only --dry-run and --replay, refused above, end a run without a report.
  if (!outcome.report) throw new Error('runConformance returned no report for a run that is neither --dry-run nor --replay.');
  return outcome.report;
}
