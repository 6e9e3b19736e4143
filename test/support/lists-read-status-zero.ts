import { expect, it } from 'vitest';
import { statusZeroListsAll } from '../../src/reference/variants.js';
import { deviationsAgainst } from '../mutation-set/run-against.js';
import { line } from './kit.js';

/** The lists whose status filter 0 may mean every status. */
const LISTS = ['custom-demand-list', 'purchase-order-list', 'bank-card-list', 'consignment-list'];

/** Against a server whose lists read status 0 as every status, under each seed: no deviation at all (the first seed in `npm test`, the other four in the sweep). */
export function itStaysQuietWhereStatusZeroListsAll(seeds: readonly number[]): void {
  it(`against a server whose lists read status 0 as every status: no deviation at all, under the seeds ${seeds.join(', ')}`, async () => {
    const runs = await Promise.all(seeds.map((seed) => deviationsAgainst({ variant: statusZeroListsAll }, LISTS, { seed })));
    expect(runs.flatMap(({ deviations }) => deviations.map(line))).toEqual([]);
  });
}
