import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../../src/reference/server.js';
import { writesAlongside } from '../../../src/reference/variants.js';
import { itPassesRunAfterRun, RUNS_IN_A_ROW } from '../../support/sandbox-runs.js';

/** Another client of the account creates and deletes records of its own while the runs read the lists. */
describe('the same verdict run after run while another client writes', () => {
  it('the other client does create records and delete them again', async () => {
    const server = await startReferenceServer({ token: 'other-client', variant: writesAlongside });
    try {
      const send = (path: string, body: unknown) =>
        fetch(`${server.url}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'bearerother-client' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ data: { list: Array<{ id: number; productPack: string }> } }>);
      const theirs = async () => (await send('/pc/custom_demand/list', { pageSize: 50 })).data.list.filter((demand) => demand.productPack === 'other-client');
      const seen = new Set<number>();
      for (let request = 0; request < 60; request++) for (const demand of await theirs()) seen.add(demand.id);
      const left = (await theirs()).map((demand) => demand.id);
      // More of its records came and went than are left: it deleted what it made.
      expect(seen.size).toBeGreaterThan(left.length);
      expect(left.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  itPassesRunAfterRun(writesAlongside, RUNS_IN_A_ROW.everyday);
});
