import { findListedOperation } from '../../src/catalogue/listed-operations.js';
import { fillTemplate, mappedOperation } from '../../src/catalogue/operation-map.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { findOperation, type Operation, operations } from '../../src/catalogue/operations.js';
import type { Deviation } from '../../src/engine/judging/deviation.js';
import { firstContactFor } from '../../src/engine/target/first-contact.js';
import { withIssuedCredentials } from '../../src/engine/target/issued-credentials.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import { DEFAULT_HOSTILE_RUNS, DEFAULT_RUNS, type RunSettings } from '../../src/engine/schedule/settings.js';
import type { Flow } from '../../src/flows/flow.js';
import { allFlows, mappedFlows } from '../../src/flows/index.js';
import { modelFlows } from '../../src/model/index.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { type ReferenceServerOptions, startReferenceServer } from '../../src/reference/server.js';
import { sharedValidator } from '../../src/validation/validator.js';

const token = 'self-check-token';

/**
 * 2026-11-22 10:00 China time. Created records carry the server's clock in their order numbers, and
 * those numbers reach docs/checks.md through the sample failures: a fixed clock keeps the docs (and
 * the test that compares them) the same on every day.
 */
export const SELF_CHECK_CLOCK_MS = Date.UTC(2026, 10, 22, 2, 0, 0);

/** The operations of 4.1 where the reference server puts them, and the lifecycles its map describes over them. */
const referenceMap = readOperationMap(referenceOperationMapFile);
const referenceMapped: readonly Operation[] = Object.entries(referenceMap.operations).map(([id, entry]) =>
  mappedOperation(findListedOperation(id)!, entry, entry.body),
);

/** The map's operations with the server's credentials in their bodies, as a run against the embedded server fills them. */
export function mappedWith(credentials: { readonly mobile: string; readonly password: string }): Operation[] {
  const variables = { OTP_USERNAME: credentials.mobile, OTP_PASSWORD: credentials.password };
  return Object.entries(referenceMap.operations).map(([id, entry]) =>
    mappedOperation(findListedOperation(id)!, entry, entry.body === undefined ? undefined : fillTemplate(entry.body, variables, id)),
  );
}

/** Every operation a self-check can call: the sixteen of section 4, then those of 4.1 at the reference server's paths. */
export const selfCheckOperations: readonly Operation[] = [...operations, ...referenceMapped];

export function findSelfCheckOperation(id: string): Operation | undefined {
  return findOperation(id) ?? referenceMapped.find((op) => op.id === id);
}

/** The round-trip flows the reference server's operation map describes, as a run with that map makes them. */
export function referenceMapFlows(seed: number): Flow[] {
  return mappedFlows(referenceMap.flows, seed);
}

/** The model's flows of a run with the reference server's map: one per set of records. */
export const referenceModelFlows = (): Flow[] => modelFlows({ mappedFlows: referenceMap.flows, mapped: referenceMapped });

/** The flows that call any of the operations: the kit's own, the reference map's round trips, and the model's. */
export function flowsCalling(operationIds: readonly string[], seed: number) {
  return [...allFlows, ...referenceMapFlows(seed), ...referenceModelFlows()].filter((flow) => flow.operations.some((id) => operationIds.includes(id)));
}

/**
 * The reference server runs in the test's own process and answers every request, however busy the
 * machine, slowly on purpose at most for the 2 s of a pattern that backtracks: a request's timeout
 * is only a guard against a hang, never reached by an answer that is coming. A fault that withholds
 * its answer (response-received's) is run with WITHHELD_ANSWER_MS instead, as runMutant does.
 */
export const ANSWER_GUARD_MS = 120_000;

/** Settings of a self-check: the default generated payloads, so that what the set finds a default run finds; a timeout only a hang reaches. */
export function selfCheckSettings(baseUrl: string, overrides: Partial<RunSettings> = {}): RunSettings {
  return {
    baseUrl,
    token,
    authScheme: 'bearer-no-space',
    pathForm: 'documented',
    runs: DEFAULT_RUNS,
    hostileRuns: DEFAULT_HOSTILE_RUNS,
    authProbes: true,
    stateful: true,
    readOnly: false,
    ratePerSecond: undefined,
    seed: 20261122,
    timeoutMs: ANSWER_GUARD_MS,
    maxBodyBytes: 256 * 1024,
    concurrency: 8,
    failOn: 'error',
    operations: [],
    mapped: [],
    mappedFlows: [],
    ...overrides,
    secrets: [overrides.token ?? token, ...(overrides.secrets ?? [])],
  };
}

/**
 * The kit checking its own reference server (with a fault, a variant, or clean), in-process: the
 * given operations (all, those of 4.1 included, by default) and the flows that use them, by the
 * run's one schedule, against a fresh reference server with the given options.
 */
export async function deviationsAgainst(
  server: Omit<ReferenceServerOptions, 'token'>,
  operationIds: readonly string[] = selfCheckOperations.map((op) => op.id),
  overrides: Partial<RunSettings> = {},
): Promise<{ deviations: readonly Deviation[]; requests: number; notRun?: string }> {
  const reference = await startReferenceServer({ token, now: () => SELF_CHECK_CLOCK_MS, ...server });
  const settings = selfCheckSettings(reference.url, { ...overrides, secrets: [reference.credentials.password, ...(overrides.secrets ?? [])] });
  const mapped = mappedWith(reference.credentials);
  try {
    const selected = [...operations, ...mapped].filter((op) => operationIds.includes(op.id));
    const flows = settings.stateful ? flowsCalling(operationIds, settings.seed) : [];
    // As a run does: first contact decides the form the run goes on in, and says what the server refused.
    const contact = await firstContactFor(settings, selected, sharedValidator());
    if (contact.kind !== 'go-on') return { deviations: [], requests: 0, notRun: contact.reason };
    // And, as a run does, what the auth probes send besides the token is asked for before the schedule starts.
    const run = await withIssuedCredentials({ ...settings, ...contact.form, mapped, mappedFlows: referenceMap.flows });
    const { operations: operationResults, flows: flowResults } = await startRun(run, { operations: selected, flows }).finished;
    const results = [...operationResults, ...flowResults];
    return {
      deviations: [...contact.deviations, ...results.flatMap((r) => r.deviations)],
      requests: results.reduce((total, r) => total + r.exchanges, 0),
    };
  } finally {
    await reference.close();
  }
}
