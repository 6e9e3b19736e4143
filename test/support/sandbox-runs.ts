import { expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { firstContactFor } from '../../src/engine/target/first-contact.js';
import { withIssuedCredentials } from '../../src/engine/target/issued-credentials.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import type { RunSettings } from '../../src/engine/schedule/settings.js';
import { decideStatus, type RunStatus } from '../../src/report/status.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import type { Variant } from '../../src/reference/variants.js';
import { sharedValidator } from '../../src/validation/validator.js';
import { flowsCalling, mappedWith, SELF_CHECK_CLOCK_MS, selfCheckSettings } from '../mutation-set/run-against.js';
import { line } from './kit.js';

/**
 * The two shapes of run a user sends on every push: the quick pass (`--runs 1`) over the sixteen
 * operations of section 4, as against `otp-conformance serve` without a map, and the full run
 * (coverage pass, page walks, hostile calls, probes, flows) over those of 4.1 too, with the map.
 */
export type RunShape = 'quick' | 'full';

// The CLI's own body cap: lists grow as runs add what no delete takes away (orders), and the self-check's small cap would cut them.
const BODY_CAP = { maxBodyBytes: 5 * 1024 * 1024 };
// Fewer generated calls than the CLI's 25 and 25, as the clean variants' runs: every phase, flow and walk still runs.
const FULL: Partial<RunSettings> = { runs: 4, hostileRuns: 10, ...BODY_CAP };
const QUICK: Partial<RunSettings> = { ...BODY_CAP, runs: 1, hostileRuns: 0, authProbes: false, httpProbes: false, coveragePass: false, stateful: false };

/** What a run against a server concluded, as report.json's status would say it, with why and what failed it. */
export interface SandboxVerdict {
  readonly status: RunStatus;
  readonly reason?: string;
  readonly errors: readonly string[];
  readonly recordsUnchecked: readonly string[];
}

/** One run of the shape against a server that lives on after it: as `otp-conformance run` decides, with --fail-on error. */
export async function verdictAgainst(server: ReferenceServer, shape: RunShape, seed: number): Promise<SandboxVerdict> {
  const settings = selfCheckSettings(server.url, { ...(shape === 'quick' ? QUICK : FULL), seed, token: server.token, secrets: [server.credentials.password] });
  const mapped = shape === 'full' ? mappedWith(server.credentials) : [];
  const selected = [...operations, ...mapped];
  const flows = settings.stateful
    ? flowsCalling(
        selected.map((op) => op.id),
        seed,
      )
    : [];
  const contact = await firstContactFor(settings, selected, sharedValidator());
  if (contact.kind !== 'go-on') return { status: 'not-run', reason: contact.reason, errors: [], recordsUnchecked: [] };
  const run = await withIssuedCredentials({ ...settings, ...contact.form, mapped });
  const results = await startRun(run, { operations: selected, flows }).finished;
  const deviations = [...contact.deviations, ...[...results.operations, ...results.flows].flatMap((result) => result.deviations)];
  const errors = deviations.filter((deviation) => deviation.severity === 'error').map(line);
  const decision = decideStatus({
    ending: { kind: 'finished' },
    gateFailures: errors,
    unverified: results.operations.flatMap((result) => (result.unverified === undefined ? [] : [{ operation: result.operation, reason: result.unverified }])),
    allowUnverified: false,
  });
  return {
    status: decision.status,
    ...(decision.reason === undefined ? {} : { reason: decision.reason }),
    errors,
    recordsUnchecked: results.operations.flatMap((result) => (result.recordsUnchecked === undefined ? [] : [result.operationId])),
  };
}

/**
 * Runs in a row against one server: in `npm test`, the quick pass and the full run in turn, twice, so
 * that each shape meets what the other left; the sweep goes on to the pushes of months.
 */
export const RUNS_IN_A_ROW = { everyday: 4, sweep: 20 } as const;

/**
 * One server that lives through `runs` runs, as a vendor sandbox lives through the pushes of months:
 * the quick pass and the full run in turn, each with a fresh seed, every one PASS. A run sees what
 * the runs before it left (records deleted, created, edited).
 */
export function itPassesRunAfterRun(variant: Variant | undefined, runs: number): void {
  it(`${runs} runs in a row, the quick pass and the full run in turn, fresh seeds: every one PASS`, async () => {
    const server = await startReferenceServer({ token: 'sandbox-token', now: () => SELF_CHECK_CLOCK_MS, ...(variant ? { variant } : {}) });
    try {
      const verdicts: string[] = [];
      for (let index = 0; index < runs; index++) {
        const shape: RunShape = index % 2 === 0 ? 'quick' : 'full';
        const seed = 7001 + index * 7919;
        const verdict = await verdictAgainst(server, shape, seed);
        verdicts.push(
          `${index + 1} ${shape} seed ${seed}: ${verdict.status}${verdict.reason ? ` (${verdict.reason})` : ''}${verdict.errors.map((error) => `\n  ${error}`).join('')}`,
        );
      }
      expect(verdicts.filter((verdict) => !verdict.endsWith(': pass'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
}
