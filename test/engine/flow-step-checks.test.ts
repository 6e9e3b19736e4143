import { afterEach, describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { runFlow } from '../../src/engine/schedule/run-flow.js';
import { orderListed } from '../../src/flows/order-listed.js';
import { SELF_CHECK_CLOCK_MS } from '../mutation-set/run-against.js';
import { Redactor } from '../../src/redaction/redactor.js';
import { findFault } from '../mutation-set/faults/catalogue.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { kitFor, line, testSettings } from '../support/kit.js';

const TOKEN = 'flow-step-checks-token';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** flow-order-listed against a reference server on the fixed clock, with the fault or clean, judged by these checks beside the flow. */
async function orderListedAgainst(faultName: string | undefined, selected = allChecks) {
  const server = await startReferenceServer({ token: TOKEN, now: () => SELF_CHECK_CLOCK_MS, ...(faultName ? { fault: findFault(faultName)! } : {}) });
  const { client, context } = kitFor(testSettings(server.url, TOKEN));
  stops.push(async () => {
    await client.close();
    await server.close();
  });
  return runFlow(orderListed, { client, seed: 1, token: TOKEN, redactor: new Redactor([TOKEN]), checks: selected, validator: context.validator });
}

describe('the steps of a flow, judged by the checks that name flow steps', () => {
  it('the orders a flow just placed, listed 8 hours after the answer that lists them: order-time-future, once, at the list', async () => {
    const result = await orderListedAgainst('listed-order-time-read-in-utc-session');
    expect(result.deviations.map(line)).toEqual([
      'warning order-time-future at /openapi/alpha/orders/getAlphaOrders /data/list/0/soCtime: soCtime 1795341600 (2026-11-22T10:00:00.000Z), 8 h after date: Sun, 22 Nov 2026 02:00:00 GMT; 2 orders of the page alike',
    ]);
    expect(result.deviations[0]).toMatchObject({ intent: 'flow', path: 'flow:flow-order-listed', occurrences: 2 });
  });

  it('a check the run leaves out judges no step; a clean server draws nothing', async () => {
    const without = allChecks.filter((check) => check.id !== 'order-time-future');
    expect((await orderListedAgainst('listed-order-time-read-in-utc-session', without)).deviations.map(line)).toEqual([]);
    expect((await orderListedAgainst(undefined)).deviations.map(line)).toEqual([]);
  });
});
