import { describe, expect, it } from 'vitest';
import { operations, wirePath } from '../../../src/catalogue/operations.js';
import type { Operation } from '../../../src/catalogue/operations.js';
import { startRun } from '../../../src/engine/schedule/run-plan.js';
import { withIssuedCredentials } from '../../../src/engine/target/issued-credentials.js';
import { firstContactFor } from '../../../src/engine/target/first-contact.js';
import { referenceOperationMapFile } from '../../../src/reference/map-file.js';
import { type ReferenceServer, startReferenceServer } from '../../../src/reference/server.js';
import { buildReport } from '../../../src/report/report.js';
import { readOperationMap } from '../../../src/validation/operation-map-file.js';
import { sharedValidator } from '../../../src/validation/validator.js';
import { defaultGate } from '../../support/report.js';
import { flowsCalling, mappedWith, SELF_CHECK_CLOCK_MS, selfCheckSettings } from '../../mutation-set/run-against.js';

const SEED = 20261122;

/** The lists of the kinds a delete is documented for, each read whole as any client reads it. */
const DELETABLE_LISTS = ['custom-demand-list', 'consignment-list', 'consignee-list', 'bank-card-list', 'invoice-profile-list'];

async function idsListed(server: ReferenceServer, list: Operation): Promise<string[]> {
  const answer = await fetch(`${server.url}${wirePath(list)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `bearer${server.token}` },
    body: JSON.stringify({ pageSize: 1000, pageNo: 1 }),
  });
  const body = (await answer.json()) as { data: { list: { id: number }[] } };
  return body.data.list.map((record) => String(record.id)).sort();
}

async function holdings(server: ReferenceServer, lists: readonly Operation[]): Promise<Record<string, string[]>> {
  return Object.fromEntries(await Promise.all(lists.map(async (list) => [list.id, await idsListed(server, list)] as const)));
}

/** A demand another client creates before the run: #2 answers nothing, so it is found by its pack. */
async function anotherClientsDemand(server: ReferenceServer): Promise<string> {
  const call = (path: string, body: unknown) =>
    fetch(`${server.url}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer${server.token}` },
      body: JSON.stringify(body),
    }).then((answer) => answer.json() as Promise<{ data: { list?: { id: number; productPack: string }[] } }>);
  await call('/pc/custom_demand/create', { type: 1, cas: '64-17-5', level: 'AR', nums: 2, pack: 'another-client', price: 12 });
  const listed = await call('/pc/custom_demand/list', { pageSize: 10 });
  return String(listed.data.list?.find((record) => record.productPack === 'another-client')?.id);
}

/** A run on a shared sandbox leaves it as it found it, where the API documents a delete. */
describe('a full run leaves the sandbox as it found it', () => {
  it('what the run made of each deletable kind is deleted again, or listed as left with why; another client’s record stays; orders are listed as left', async () => {
    const server = await startReferenceServer({ token: 'sandbox-token', now: () => SELF_CHECK_CLOCK_MS });
    try {
      const mapped = mappedWith(server.credentials);
      const lists = [...operations, ...mapped].filter((op) => DELETABLE_LISTS.includes(op.id));
      expect(lists.map((list) => list.id).sort()).toEqual([...DELETABLE_LISTS].sort());
      const theirs = await anotherClientsDemand(server);
      const before = await holdings(server, lists);
      expect(before['custom-demand-list']).toContain(theirs);

      const settings = selfCheckSettings(server.url, {
        runs: 4,
        hostileRuns: 10,
        maxBodyBytes: 5 * 1024 * 1024,
        seed: SEED,
        token: server.token,
        secrets: [server.credentials.password],
      });
      const selected = [...operations, ...mapped];
      const contact = await firstContactFor(settings, selected, sharedValidator());
      expect(contact.kind).toBe('go-on');
      const run = await withIssuedCredentials({
        ...settings,
        ...(contact.kind === 'go-on' ? contact.form : {}),
        mapped,
        mappedFlows: readOperationMap(referenceOperationMapFile).flows,
      });
      const results = await startRun(run, {
        operations: selected,
        flows: flowsCalling(
          selected.map((op) => op.id),
          SEED,
        ),
      }).finished;

      const after = await holdings(server, lists);
      // What the operations' creates and the flows (the model's sets without a delete) left.
      const left = [...results.operations, ...results.flows].flatMap((result) => result.leftOnServer ?? []);
      // What the run made of each deletable kind is gone again, but for the records it lists as left, each with why.
      const kinds: Record<string, string> = {
        'custom-demand-list': 'custom demand',
        'consignment-list': 'consignment',
        'consignee-list': 'consignee',
        'bank-card-list': 'bank card',
        'invoice-profile-list': 'invoice profile',
      };
      for (const list of lists) {
        const added = after[list.id]!.filter((id) => !before[list.id]!.includes(id));
        expect({ list: list.id, added: added.length }).toEqual({ list: list.id, added: left.filter((record) => record.kind === kinds[list.id]).length });
      }
      expect(left.filter((record) => Object.values(kinds).includes(record.kind)).every((record) => record.reason.startsWith('not found on page 1'))).toBe(true);
      // The record another client made before the run is still there.
      expect(after['custom-demand-list']).toContain(theirs);
      // Orders have no delete documented: the report says so, with their numbers.
      const orders = left.filter((record) => record.kind === 'order');
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.every((record) => record.reason === 'no delete documented' && record.id !== undefined)).toBe(true);
      // report.json lists them, as facts: no deviation says so.
      const report = buildReport({
        target: { baseUrl: server.url, embedded: true, authScheme: 'bearer-no-space' },
        startedAt: new Date('2026-11-22T00:00:00Z'),
        durationMs: 1,
        seed: SEED,
        runs: 4,
        results: results.operations,
        flows: results.flows,
        skipped: [],
        mapped: [],
        gate: defaultGate,
      });
      // In the report's order (operations by the catalogue, then flows by theirs): the same records.
      const inOrder = (records: readonly object[]) => records.map((record) => JSON.stringify(record)).sort();
      expect(inOrder(report.leftOnServer ?? [])).toEqual(inOrder(left));
    } finally {
      await server.close();
    }
  });
});
