import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSettings } from '../src/engine/schedule/settings.js';
import { MUTATION_SEEDS, runMutants } from '../test/mutation-set/mutation.js';
import { deviationsAgainst } from '../test/mutation-set/run-against.js';
import { median, root } from './measure.js';
import { type PhaseFigures, type PhaseRunFigures, withPhaseTable } from './phase-table.js';

/**
 * `npm run bench:phases`: what each phase of a run finds that no other does, over the mutation set
 * under its first seed, and what it costs a default run; writes docs/phases.json and the phase table
 * of docs/performance.md. About ten minutes on the 2-core machine.
 */
const PHASES: readonly { readonly phase: string; readonly without: string; readonly overrides: Partial<RunSettings> }[] = [
  { phase: 'coverage pass and page walk', without: 'coveragePass: false', overrides: { coveragePass: false } },
  { phase: 'generated valid calls, and the probes that wait for the first', without: 'runs: 0', overrides: { runs: 0 } },
  { phase: 'generated hostile calls', without: 'hostileRuns: 0', overrides: { hostileRuns: 0 } },
  { phase: 'auth probes', without: 'authProbes: false', overrides: { authProbes: false } },
  { phase: 'HTTP probes', without: 'httpProbes: false', overrides: { httpProbes: false } },
  { phase: 'flows and round trips', without: 'stateful: false', overrides: { stateful: false } },
];

const ROUNDS = 3;
const [seed] = MUTATION_SEEDS as [number, ...number[]];

async function cleanRun(overrides: Partial<RunSettings>): Promise<{ requests: number; wallMs: number }> {
  const started = performance.now();
  const { requests } = await deviationsAgainst({}, undefined, { ...overrides, seed });
  return { requests, wallMs: performance.now() - started };
}

const everything = await runMutants(undefined, [seed]);
const found = new Set(everything.verdicts.filter((verdict) => verdict.detected).map((verdict) => verdict.fault.name));
console.log(`every phase: ${found.size} of ${everything.total} faults found under seed ${seed}`);

const phases: PhaseFigures[] = [];
for (const { phase, without, overrides } of PHASES) {
  const score = await runMutants(undefined, [seed], overrides);
  const stillFound = new Set(score.verdicts.filter((verdict) => verdict.detected).map((verdict) => verdict.fault.name));
  const onlyIt = [...found].filter((name) => !stillFound.has(name));
  // Alternating rounds, so that a change in the machine's load falls on both sides alike.
  const withIt: { requests: number; wallMs: number }[] = [];
  const withoutIt: { requests: number; wallMs: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    withIt.push(await cleanRun({}));
    withoutIt.push(await cleanRun(overrides));
  }
  const figures: PhaseFigures = {
    phase,
    without,
    onlyIt,
    requestsWith: median(withIt.map((run) => run.requests)),
    requestsWithout: median(withoutIt.map((run) => run.requests)),
    wallMsWith: Math.round(median(withIt.map((run) => run.wallMs))),
    wallMsWithout: Math.round(median(withoutIt.map((run) => run.wallMs))),
  };
  phases.push(figures);
  console.log(
    `${phase}: ${onlyIt.length} found only by it; ${figures.requestsWith - figures.requestsWithout} requests, ${figures.wallMsWith - figures.wallMsWithout} ms`,
  );
}

const result: PhaseRunFigures = { seed, faults: everything.total, found: found.size, phases };
writeFileSync(join(root, 'docs', 'phases.json'), `${JSON.stringify(result, null, 2)}\n`);
const page = join(root, 'docs/performance.md');
writeFileSync(page, withPhaseTable(readFileSync(page, 'utf8'), result));
console.log('written: docs/phases.json and the phase table of docs/performance.md');
