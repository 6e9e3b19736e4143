/**
 * `npm run bench:against -- DIR…`: `npm start` as a user types it, in this checkout and in each
 * other built checkout of the kit given (each with dist/ and node_modules/), the runs alternating so
 * that every build shares the machine's load alike. Each sample runs under the same seed in every
 * checkout. Prints, for each, the median wall time, the largest peak RSS and the requests of a run,
 * then this checkout's median as a ratio of each other's. `AGAINST_SAMPLES=N` sets the samples a
 * checkout (default 7); `AGAINST_ARGS='--runs 1'` adds options to every run (the quick pass). Each
 * ratio is given twice: of the medians, and as the median of the ratios of each sample to the other
 * checkout's taken beside it, with the middle half of those, which shows how far the machine moved
 * the figure. A script, not a test: it prints figures and asserts nothing.
 *
 * To set this build against an older one: `git worktree add --detach ../otp-old REV`, link or
 * install its node_modules, `npm run build` there, then `npm run bench:against -- ../otp-old`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median, root, runNpmStart } from './measure.js';

const samples = Number(process.env.AGAINST_SAMPLES ?? '7');
const extraArgs = (process.env.AGAINST_ARGS ?? '').split(/\s+/).filter((arg) => arg.length > 0);
const checkouts = [root, ...process.argv.slice(2).map((dir) => resolve(dir))];
if (checkouts.length < 2) {
  console.error('usage: npm run bench:against -- DIR… (other built checkouts of the kit to set this one against)');
  process.exit(2);
}

interface Sample {
  readonly wallMs: number;
  readonly peakRssMb: number;
  readonly requests: number;
}

async function sampleOf(checkout: string, seed: number): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), 'otp-against-'));
  try {
    const run = await runNpmStart([...extraArgs, '--seed', String(seed), '--report-dir', dir, '--quiet'], checkout);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { summary: { requests: number } };
    return { wallMs: run.wallMs, peakRssMb: run.peakRssMb, requests: report.summary.requests };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const taken = new Map<string, Sample[]>(checkouts.map((checkout) => [checkout, []]));
// One warm-up each (the file cache, and a build check that compiles nothing), then the samples in turn.
for (const checkout of checkouts) await sampleOf(checkout, 1);
for (let i = 0; i < samples; i++) {
  for (const checkout of checkouts) taken.get(checkout)?.push(await sampleOf(checkout, i + 1));
}

const figures = checkouts.map((checkout) => {
  const runs = taken.get(checkout) ?? [];
  return {
    checkout,
    wallMs: Math.round(median(runs.map((run) => run.wallMs))),
    peakRssMb: Math.round(Math.max(...runs.map((run) => run.peakRssMb))),
    requests: median(runs.map((run) => run.requests)),
  };
});
console.log(`npm start${extraArgs.length > 0 ? ` -- ${extraArgs.join(' ')}` : ''}, alternating, ${samples} samples a checkout (medians; peak RSS the largest)`);
for (const figure of figures) console.log(`  ${figure.checkout}: ${figure.wallMs} ms wall, ${figure.peakRssMb} MB peak RSS, ${figure.requests} requests`);
const [here, ...others] = figures;
/** The value a quarter (or three quarters) of the way through the sorted values, read as the samples fall. */
const quartile = (values: readonly number[], at: 1 | 3) => [...values].sort((a, b) => a - b)[Math.floor(((values.length - 1) * at) / 4)] ?? Number.NaN;
for (const other of others) {
  if (!here) continue;
  // Each sample of this checkout beside the other's taken right after it: the machine's drift moves both alike.
  const mine = taken.get(here.checkout) ?? [];
  const theirs = taken.get(other.checkout) ?? [];
  const paired = mine.flatMap((run, i) => (theirs[i] ? [run.wallMs / theirs[i].wallMs] : []));
  console.log(
    `  this checkout ÷ ${other.checkout}: ${(here.wallMs / other.wallMs).toFixed(2)}× the wall time; ` +
      `sample by sample ${median(paired).toFixed(2)}×, half of the pairs between ${quartile(paired, 1).toFixed(2)}× and ${quartile(paired, 3).toFixed(2)}×`,
  );
}
