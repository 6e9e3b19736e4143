import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { findOperation, type Operation } from '../../src/catalogue/operations.js';
import { relations } from '../../src/checks/relations/index.js';
import { relationCallOf } from '../../src/checks/relations/relation.js';
import type { RunSettings } from '../../src/engine/schedule/settings.js';
import { runOperation } from '../../src/engine/operation/run-operation.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { faults } from '../mutation-set/faults/catalogue.js';
import { runMutants } from '../mutation-set/mutation.js';
import { kitFor, line, testSettings } from '../support/kit.js';
import { FIRST_SEED } from '../support/mutation-suite.js';

const token = 'relations-token';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The walk's own page size under the default bounds: what relation-read-unchanged asks. */
const WALK_PAGE_SIZE = 40;

function operation(id: string): Operation {
  const found = findOperation(id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** One operation run against `url`, with the walk and without generated calls or probes. */
async function runAt(url: string, operationId: string, overrides: Partial<RunSettings> = {}) {
  const { client, context } = kitFor(testSettings(url, token, { runs: 0, hostileRuns: 0, authProbes: false, httpProbes: false, ...overrides }));
  stops.push(() => client.close());
  return runOperation(operation(operationId), context);
}

const relationDeviations = (result: Awaited<ReturnType<typeof runAt>>) => result.deviations.filter((d) => d.check.startsWith('relation-')).map(line);

/**
 * A list of `count` custom demands, newest first, 1 to `count`, whose server runs `before` on each
 * request's body before it answers: another client writing, as the test has it.
 */
async function listServer(count: number, before: (body: string, records: Array<{ id: number; remark: string }>) => void) {
  const records = Array.from({ length: count }, (_, index) => ({ id: count - index, remark: 'note' }));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      before(text, records);
      let asked: { pageSize?: unknown; pageNo?: unknown } = {};
      try {
        asked = JSON.parse(text) as typeof asked;
      } catch {
        asked = {};
      }
      const pageSize = Number.isSafeInteger(asked.pageSize) && (asked.pageSize as number) > 0 ? (asked.pageSize as number) : 10;
      const pageNo = Number.isSafeInteger(asked.pageNo) && (asked.pageNo as number) > 0 ? (asked.pageNo as number) : 1;
      const list = records.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((record) => ({ ...record, status: 0, createdAt: null }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ data: { totalPage: Math.ceil(records.length / pageSize), pageNo, list }, status: 'success', code: '200', message: '', error: {} }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the relations phase', () => {
  it('asks a list of the clean reference server six calls of its own, and reports nothing', async () => {
    const reference = await startReferenceServer({ token });
    stops.push(() => reference.close());
    const withRelations = await runAt(reference.url, 'bank-card-list');
    const without = await runAt(reference.url, 'bank-card-list', { excludedChecks: relations.map((relation) => relation.id) });
    // relation-read-unchanged's page 1, twice; relation-page-order judges the walk's own pages;
    // relation-same-on-any-connection's list without status alone, after the list with it, and alone again.
    expect(withRelations.exchanges - without.exchanges).toBe(6);
    expect(relationDeviations(withRelations)).toEqual([]);
    expect(withRelations.byCheck['relation-page-order']?.evaluated).toBe(1);
  });

  it('asks nothing of an operation that changes state or answers no page', async () => {
    const reference = await startReferenceServer({ token });
    stops.push(() => reference.close());
    const fitting = relations.filter((relation) => ['custom-demand-create', 'bank-card-by-id', 'login'].some((id) => relation.fits(operation(id))));
    expect(fitting).toEqual([]);
  });
});

describe('no false alarm: another client writes between two requests of a relation', () => {
  it('a record added at the top of the list before every request shifts the pages, and breaks no relation', async () => {
    let next = 1000;
    const url = await listServer(30, (_, records) => records.unshift({ id: next++, remark: 'note' }));
    expect(relationDeviations(await runAt(url, 'custom-demand-list'))).toEqual([]);
  });

  it('a record edited once between the two reads of a page is asked once more, and reported only where it changes again', async () => {
    const pageOne = JSON.stringify({ pageSize: WALK_PAGE_SIZE, status: 0, pageNo: 1 });
    let asked = 0;
    const url = await listServer(30, (body, records) => {
      // The walk's page 1, then relation-read-unchanged's source: the edit lands between it and its follow-up.
      if (body === pageOne && ++asked === 3 && records[0]) records[0].remark = 'edited by another client';
    });
    const result = await runAt(url, 'custom-demand-list');
    expect(relationDeviations(result)).toEqual([]);
    // The pair asked once more: the walk's page 1, the first pair, the second.
    expect(asked).toBe(5);
  });
});

// The other four seeds: test/sweep/, where every fault of the mutation set runs under each.
describe('each relation fires against its fault of the mutation set, under the first mutation seed', () => {
  // The relation the model asks around its writes has its test with the model's (test/model/listed-as-looked-up.test.ts).
  const relationFaults = faults.filter((fault) => relations.some((relation) => relation.id === fault.expect.check));

  it('every relation has a fault', () => {
    expect(new Set(relationFaults.map((fault) => fault.expect.check))).toEqual(new Set(relations.map((relation) => relation.id)));
  });

  it.each(relationFaults.map((fault) => [fault.name, fault] as const))('%s', async (_, fault) => {
    const score = await runMutants([fault], [FIRST_SEED]);
    const [verdict] = score.verdicts;
    expect(verdict?.missedUnder).toEqual([]);
    const caught = verdict?.bySeed[0]?.caughtBy;
    const evidence = caught?.steps ?? [];
    // Both requests as the steps of its evidence: the source and its follow-ups, asked once more, each its curl line.
    expect(evidence.map((step) => relationCallOf(step.path)?.role)).toContain('source');
    expect(evidence.some((step) => typeof relationCallOf(step.path)?.role === 'number')).toBe(true);
    for (const step of evidence) expect(step.request.body).toBe(JSON.stringify(relationCallOf(step.path)?.payload));
    expect(caught?.repro.split('\n').filter((command) => command.startsWith('curl '))).toHaveLength(evidence.length);
  });
});
