import { afterEach, describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import type { Transcript } from '../../src/client/exchange.js';
import { LatencyLog, REPRO_BODY_CHARS, SLOWEST_KEPT } from '../../src/engine/operation/latency.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference/server.js';
import { buildReport } from '../../src/report/report.js';
import { defaultGate } from '../support/report.js';
import { kitFor, testSettings } from '../support/kit.js';
import { Redactor } from '../../src/redaction/redactor.js';

const token = 'latency-secret-token';
const operation = { id: 'custom-demand-list', path: '/pc/custom_demand/list' };

function transcript(durationMs: number, failure?: Transcript['failure'], body = `{"demandName":"${token}"}`): Transcript {
  return {
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:9//pc/custom_demand/list',
      headers: { 'content-type': 'application/json', authorization: `bearer${token}` },
      body,
    },
    ...(failure ? { failure } : { response: { status: 200, headers: {}, bodyText: '{}', json: { ok: true, value: {} } } }),
    durationMs,
  };
}

describe('the answer times of an operation', () => {
  it('are counted, averaged and ranked by nearest rank', () => {
    const log = new LatencyLog();
    for (let ms = 1; ms <= 100; ms++) log.record(`conforming:${ms}`, transcript(ms));
    const latency = log.summary(operation, { seed: 1, token, redactor: new Redactor([token]) });
    expect(latency).toMatchObject({ requests: 100, meanMs: 50.5, p50Ms: 50, p95Ms: 95, maxMs: 100 });
    expect(latency.slowest.map((call) => call.path)).toEqual(Array.from({ length: SLOWEST_KEPT }, (_, index) => `conforming:${100 - index}`));
    expect(latency.slowest).toHaveLength(SLOWEST_KEPT);
  });

  it('keep the slowest calls with what came of them and a repro free of secrets', () => {
    const log = new LatencyLog();
    log.record('coverage:2', transcript(3));
    log.record('hostile:4', transcript(2500, { kind: 'timeout', message: 'no complete response within 2500 ms' }));
    const [slowest, next] = log.summary(operation, { seed: 1, token, redactor: new Redactor([token]) }).slowest;
    expect(slowest).toMatchObject({ operation: operation.path, operationId: operation.id, path: 'hostile:4', durationMs: 2500, outcome: 'timeout' });
    expect(next).toMatchObject({ path: 'coverage:2', outcome: 'HTTP 200' });
    expect(slowest!.repro).toContain('"authorization: bearer${OTP_TOKEN}"');
    expect(slowest!.repro).toContain('[REDACTED]');
    expect(slowest!.repro).not.toContain(token);
  });

  it("give a generated call whose body is too long for a curl line the run's --replay of it; a short body, or a call --replay cannot make, its curl line", () => {
    const long = `{"pageSize":3,"status":0}${' '.repeat(REPRO_BODY_CHARS)}`;
    const log = new LatencyLog();
    log.record('coverage:17', transcript(30, undefined, long));
    log.record('auth-probe:no-header', transcript(20, undefined, long));
    log.record('coverage:18', transcript(10));
    const [replayed, probe, short] = log.summary(operation, { seed: 7, token, redactor: new Redactor([token]) }).slowest;
    expect(replayed?.repro).toBe('otp-conformance run --seed 7 --replay custom-demand-list:coverage:17');
    expect(probe?.repro).toMatch(/^curl /);
    expect(probe?.repro.length).toBeGreaterThan(REPRO_BODY_CHARS);
    expect(short?.repro).toMatch(/^curl .*--data-raw '\{"demandName":"\[REDACTED\]"\}'$/);
  });

  it('rank equal times by the path of the call, whatever order the answers came in', () => {
    const paths = ['hostile:1', 'conforming:2', 'coverage:9', 'auth-probe:no-header', 'conforming:1', 'page:40:1'];
    const ranked = (order: readonly string[]) => {
      const log = new LatencyLog();
      for (const path of order) log.record(path, transcript(10));
      return log.summary(operation, { seed: 1, token, redactor: new Redactor() }).slowest.map((call) => call.path);
    };
    expect(ranked(paths)).toEqual(ranked([...paths].reverse()));
  });

  it('of an operation with no call: zeros, not NaN', () => {
    expect(new LatencyLog().summary(operation, { seed: 1, token, redactor: new Redactor() })).toEqual({
      requests: 0,
      meanMs: 0,
      p50Ms: 0,
      p95Ms: 0,
      maxMs: 0,
      slowest: [],
    });
  });
});

describe('answer times in a run', () => {
  let server: ReferenceServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("cover every call of each operation, and the report lists the run's slowest, slowest first", async () => {
    // One answer in seven 30 ms late: the slow calls are the ones ranked first.
    server = await startReferenceServer({ token, latency: { slow: { every: 7, ms: 30 } } });
    const { client, context } = kitFor(testSettings(server.url, token, { runs: 4, hostileRuns: 4 }));
    const results = await Promise.all(['custom-demand-list', 'bank-card-list'].map((id) => runOperation(findOperation(id)!, context)));
    await client.close();
    for (const result of results) {
      expect(result.latency!.requests).toBe(result.exchanges);
      expect(result.latency!.maxMs).toBeGreaterThanOrEqual(result.latency!.p95Ms);
      expect(result.latency!.p95Ms).toBeGreaterThanOrEqual(result.latency!.p50Ms);
    }
    const report = buildReport({
      target: { baseUrl: server.url, embedded: true, authScheme: 'bearer-no-space' },
      startedAt: new Date('2026-11-22T00:00:00Z'),
      durationMs: 1,
      seed: 1,
      runs: 4,
      results,
      flows: [],
      skipped: [],
      mapped: [],
      gate: defaultGate,
    });
    expect(report.operations.map((op) => op.latency?.requests)).toEqual(report.operations.map((op) => op.requests));
    const slowest = report.slowestRequests!;
    expect(slowest).toHaveLength(SLOWEST_KEPT);
    expect(slowest.map((call) => call.durationMs)).toEqual(slowest.map((call) => call.durationMs).sort((a, b) => b - a));
    // Held back 30 ms by the server before it answered: a bound that holds by construction.
    expect(slowest[0]!.durationMs).toBeGreaterThanOrEqual(29);
    for (const call of slowest) expect(call.repro).not.toContain(token);
  });
});
