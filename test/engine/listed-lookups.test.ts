import { describe, expect, it } from 'vitest';
import { deviationsAgainst } from '../mutation-set/run-against.js';
import { findFault } from '../mutation-set/faults/catalogue.js';

const firstPageOnly = findFault('card-by-id-searches-first-page-only')!;
const checksOf = (deviations: readonly { readonly check: string }[]) => deviations.map((deviation) => deviation.check);

/** A lookup by id asks for the record its list shows first and the one it shows last. */
describe('the lookups of listed records', () => {
  it('a lookup that finds only the first page is reported, whether the run walks the list or the lookup reads its ends', async () => {
    const walked = await deviationsAgainst({ fault: firstPageOnly }, ['bank-card-list', 'bank-card-by-id'], { seed: 1 });
    const alone = await deviationsAgainst({ fault: firstPageOnly }, ['bank-card-by-id'], { seed: 1 });
    for (const run of [walked, alone]) expect(checksOf(run.deviations)).toContain('listed-record-found');
    const found = alone.deviations.find((deviation) => deviation.check === 'listed-record-found')!;
    expect(found.operation).toBe('/pc/customer/bankCardInfoById');
  });

  it('a clean server, with the state changes of the member account that delete cards and consignees: nothing reported', async () => {
    const account = ['bank-card-list', 'bank-card-by-id', 'bank-card-delete', 'consignee-list', 'consignee-by-id', 'consignee-delete'];
    const whole = await deviationsAgainst({}, account, { seed: 1 });
    const alone = await deviationsAgainst({}, ['bank-card-by-id'], { seed: 1 });
    expect(whole.deviations).toEqual([]);
    expect(alone.deviations).toEqual([]);
  });
});
