import type { Operation } from '../../src/catalogue/operations.js';
import type { Deviation } from '../../src/engine/judging/deviation.js';
import type { RunSettings } from '../../src/engine/schedule/settings.js';
import { faults as allFaults } from './faults/catalogue.js';
import type { CaughtFault } from './planted-fault.js';
import { deviationsAgainst, findSelfCheckOperation } from './run-against.js';

/**
 * The seeds every fault is run under. Whether a fault is found must not depend on the seed, so a
 * fault counts as detected only when all of them find it. The first is the seed of docs/checks.md.
 */
export const MUTATION_SEEDS: readonly number[] = [20261122, 1, 42, 1713025771, 2147483647];

/** Mutants run side by side: each has its own server and client, and most of their time is waiting. */
const PARALLEL_MUTANTS = 6;

/** What the kit made of one injected fault under one seed. */
export interface MutantResult {
  readonly fault: CaughtFault;
  readonly seed: number;
  /** The deviation that reports the fault: its check, its severity, at its operation. */
  readonly caughtBy: Deviation | undefined;
  readonly deviations: readonly Deviation[];
  readonly requests: number;
  /** Why the run stopped at first contact, where it did: the fault was never put to the checks. */
  readonly notRun?: string;
}

/** What the kit made of one fault under every seed. */
export interface FaultVerdict {
  readonly fault: CaughtFault;
  /** One result per seed, in the order of the seeds. */
  readonly bySeed: readonly MutantResult[];
  /** Found under every seed. */
  readonly detected: boolean;
  /** The seeds under which it escaped. */
  readonly missedUnder: readonly number[];
}

export interface MutationScore {
  readonly seeds: readonly number[];
  readonly verdicts: readonly FaultVerdict[];
  /** Faults found under every seed. */
  readonly detected: number;
  readonly total: number;
  /** Per seed, the faults it found. */
  readonly detectedBySeed: readonly { readonly seed: number; readonly detected: number }[];
  readonly escaped: readonly string[];
  readonly requests: number;
  readonly durationMs: number;
}

/** The operation whose answer must show the fault. */
export function reportedAt(fault: CaughtFault): Operation {
  return findSelfCheckOperation(fault.expect.at ?? fault.operationId)!;
}

/**
 * The check that reports a request left without an answer: its faults withhold answers (a socket held
 * open, a connection reset), and a run of one waits this long for what will not come, where every
 * other run waits only on answers that come (ANSWER_GUARD_MS, a guard against a hang).
 */
const CHECK_OF_WITHHELD_ANSWERS = 'response-received';
const WITHHELD_ANSWER_MS = 1000;

/**
 * Starts the reference server with one fault and runs the kit, under one seed, on the faulted
 * operation (and its flows); `overrides` change the self-check's settings (a phase left out).
 */
export async function runMutant(fault: CaughtFault, seed: number = MUTATION_SEEDS[0]!, overrides: Partial<RunSettings> = {}): Promise<MutantResult> {
  const operation = reportedAt(fault);
  const withheld = fault.expect.check === CHECK_OF_WITHHELD_ANSWERS ? { timeoutMs: WITHHELD_ANSWER_MS } : {};
  const { deviations, requests, notRun } = await deviationsAgainst({ fault }, [fault.operationId], { ...withheld, ...overrides, seed });
  const caughtBy = deviations.find((d) => d.check === fault.expect.check && d.severity === fault.expect.severity && d.operation === operation.path);
  return { fault, seed, caughtBy, deviations, requests, ...(notRun === undefined ? {} : { notRun }) };
}

/** One fault's results gathered into its verdict. */
export function verdictOf(fault: CaughtFault, bySeed: readonly MutantResult[]): FaultVerdict {
  const missedUnder = bySeed.filter((result) => !result.caughtBy).map((result) => result.seed);
  return { fault, bySeed, detected: bySeed.length > 0 && missedUnder.length === 0, missedUnder };
}

/** The score of some faults' verdicts under these seeds. */
export function scoreOf(verdicts: readonly FaultVerdict[], seeds: readonly number[], durationMs: number): MutationScore {
  return {
    seeds,
    verdicts,
    detected: verdicts.filter((verdict) => verdict.detected).length,
    total: verdicts.length,
    detectedBySeed: seeds.map((seed) => ({
      seed,
      detected: verdicts.filter((verdict) => verdict.bySeed.some((result) => result.seed === seed && result.caughtBy)).length,
    })),
    escaped: verdicts.filter((verdict) => !verdict.detected).map((verdict) => verdict.fault.name),
    requests: verdicts.reduce((sum, verdict) => sum + verdict.bySeed.reduce((inner, result) => inner + result.requests, 0), 0),
    durationMs: Math.round(durationMs),
  };
}

/**
 * The checks that judge how long an answer took against the operation's other answers. Mutants side
 * by side share one event loop, which slows every answer of each: a fault these checks must see
 * runs alone, after the others, so that its answers' times are its server's and not its neighbours'.
 */
const CHECKS_OF_ANSWER_TIMES: ReadonlySet<string> = new Set(['backtracking-answer-time']);

/** Every fault under every seed, a few mutants at a time; those judged by their answers' times one at a time, last. */
export async function runMutants(
  faults: readonly CaughtFault[] = allFaults,
  seeds: readonly number[] = MUTATION_SEEDS,
  overrides: Partial<RunSettings> = {},
): Promise<MutationScore> {
  const started = performance.now();
  const jobs = faults.flatMap((fault) => seeds.map((seed) => ({ fault, seed })));
  const results: MutantResult[] = Array.from<MutantResult>({ length: jobs.length });
  const timed = (index: number) => CHECKS_OF_ANSWER_TIMES.has(jobs[index]!.fault.expect.check);
  const runIn = async (indexes: readonly number[], atOnce: number) => {
    let next = 0;
    const lane = async () => {
      for (let at = next++; at < indexes.length; at = next++) {
        const index = indexes[at]!;
        results[index] = await runMutant(jobs[index]!.fault, jobs[index]!.seed, overrides);
      }
    };
    await Promise.all(Array.from({ length: Math.min(atOnce, indexes.length) }, lane));
  };
  const indexes = jobs.map((_, index) => index);
  await runIn(
    indexes.filter((index) => !timed(index)),
    PARALLEL_MUTANTS,
  );
  await runIn(
    indexes.filter((index) => timed(index)),
    1,
  );
  const verdicts = faults.map((fault, index) => verdictOf(fault, results.slice(index * seeds.length, (index + 1) * seeds.length)));
  return scoreOf(verdicts, seeds, performance.now() - started);
}

/** The results under the first seed: the sample failures of docs/checks.md. */
export function firstSeedResults(score: MutationScore): MutantResult[] {
  return score.verdicts.map((verdict) => verdict.bySeed[0]!);
}

export function scoreLine(score: MutationScore): string {
  const perSeed = score.detectedBySeed.map(({ seed, detected }) => `seed ${seed}: ${detected}/${score.total}`).join(', ');
  return (
    `mutation score: ${score.detected}/${score.total} faults detected under ${score.seeds.length === 1 ? 'the seed' : `all ${score.seeds.length} seeds`} (${perSeed}) in ${(score.durationMs / 1000).toFixed(1)} s, ${score.requests} requests` +
    (score.escaped.length > 0 ? `; escaped: ${score.escaped.join(', ')}` : '')
  );
}
