/**
 * The HTTP probes: the first valid call again on a connection of its own with a TRACE and a HEAD
 * after it, and with a precondition of each validator its answer gave; judged only by the checks of
 * the HTTP rules they put, and left out with --no-http-probes or where a proxy holds the connection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { findFault } from '../../src/reference/faults/catalogue.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from '../support/kit.js';

const token = 'http-probes-token';
let server: ReferenceServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function probed(operationId: string, overrides: Parameters<typeof testSettings>[2] = {}, fault?: string) {
  server = await startReferenceServer({ token, ...(fault ? { fault: findFault(fault)! } : {}) });
  const { client, context } = kitFor(testSettings(server.url, token, { runs: 1, hostileRuns: 0, authProbes: false, coveragePass: false, ...overrides }));
  try {
    return await runOperation(findOperation(operationId)!, context);
  } finally {
    await client.close();
  }
}

describe('HTTP probes', () => {
  it('against a clean server: three calls on one connection, no precondition without a validator, nothing reported', async () => {
    const result = await probed('custom-demand-list');
    // The valid call, then the call again, a TRACE and a HEAD.
    expect(result.exchanges).toBe(4);
    expect(result.deviations).toEqual([]);
    expect(Object.keys(result.byCheck)).toEqual(expect.arrayContaining(['persistent-connection', 'head-content', 'status-line']));
  });

  it('a precondition of the Last-Modified the answer gave, and a 304 to the POST reported', async () => {
    const result = await probed('purchase-order-list', {}, 'not-modified-since-to-post');
    expect(result.exchanges).toBe(5);
    expect(result.deviations.map((deviation) => [deviation.check, deviation.intent])).toEqual([['not-modified-status', 'http-probe']]);
  });

  it('none with --no-http-probes, and none on a connection of their own through a proxy', async () => {
    expect((await probed('custom-demand-list', { httpProbes: false })).exchanges).toBe(1);
    await server!.close();
    const proxy = { httpProxy: 'http://127.0.0.1:9', httpsProxy: '', noProxy: '127.0.0.1' };
    // With a proxy configured the connection probes are not sent, even where NO_PROXY lets the calls go straight to the server.
    expect((await probed('custom-demand-list', { transport: { proxy } })).exchanges).toBe(1);
  });
});
