import { afterEach, describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { runFlow } from '../../src/engine/schedule/run-flow.js';
import type { Flow } from '../../src/flows/flow.js';
import { Redactor } from '../../src/redaction/redactor.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { sharedValidator } from '../../src/validation/validator.js';
import { kitFor, testSettings } from '../support/kit.js';
import { reportAgainst } from '../support/report.js';

const TOKEN = 'flow-answers-token-7d1e';
const servers: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A flow that deletes two demands and finds nothing of its own: what it reports is what its answers are. */
const deletesTwo: Flow = {
  id: 'flow-fixture',
  group: 'custom-demand',
  title: 'A fixture flow',
  description: 'Deletes demands 1 and 2.',
  rule: '4',
  quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
  severity: 'warning',
  operations: ['custom-demand-delete'],
  async run(context) {
    await context.call('custom-demand-delete', { demandId: 1 });
    await context.call('custom-demand-delete', { demandId: 2 });
    return { completed: true, findings: [] };
  },
};

async function flowAgainst(faultName?: string) {
  const fault = faultName === undefined ? undefined : findFault(faultName)!;
  const server = await startReferenceServer({ token: TOKEN, host: '127.0.0.1', port: 0, ...(fault ? { fault } : {}) });
  servers.push(server);
  const { client } = kitFor(testSettings(server.url, TOKEN));
  try {
    return await runFlow(deletesTwo, { client, seed: 1, token: TOKEN, redactor: new Redactor([TOKEN]), checks: allChecks, validator: sharedValidator() });
  } finally {
    await client.close();
  }
}

describe("a flow's steps are answers like any other", () => {
  it('an answer no client can read, met in a flow, is reported as json-body: one cause, counted', async () => {
    const result = await flowAgainst('debug-echo-before-envelope');
    expect(result.deviations.map(({ check, severity, operation, occurrences }) => ({ check, severity, operation, occurrences }))).toEqual([
      { check: 'json-body', severity: 'error', operation: '/pc/custom_demand/delDemand', occurrences: 2 },
    ]);
  });

  it('answers a client reads draw nothing', async () => {
    expect((await flowAgainst()).deviations).toEqual([]);
  });

  it('the report keeps the cause once where the operation found it too', async () => {
    const report = await reportAgainst(['custom-demand-create', 'custom-demand-list', 'custom-demand-delete'], findFault('debug-echo-before-envelope'));
    const unreadable = report.deviations.filter((deviation) => deviation.check === 'json-body');
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatchObject({ operation: '/pc/custom_demand/delDemand', severity: 'error' });
  });
});
