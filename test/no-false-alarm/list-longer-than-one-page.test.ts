import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../src/checks/types.js';
import { searchLists } from '../../src/flows/_internals/list-search.js';
import { exchangeOf } from '../support/exchange.js';

/** A list of #1 (no pageNo documented) whose answer holds a full page of other records, and says there are more pages. */
const page = (records: number, totalPage: number | undefined): Exchange =>
  exchangeOf('custom-demand-list', {
    body: {
      data: {
        ...(totalPage === undefined ? {} : { totalPage }),
        pageNo: 1,
        list: Array.from({ length: records }, (_, id) => ({ id, productPack: `other-${id}` })),
      },
      status: 'ok',
      code: '200',
      message: '',
      error: {},
    },
  });

const search = (answer: Exchange) =>
  searchLists(
    { call: async () => answer, seed: 1, mappedBody: () => undefined, secret: () => undefined },
    [{ operation: 'custom-demand-list', body: { pageSize: 3, status: 1 } }],
    (record) => String(record.productPack),
    new Set(['mine']),
  );

describe('a record not on the one page a list without pageNo shows is not "not listed"', () => {
  it('a full page that says more pages follow, or a full page without totalPage: the list was not read to its end', async () => {
    expect((await search(page(3, 4))).partial).toBe(true);
    expect((await search(page(3, undefined))).partial).toBe(true);
  });

  it('a page that holds the whole list: read to its end, and what it does not show is not there', async () => {
    expect((await search(page(2, 1))).partial).toBe(false);
    expect((await search(page(2, undefined))).partial).toBe(false);
  });
});
