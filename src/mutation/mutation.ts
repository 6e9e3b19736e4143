import { findOperation } from '../catalogue/operations.js';
import type { Deviation } from '../engine/deviation.js';
import { faults as allFaults } from '../reference/faults/catalogue.js';
import type { Fault } from '../reference/faults/fault.js';
import { deviationsAgainst } from './run-against.js';

/** What the kit made of one injected fault. */
export interface MutantResult {
  readonly fault: Fault;
  /** The deviation that reports the fault: its check, its severity, at its operation. */
  readonly caughtBy: Deviation | undefined;
  readonly deviations: readonly Deviation[];
  readonly requests: number;
}

export interface MutationScore {
  readonly results: readonly MutantResult[];
  readonly detected: number;
  readonly total: number;
  readonly escaped: readonly string[];
  readonly requests: number;
  readonly durationMs: number;
}

/** Starts the reference server with one fault and runs the kit on the faulted operation (and its flows). */
export async function runMutant(fault: Fault): Promise<MutantResult> {
  const operation = findOperation(fault.operationId)!;
  const { deviations, requests } = await deviationsAgainst({ fault }, [fault.operationId]);
  const caughtBy = deviations.find((d) => d.check === fault.expect.check && d.severity === fault.expect.severity && d.operation === operation.path);
  return { fault, caughtBy, deviations, requests };
}

/** The score of some mutants' results. */
export function scoreOf(results: readonly MutantResult[], durationMs: number): MutationScore {
  const escaped = results.filter((result) => !result.caughtBy).map((result) => result.fault.name);
  return {
    results,
    detected: results.length - escaped.length,
    total: results.length,
    escaped,
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    durationMs: Math.round(durationMs),
  };
}

/** Every fault in turn, two at a time. */
export async function runMutants(faults: readonly Fault[] = allFaults): Promise<MutationScore> {
  const started = performance.now();
  const results: MutantResult[] = [];
  for (let i = 0; i < faults.length; i += 2) results.push(...(await Promise.all(faults.slice(i, i + 2).map(runMutant))));
  return scoreOf(results, performance.now() - started);
}

export function scoreLine(score: MutationScore): string {
  return (
    `mutation score: ${score.detected}/${score.total} faults detected in ${(score.durationMs / 1000).toFixed(1)} s, ${score.requests} requests` +
    (score.escaped.length > 0 ? `; escaped: ${score.escaped.join(', ')}` : '')
  );
}
