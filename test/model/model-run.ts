import type { Deviation } from '../../src/engine/judging/deviation.js';
import type { FlowResult } from '../../src/engine/schedule/run-flow.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import { modelFlows } from '../../src/model/index.js';
import { readOperationMap } from '../../src/validation/operation-map-file.js';
import { referenceOperationMapFile } from '../../src/reference/map-file.js';
import { type ReferenceServerOptions, startReferenceServer } from '../../src/reference/server.js';
import type { CaughtFault } from '../mutation-set/planted-fault.js';
import { mappedWith, SELF_CHECK_CLOCK_MS, selfCheckSettings } from '../mutation-set/run-against.js';

const token = 'model-token';
const referenceMap = readOperationMap(referenceOperationMapFile);

/** The model's flows alone, with the reference map, against a fresh reference server: their results and deviations. */
export async function modelAgainst(
  server: Omit<ReferenceServerOptions, 'token'>,
  seed: number,
  excludedChecks: readonly string[] = [],
): Promise<{ readonly flows: readonly FlowResult[]; readonly deviations: readonly Deviation[] }> {
  const reference = await startReferenceServer({ token, now: () => SELF_CHECK_CLOCK_MS, ...server });
  try {
    const mapped = mappedWith(reference.credentials);
    const settings = selfCheckSettings(reference.url, { seed, token, mapped, mappedFlows: referenceMap.flows, secrets: [reference.credentials.password] });
    const { flows } = await startRun(settings, { operations: [], flows: modelFlows({ mappedFlows: referenceMap.flows, mapped, excludedChecks }) }).finished;
    return { flows, deviations: flows.flatMap((flow) => flow.deviations) };
  } finally {
    await reference.close();
  }
}

/** The model against a server with the fault under the seed: its deviations, and the one that reports the fault where there is one. */
export async function modelOnFault(
  fault: CaughtFault,
  seed: number,
): Promise<{ readonly deviations: readonly Deviation[]; readonly found: Deviation | undefined }> {
  const { deviations } = await modelAgainst({ fault }, seed);
  const at = fault.expect.at ?? fault.operationId;
  const found = deviations.find(
    (deviation) => deviation.check === fault.expect.check && deviation.severity === fault.expect.severity && deviation.operationId === at,
  );
  return { deviations, found };
}
