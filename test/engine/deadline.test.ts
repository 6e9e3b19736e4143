import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { runOptions } from '../../src/config/options.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { kitFor, testSettings } from '../support/kit.js';

const configurationPage = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

let trickling: Server | undefined;
let reference: ReferenceServer | undefined;
afterEach(async () => {
  trickling?.closeAllConnections();
  await new Promise((resolve) => (trickling ? trickling.close(resolve) : resolve(undefined)));
  await reference?.close();
  trickling = undefined;
  reference = undefined;
});

/** Answers at once, then sends one byte of the body every 20 ms, never done: never idle, never finished. */
async function tricklingServer(): Promise<string> {
  trickling = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":"');
    const timer = setInterval(() => res.write('x'), 20);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => trickling!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(trickling.address() as { port: number }).port}`;
}

const settings = { runs: 3, hostileRuns: 0, authProbes: false, coveragePass: false, timeoutMs: 300 } as const;

describe('the per-request deadline (--timeout)', () => {
  it('is documented with its default: the whole answer, not an idle gap', () => {
    const timeout = runOptions.find((option) => option.name === 'timeout')!;
    expect(timeout.description).toMatch(/to the last byte of the body/);
    expect(configurationPage).toContain(`| \`--timeout MS\` | \`${timeout.env}\` | \`${timeout.key}\` | ${timeout.defaultText} | ${timeout.description}`);
  });

  it('cuts an answer that keeps trickling in, and its expiry is a deviation naming the operation', async () => {
    // The trickle never ends, so the deadline only has to outlast the answer's head, which a busy machine may hold up: 2 s.
    const { client, context } = kitFor(testSettings(await tricklingServer(), 't', { ...settings, timeoutMs: 2000 }));
    const result = await runOperation(findOperation('custom-demand-list')!, context);
    await client.close();
    const expired = result.deviations.filter((d) => d.check === 'response-received');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ severity: 'error', operation: '/pc/custom_demand/list', operationId: 'custom-demand-list' });
    expect(expired[0]!.actual).toBe('timeout: no complete response within 2000 ms');
    // What had arrived of the body is kept as evidence.
    expect(expired[0]!.response?.body).toMatch(/^\{"data":"x*$/);
  });

  it('expires on a server that holds its answers back longer, at that operation only', async () => {
    // Every answer of the reference server 60 s late: each operation's first call times out and abandons the operation.
    reference = await startReferenceServer({ token: 'deadline-token', latency: { addedMs: 60_000 } });
    const { client, context } = kitFor(testSettings(reference.url, 'deadline-token', settings));
    const results = await Promise.all(['bank-card-list', 'consignee-by-id'].map((id) => runOperation(findOperation(id)!, context)));
    await client.close();
    for (const result of results) {
      expect(result.deviations.map((d) => [d.check, d.operationId])).toEqual([['response-received', result.operationId]]);
      expect(result.latency!.slowest[0]!.outcome).toBe('timeout');
    }
  });
});
