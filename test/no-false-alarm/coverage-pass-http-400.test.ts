import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, wirePath } from '../../src/catalogue/operations.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import { handle } from '../../src/reference/handlers.js';
import { seedState } from '../../src/reference/seed.js';
import { HANDLER_CONTEXT } from '../support/handler-context.js';
import { line, testSettings } from '../support/kit.js';

/**
 * A server that answers HTTP 400 to every request the reference server refuses as bad input
 * ("HTTP statuses other than 200: not shown", 7). The coverage pass judges a class as a valid call
 * only where the spec allows its value, so this server earns warnings from the pass, never an error.
 */
describe('no false alarm from the coverage pass against a server that answers HTTP 400 to bad input', () => {
  const state = seedState(() => Date.UTC(2026, 10, 22, 2));
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const operation = operations.find((op) => wirePath(op) === req.url);
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        payload = undefined;
      }
      const answer = handle(operation?.id ?? '', payload, state, HANDLER_CONTEXT) as { code?: string };
      res.writeHead(answer.code === '400' ? 400 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('every documented operation: warnings at most', async () => {
    // By the run's schedule, as a run goes: the page walks read lists no state change touches meanwhile.
    const { operations: results } = await startRun(testSettings(url, 'any', { runs: 0, hostileRuns: 0, authProbes: false }), { operations, flows: [] })
      .finished;
    expect(
      results
        .flatMap((result) => result.deviations)
        .filter((d) => d.severity === 'error')
        .map(line),
    ).toEqual([]);
    // The server did answer 400s: the pass was judged, not skipped.
    expect(results.flatMap((result) => result.deviations).some((d) => d.check === 'http-status-client-error')).toBe(true);
  });
});
