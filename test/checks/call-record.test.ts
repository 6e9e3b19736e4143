import { describe, expect, it } from 'vitest';
import { KEYS_KEPT, recordOf, VALUES_KEPT } from '../../src/checks/call-record.js';
import { exchangeOf } from '../support/exchange.js';

const page = (list: unknown[], extra: Record<string, unknown> = {}) => ({
  data: { totalPage: 3, pageNo: 2, list, ...extra },
  status: 'ok',
  code: '200',
  message: '',
  error: {},
});

describe('what a CallRecord keeps of a call', () => {
  it('a record with an id is keyed by it; one without by a digest of the whole record, the same for the same record', () => {
    const product = { code: 'P-1', cas: '64-17-5', price: 12.5 };
    const withIds = recordOf(exchangeOf('bank-card-list', { path: 'page:2:2', body: page([{ id: 7 }, { id: 'b8' }]) }), 0);
    expect(withIds.envelope!.keys).toEqual(['id:7', 'id:b8']);
    const products = recordOf(exchangeOf('beta-products-by-brand', { path: 'page:3:2', body: page([product, { ...product }, { ...product, price: 13 }]) }), 0);
    const [first, again, other] = products.envelope!.keys;
    expect(first).toMatch(/^#/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('keys only of the pages of a walk: the calls compared record by record', () => {
    expect(recordOf(exchangeOf('bank-card-list', { body: page([{ id: 7 }]) }), 0).envelope!.keys).toEqual([]);
  });

  it('what a page said of itself, and at most KEYS_KEPT keys of a long list', () => {
    const list = Array.from({ length: KEYS_KEPT + 5 }, (_, id) => ({ id }));
    const call = recordOf(exchangeOf('bank-card-list', { path: 'page-hostile:1005:2', body: page(list, { list }) }), 0);
    expect(call.envelope).toMatchObject({ records: KEYS_KEPT + 5, page: { pageNo: 2, totalPage: 3, listIsArray: true } });
    expect(call.envelope!.keys).toHaveLength(KEYS_KEPT);
    const notAList = recordOf(exchangeOf('bank-card-list', { body: page([], { list: null }) }), 0);
    expect(notAList.envelope!.page).toEqual({ pageNo: 2, totalPage: 3, listIsArray: false });
  });

  it('the values the records carry in the fields asked by, as text, each once, at most VALUES_KEPT of a field', () => {
    const list = [{ id: 1, status: 1 }, { id: 2, status: '1' }, { id: 3, status: 2 }, { id: 4, status: null }, { id: 5 }];
    const call = recordOf(exchangeOf('custom-demand-list', { payload: { pageSize: 5, status: 1 }, body: page(list) }), 0);
    expect(call.envelope!.fieldValues).toEqual({ status: ['1', '2'] });
    const many = Array.from({ length: VALUES_KEPT + 3 }, (_, id) => ({ id, status: id }));
    expect(recordOf(exchangeOf('custom-demand-list', { payload: { pageSize: 50, status: 1 }, body: page(many) }), 0).envelope!.fieldValues.status).toHaveLength(
      VALUES_KEPT,
    );
    const lookup = recordOf(exchangeOf('consignee-by-id', { payload: { id: 7 } }), 0);
    expect(lookup.envelope!.fieldValues).toEqual({ id: ['7'] });
  });

  it('what a valid call asked: its scalar top-level fields; nothing of a hostile one', () => {
    const asked = recordOf(exchangeOf('bank-card-list', { payload: { pageSize: 5, status: 1, note: 'x'.repeat(300), nested: { a: 1 }, flag: null } }), 0).asked;
    expect(asked).toEqual({ pageSize: 5, status: 1, flag: null });
    expect(
      recordOf(exchangeOf('bank-card-list', { intent: 'hostile', payload: { kind: 'boundary-number', description: 'pageSize: 1e308' } }), 0).asked,
    ).toEqual({});
  });
});
