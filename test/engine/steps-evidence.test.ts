import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { allChecks } from '../../src/checks/index.js';
import { keepStep } from '../../src/checks/kept-exchange.js';
import type { OperationCheck } from '../../src/checks/types.js';
import { runFlow } from '../../src/engine/schedule/run-flow.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import type { Flow } from '../../src/flows/flow.js';
import { Redactor } from '../../src/redaction/redactor.js';
import { sharedValidator } from '../../src/validation/validator.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { curlRequestOf } from '../support/curl-line.js';
import { kitFor, testSettings } from '../support/kit.js';

const TOKEN = 'steps-evidence-token-51c2';
let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ token: TOKEN });
});
afterAll(() => server.close());

/** A check over several answers that finds fault with every page of the walk together. */
const everyPage: OperationCheck = {
  id: 'every-page',
  scope: 'operation',
  rule: '2.2',
  quote: 'totalPage | integer (total number of pages)',
  standards: [],
  severity: 'warning',
  title: 'The walk as a whole',
  description: 'A fixture: fires on the pages of the walk at the smallest page size.',
  run(calls) {
    const pages = calls.filter((call) => call.path.startsWith('page:1:'));
    return pages.length === 0 ? [] : [{ instancePath: '/data', expected: 'something', actual: `${pages.length} pages`, calls: pages }];
  },
};

describe('a deviation over several answers shows each call, and its repro replays them all', () => {
  it('the pages of a walk: each request made again from the seed, each answer in outline, one curl line each', async () => {
    const { client, context } = kitFor(testSettings(server.url, TOKEN, { runs: 1, hostileRuns: 0, authProbes: false }));
    try {
      const result = await runOperation(findOperation('custom-demand-list')!, { ...context, checks: [everyPage] });
      const [deviation] = result.deviations;
      const steps = deviation!.steps!;
      expect(steps.length).toBeGreaterThan(1);
      expect(steps.every((step) => step.path.startsWith('page:1:'))).toBe(true);
      expect(deviation!.replay).toBeUndefined();
      const lines = deviation!.repro.split('\n');
      expect(lines).toHaveLength(steps.length);
      steps.forEach((step, index) => {
        const pageNo = Number(step.path.split(':')[2]);
        expect(JSON.parse(step.request.body!)).toMatchObject({ pageSize: 1, pageNo });
        expect(step.answer).toMatch(/^HTTP 200 · code "200" · /);
        const sent = curlRequestOf(lines[index]!, { ...process.env, OTP_TOKEN: TOKEN });
        expect(sent).toMatchObject({ method: 'POST', url: `${server.url}//pc/custom_demand/list`, body: step.request.body });
        expect(sent.headers.authorization).toBe(`bearer${TOKEN}`);
      });
      expect(JSON.stringify(deviation)).not.toContain(TOKEN);
    } finally {
      await client.close();
    }
  });

  it('the steps of a flow: each call it made, in order, and a repro of them all', async () => {
    const { client } = kitFor(testSettings(server.url, TOKEN));
    const flow: Flow = {
      id: 'flow-fixture',
      group: 'custom-demand',
      title: 'A fixture flow',
      description: 'Lists twice and finds fault with both.',
      rule: '1',
      quote: 'Behaviour of each operation beyond its request and response shape: not shown.',
      severity: 'warning',
      operations: ['custom-demand-list'],
      async run(context) {
        const first = await context.call('custom-demand-list', { pageSize: 2, status: 1 });
        const second = await context.call('custom-demand-list', { pageSize: 3, status: 1 });
        return { completed: true, findings: [{ instancePath: '', expected: 'x', actual: 'y', exchange: second, steps: [first, second].map(keepStep) }] };
      },
    };
    try {
      const result = await runFlow(flow, { client, seed: 1, token: TOKEN, redactor: new Redactor([TOKEN]), checks: allChecks, validator: sharedValidator() });
      const [deviation] = result.deviations;
      expect(deviation!.steps!.map((step) => [step.path, JSON.parse(step.request.body!).pageSize])).toEqual([
        ['flow:flow-fixture:1', 2],
        ['flow:flow-fixture:2', 3],
      ]);
      expect(deviation!.repro.split('\n')).toHaveLength(2);
    } finally {
      await client.close();
    }
  });
});
