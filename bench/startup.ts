/**
 * `npm run bench:startup [-- DIR…]`: what it costs the kit to get going, from dist/ (built first):
 * a suite worker's import of the kit's modules and its validator's construction, every module a
 * run loads, a whole `--runs 1` run and the CLI's short commands. Each figure is the median of
 * fresh processes, as wall and as CPU time (all threads): on a machine shared with other work the
 * CPU time is the steadier of the two. Other built checkouts of the kit given as arguments (each
 * with dist/ and node_modules/) are measured too, their samples alternating with this one's, so
 * that a before and an after share the machine's load. `STARTUP_SAMPLES=N` sets the samples (default 9).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, root } from './measure.js';

const samples = Number(process.env.STARTUP_SAMPLES ?? '9');

/** Wall and CPU milliseconds of one thing measured. */
export interface Cost {
  readonly wallMs: number;
  readonly cpuMs: number;
}

function node(args: readonly string[]): Promise<{ wallMs: number; stdout: string; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, OTP_BASE_URL: undefined, OTP_TOKEN: undefined } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolvePromise, reject) => {
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolvePromise({ wallMs: performance.now() - started, stdout, stderr });
    });
  });
}

const MEASURES = ['workerVitest', 'workerImport', 'workerValidator', 'runModules', 'baseUrlRunModules', 'quickRun', 'version', 'list', 'help'] as const;
type Measure = (typeof MEASURES)[number];

export interface StartupFigures {
  readonly kit: string;
  readonly samples: number;
  /**
   * workerVitest, workerImport, workerValidator: a suite worker's import of vitest, of the kit's
   * modules, and sharedValidator() (every schema ready). runModules, baseUrlRunModules: every module
   * the CLI process of a run loads, loaded, since the process started; with the embedded server and
   * with --base-url. quickRun: a whole `run --runs 1` against the embedded server. version, list,
   * help: whole processes of those commands.
   */
  readonly costs: Readonly<Record<Measure, Cost>>;
}

async function sample(kit: string): Promise<Record<Measure, Cost>> {
  const probe = async (mode: string) => JSON.parse((await node(['bench/startup-probe.mjs', mode, resolve(kit, 'dist')])).stdout) as Record<string, Cost>;
  const wholeProcess = async (...args: string[]): Promise<Cost> => {
    const { wallMs, stderr } = await node(['--import', './bench/cpu-time.mjs', resolve(kit, 'bin/otp-conformance.js'), ...args]);
    return { wallMs, cpuMs: Number(/BENCH_CPU_MS=([\d.]+)/.exec(stderr)?.[1]) };
  };
  const quickRun = async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'otp-startup-'));
    try {
      return await wholeProcess('run', '--runs', '1', '--seed', '1', '--report-dir', reportDir, '--quiet');
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  };
  const worker = await probe('worker');
  return {
    workerVitest: worker.vitest!,
    workerImport: worker.kit!,
    workerValidator: worker.validator!,
    runModules: (await probe('run-modules')).modules!,
    baseUrlRunModules: (await probe('base-url-run-modules')).modules!,
    quickRun: await quickRun(),
    version: await wholeProcess('--version'),
    list: await wholeProcess('list'),
    help: await wholeProcess('--help'),
  };
}

/** Start-up figures of each kit checkout (this one by default), samples taken in turn. */
export async function measureStartup(kits: readonly string[] = [root]): Promise<StartupFigures[]> {
  for (const kit of kits) await sample(kit); // a warm-up: the file cache, not the figures
  const taken = kits.map(() => [] as Record<Measure, Cost>[]);
  for (let i = 0; i < samples; i++) {
    for (const [k, kit] of kits.entries()) taken[k]!.push(await sample(kit));
  }
  return kits.map((kit, k) => {
    const medianOf = (measure: Measure): Cost => ({
      wallMs: Math.round(median(taken[k]!.map((s) => s[measure].wallMs))),
      cpuMs: Math.round(median(taken[k]!.map((s) => s[measure].cpuMs))),
    });
    return { kit, samples, costs: Object.fromEntries(MEASURES.map((measure) => [measure, medianOf(measure)])) as Record<Measure, Cost> };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(root, 'bench/startup.ts')) {
  const shown = (cost: Cost) => `${cost.wallMs} ms (CPU ${cost.cpuMs} ms)`;
  for (const { kit, samples: taken, costs } of await measureStartup([root, ...process.argv.slice(2).map((dir) => resolve(dir))])) {
    console.log(`${kit}: start-up, medians of ${taken} fresh processes, wall (CPU, all threads)`);
    console.log(
      `  suite worker: vitest ${shown(costs.workerVitest)}, the kit's modules ${shown(costs.workerImport)}, sharedValidator() ${shown(costs.workerValidator)}`,
    );
    console.log(`  CLI, every module of a run loaded: ${shown(costs.runModules)} after the process started; with --base-url ${shown(costs.baseUrlRunModules)}`);
    console.log(`  CLI whole process: run --runs 1 ${shown(costs.quickRun)}`);
    console.log(`  CLI whole process: --version ${shown(costs.version)}, list ${shown(costs.list)}, --help ${shown(costs.help)}`);
  }
}
