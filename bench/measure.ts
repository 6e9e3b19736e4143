import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../', import.meta.url));

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface ProcessRun {
  readonly wallMs: number;
  readonly peakRssMb: number;
  readonly code: number | null;
  readonly stdout: string;
}

const peakRssPreload = `${root}bench/peak-rss.mjs`;

/** Runs the CLI as a whole process, as `npm start` does, and measures wall time and peak RSS. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<ProcessRun> {
  return runMeasured(process.execPath, ['--import', peakRssPreload, 'bin/otp-conformance.js', ...args], env);
}

/**
 * Runs `npm start -- ARGS` as a user types it: npm, its pre-step (which builds only when a source
 * changed) and the run. The peak RSS is that of the largest process of the three.
 */
export function runNpmStart(args: readonly string[], checkout: string = root): Promise<ProcessRun> {
  return runMeasured('npm', ['start', '--silent', '--', ...args], { NODE_OPTIONS: `--import=${peakRssPreload}` }, checkout);
}

/** Runs a command as a whole process in `cwd`, and measures wall time and peak RSS (of a Node process preloading bench/peak-rss.mjs). */
export function runMeasured(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string = root): Promise<ProcessRun> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const kb = Math.max(0, ...[...stderr.matchAll(/BENCH_PEAK_RSS_KB=(\d+)/g)].map((match) => Number(match[1])));
      resolve({ wallMs: performance.now() - started, peakRssMb: kb / 1024, code, stdout });
    });
  });
}
