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

/** Runs the CLI as a whole process, as `npm start` does, and measures wall time and peak RSS. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<ProcessRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', './bench/peak-rss.mjs', 'bin/otp-conformance.js', ...args], {
    cwd: root,
    env: { ...process.env, ...env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const kb = Number(/BENCH_PEAK_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? 0);
      resolve({ wallMs: performance.now() - started, peakRssMb: kb / 1024, code, stdout });
    });
  });
}
