/**
 * `npm run bench:startup [-- DIR…]`: what it costs the kit to get going, from dist/ (built first):
 * a suite worker's import of the kit's modules and its validator's construction, the modules a run
 * loads before it begins, and the CLI's short commands as whole processes. Each figure is the
 * median of fresh processes. Other built checkouts of the kit given as arguments (each with
 * dist/ and node_modules/) are measured too, their samples alternating with this one's, so that
 * a before and an after share the machine's load. `STARTUP_SAMPLES=N` sets the samples (default 9).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, root } from './measure.js';

const samples = Number(process.env.STARTUP_SAMPLES ?? '9');

function node(args: readonly string[]): Promise<{ wallMs: number; stdout: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolvePromise, reject) => {
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolvePromise({ wallMs: performance.now() - started, stdout });
    });
  });
}

export interface StartupFigures {
  readonly kit: string;
  readonly samples: number;
  /** A suite worker: vitest itself, the kit's modules, and sharedValidator() (every schema ready). */
  readonly workerVitestMs: number;
  readonly workerImportMs: number;
  readonly workerValidatorMs: number;
  /** Every module the CLI process of a run loads, loaded: milliseconds since the process started; with the embedded server, and with --base-url. */
  readonly runModulesMs: number;
  readonly baseUrlRunModulesMs: number;
  /** A whole run of `--runs 1` against the embedded server (one valid request per operation, probes, flows, reports). */
  readonly quickRunMs: number;
  /** Whole processes of the CLI's short commands. */
  readonly versionMs: number;
  readonly listMs: number;
  readonly helpMs: number;
}

type Sample = Omit<StartupFigures, 'kit' | 'samples'>;

async function sample(kit: string): Promise<Sample> {
  const probe = async (mode: string) => JSON.parse((await node(['bench/startup-probe.mjs', mode, resolve(kit, 'dist')])).stdout) as Record<string, number>;
  const wall = async (...args: string[]) => (await node([resolve(kit, 'bin/otp-conformance.js'), ...args])).wallMs;
  const quickRun = async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'otp-startup-'));
    try {
      return await wall('run', '--runs', '1', '--seed', '1', '--report-dir', reportDir, '--quiet');
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  };
  const worker = await probe('worker');
  return {
    workerVitestMs: worker.vitestMs!,
    workerImportMs: worker.importMs!,
    workerValidatorMs: worker.validatorMs!,
    runModulesMs: (await probe('run-modules')).sinceStartMs!,
    baseUrlRunModulesMs: (await probe('base-url-run-modules')).sinceStartMs!,
    quickRunMs: await quickRun(),
    versionMs: await wall('--version'),
    listMs: await wall('list'),
    helpMs: await wall('--help'),
  };
}

/** Start-up figures of each kit checkout (this one by default), samples taken in turn. */
export async function measureStartup(kits: readonly string[] = [root]): Promise<StartupFigures[]> {
  for (const kit of kits) await sample(kit); // a warm-up: the file cache, not the figures
  const taken = kits.map(() => [] as Sample[]);
  for (let i = 0; i < samples; i++) {
    for (const [k, kit] of kits.entries()) taken[k]!.push(await sample(kit));
  }
  return kits.map((kit, k) => {
    const keys = Object.keys(taken[k]![0]!) as (keyof Sample)[];
    const medians = Object.fromEntries(keys.map((key) => [key, Math.round(median(taken[k]!.map((s) => s[key])))])) as unknown as Sample;
    return { kit, samples, ...medians };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(root, 'bench/startup.ts')) {
  for (const figures of await measureStartup([root, ...process.argv.slice(2).map((dir) => resolve(dir))])) {
    console.log(`${figures.kit}: start-up, medians of ${figures.samples} fresh processes`);
    console.log(
      `  suite worker: vitest ${figures.workerVitestMs} ms, the kit's modules ${figures.workerImportMs} ms, sharedValidator() ${figures.workerValidatorMs} ms`,
    );
    console.log(`  CLI: a run's modules loaded ${figures.runModulesMs} ms after the process started (${figures.baseUrlRunModulesMs} ms with --base-url)`);
    console.log(`  CLI whole process: run --runs 1 ${figures.quickRunMs} ms`);
    console.log(`  CLI whole process: --version ${figures.versionMs} ms, list ${figures.listMs} ms, --help ${figures.helpMs} ms`);
  }
}
