import { describe, expect, it } from 'vitest';
import { findOperation } from '../../src/catalogue/operations.js';
import { callAtPath } from '../../src/engine/operation/call-at-path.js';
import { deleteCallAt, deletesRecords, ownRecordRecipes } from '../../src/engine/operation/own-records.js';
import { startReferenceServer } from '../../src/reference/server.js';
import { startRun } from '../../src/engine/schedule/run-plan.js';
import { testSettings } from '../support/kit.js';

const token = 'own-records-token';
const demandDelete = findOperation('custom-demand-delete')!;

/** The demands the list shows, by id, read through the list itself as any client would. */
async function demandIds(url: string): Promise<number[]> {
  const answer = await fetch(`${url}//pc/custom_demand/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `bearer${token}` },
    body: JSON.stringify({ pageSize: 500 }),
  });
  const body = (await answer.json()) as { data: { list: { id: number }[] } };
  return body.data.list.map((record) => record.id);
}

describe("a delete's valid calls remove only what the run made", () => {
  it('the delete operations are known, and the custom demand can be made without an operation map', () => {
    expect(deletesRecords(demandDelete)).toBe(true);
    expect(deletesRecords(findOperation('custom-demand-create')!)).toBe(false);
    expect([...ownRecordRecipes([], []).keys()]).toEqual(['custom-demand-delete']);
  });

  it('a path holds its payload: --replay sends the same body again', () => {
    for (const path of ['own-record:{"demandId":214}', 'unknown-id:{"demandId":2000000003}']) {
      expect(deleteCallAt(path)?.body).toBe(path.slice(path.indexOf(':') + 1));
      expect(callAtPath(demandDelete, path, 1)).toEqual({
        judgedAs: 'conforming',
        payload: JSON.parse(path.slice(path.indexOf(':') + 1)),
        body: path.slice(path.indexOf(':') + 1),
      });
    }
    expect(deleteCallAt('own-record:[1]')).toBeUndefined();
    expect(deleteCallAt('own-record:{not json}')).toBeUndefined();
  });

  it('each valid delDemand removes a demand the run created for it: every demand listed before the run is listed after it', async () => {
    const server = await startReferenceServer({ token });
    try {
      const before = await demandIds(server.url);
      const settings = testSettings(server.url, token, { coveragePass: false, hostileRuns: 0, authProbes: false, httpProbes: false, runs: 4 });
      const run = startRun(settings, { operations: [demandDelete], flows: [] });
      const result = await run.operation('custom-demand-delete');
      await run.finished;
      expect(await demandIds(server.url)).toEqual(before);
      expect(result.deviations).toEqual([]);
      // Four creates, one read of the list, four deletes.
      expect(result.exchanges).toBe(9);
    } finally {
      await server.close();
    }
  });
});
