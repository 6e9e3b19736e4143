import { findOperation } from '../../src/catalogue/operations.js';
import { runFlow } from '../../src/engine/schedule/run-flow.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { allFlows } from '../../src/flows/index.js';
import type { GateSettings } from '../../src/gate/gate.js';
import type { Fault } from '../../src/reference/faults/fault.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { buildReport, type Report } from '../../src/report/report.js';
import { kitFor, testSettings } from './kit.js';
import { Redactor } from '../../src/redaction/redactor.js';

export const defaultGate: GateSettings = {
  failOn: 'error',
  failOnNew: false,
  baseline: undefined,
  baselineFile: undefined,
  waivers: [],
  waiversFile: undefined,
  now: new Date('2026-11-22T00:00:00Z'),
};

/** A real report: the kit run in-process on some operations of the reference server, with an optional fault. */
export async function reportAgainst(operationIds: readonly string[], fault?: Fault, gate: Partial<GateSettings> = {}): Promise<Report> {
  const token = 'report-token';
  const server = await startReferenceServer({ token, ...(fault ? { fault } : {}) });
  const settings = testSettings(server.url, token, { runs: 4, hostileRuns: 20 });
  const { client, context } = kitFor(settings);
  try {
    const startedAt = new Date('2026-11-22T00:00:00Z');
    const results = await Promise.all(operationIds.map((id) => runOperation(findOperation(id)!, context)));
    const flows = [];
    for (const flow of allFlows.filter((f) => f.operations.every((id) => operationIds.includes(id)))) {
      flows.push(
        await runFlow(flow, { client, seed: settings.seed, token, redactor: new Redactor([token]), checks: context.checks, validator: context.validator }),
      );
    }
    return buildReport({
      target: { baseUrl: server.url, embedded: true, authScheme: 'bearer-no-space' },
      startedAt,
      durationMs: 1234,
      seed: settings.seed,
      runs: settings.runs,
      results,
      flows,
      skipped: [{ operationId: 'send-code', reason: 'read-only: the operation changes state' }],
      mapped: [],
      gate: { ...defaultGate, ...gate },
    });
  } finally {
    await client.close();
    await server.close();
  }
}
