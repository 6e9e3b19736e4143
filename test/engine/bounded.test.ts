import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { kitFor, testSettings } from '../support/kit.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function hostileServer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('a hostile server cannot hold the kit', () => {
  it('a server that never answers costs one wave of requests, then the operation is abandoned', async () => {
    const url = await hostileServer(() => {});
    const { client, context } = kitFor(testSettings(url, 't', { runs: 20, hostileRuns: 20, concurrency: 4, timeoutMs: 200 }));
    const result = await runOperation(findOperation('custom-demand-list')!, context);
    await client.close();
    expect(result.exchanges).toBeLessThanOrEqual(4);
    expect(result.deviations.map((d) => d.check)).toEqual(['response-received']);
    // Abandoned: the call is not re-sent to label it, so it stays unlabelled.
    expect(result.deviations[0]!.recurrence).toBeUndefined();
  });

  it('an endless body is cut at the cap: memory stays bounded', async () => {
    const url = await hostileServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const { client, context } = kitFor(testSettings(url, 't', { runs: 3, hostileRuns: 0, authProbes: false, maxBodyBytes: 100_000 }));
    const result = await runOperation(findOperation('login')!, context);
    await client.close();
    const deviation = result.deviations.find((d) => d.check === 'response-received');
    expect(deviation?.actual).toContain('body-too-large');
    expect(deviation?.response?.bodyTruncated).toBe(true);
  });
});
