import { describe, expect, it } from 'vitest';
import { byIdRecord } from '../../src/checks/asked/by-id-record.js';
import { findListedOperation } from '../../src/catalogue/listed-operations.js';
import { mappedOperation } from '../../src/catalogue/operation-map.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const context = { validator: createValidator() };
const envelope = (data: unknown) => ({ data, status: 'success', code: '200', message: '', error: {} });

/** An exchange of a detail of 4.1, placed at a path as an operation map would place it, sending the map's body. */
function detail(id: string, body: Record<string, unknown>, data: unknown): Exchange {
  const operation = mappedOperation(findListedOperation(id)!, { path: `/pc/${id}` }, body);
  return { ...exchangeOf('consignee-by-id', { payload: body, body: envelope(data) }), operation };
}

const paths = (exchange: Exchange) => runCheck(byIdRecord, exchange, context).map((finding) => finding.instancePath);

describe('by-id-record: a lookup answers the record its request names', () => {
  it('judges the lookups: #8, #9 and the details of 4.1, not a list nor a detail a map makes a list', () => {
    expect(byIdRecord.appliesTo!(exchangeOf('bank-card-by-id').operation)).toBe(true);
    expect(byIdRecord.appliesTo!(exchangeOf('consignee-by-id').operation)).toBe(true);
    expect(byIdRecord.appliesTo!(exchangeOf('consignee-delete').operation)).toBe(false);
    // delConsignment answers "one purchase order record shape (2.7)": the consignment its cid named.
    expect(byIdRecord.appliesTo!(exchangeOf('consignment-delete').operation)).toBe(true);
    expect(byIdRecord.appliesTo!(detail('custom-demand-detail', { demandId: 1 }, {}).operation)).toBe(true);
    const listed = mappedOperation(findListedOperation('custom-demand-detail')!, { path: '/pc/demands', pages: true }, { pageSize: 10 });
    expect(byIdRecord.appliesTo!(listed)).toBe(false);
  });

  it('compares as text: 7 and "7" are the same id', () => {
    expect(paths(exchangeOf('bank-card-by-id', { payload: { id: '7' }, body: envelope({ id: 7, consigneeName: '王芳' }) }))).toEqual([]);
    expect(paths(exchangeOf('bank-card-by-id', { payload: { id: 7 }, body: envelope({ id: ' 7', consigneeName: '王芳' }) }))).toEqual([]);
    expect(paths(exchangeOf('bank-card-by-id', { payload: { id: 7 }, body: envelope({ id: '8', consigneeName: '王芳' }) }))).toEqual(['/data/id']);
  });

  it('a record without an id, or with a null one, says nothing of which record it is', () => {
    expect(paths(exchangeOf('consignee-by-id', { payload: { id: 7 }, body: envelope({ consigneeName: '王芳' }) }))).toEqual([]);
    expect(paths(exchangeOf('consignee-by-id', { payload: { id: 7 }, body: envelope({ id: null, consigneeName: '王芳' }) }))).toEqual([]);
  });

  it('a detail of 4.1: the field of the name its body sends, else the record’s id for one id sent under another name', () => {
    expect(paths(detail('alpha-order-detail', { soNo: 'SO202606270030' }, { soId: 30, soNo: 'SO202606270030' }))).toEqual([]);
    expect(paths(detail('alpha-order-detail', { soNo: 'SO202606270030' }, { soId: 29, soNo: 'SO202606250029' }))).toEqual(['/data/soNo']);
    expect(paths(detail('custom-demand-detail', { demandId: 1 }, { id: 1, status: 0 }))).toEqual([]);
    expect(paths(detail('custom-demand-detail', { demandId: 1 }, { id: 200, status: 0 }))).toEqual(['/data/id']);
    expect(paths(detail('consignment-detail', { cid: '1' }, { id: 1 }))).toEqual([]);
    expect(paths(detail('consignment-detail', { cid: '1' }, { id: 2 }))).toEqual(['/data/id']);
  });

  it('no guess where the body sends two ids under other names, or the record carries its own: only the fields it names are compared', () => {
    expect(paths(detail('invoice-profile-detail', { profileId: 3, memberId: 9 }, { id: 3 }))).toEqual([]);
    expect(paths(detail('invoice-profile-detail', { id: 3, memberId: 9 }, { id: 3, memberName: 'x' }))).toEqual([]);
    expect(paths(detail('alpha-invoice-item-detail', { invoiceId: 4 }, { id: 5, invoiceId: 4 }))).toEqual([]);
  });

  it('a call of the coverage pass, by the body it sent: a whole number answered with another record fires, a value a server may read leniently does not', () => {
    const coverage = (body: string, record: unknown) => {
      const exchange = exchangeOf('consignment-delete', { intent: 'hostile', path: 'coverage:1', payload: body, body: envelope(record) });
      return { ...exchange, payload: { kind: 'numeric-text', description: `cid: ${body}` } };
    };
    expect(paths(coverage('{"cid":"0"}', { id: 1, productNumber: 'JS202601060001' }))).toEqual(['/data/id']);
    expect(paths(coverage('{"cid":-1}', { id: 1, productNumber: 'JS202601060001' }))).toEqual(['/data/id']);
    expect(paths(coverage('{"cid":"3abc"}', { id: 3, productNumber: 'JS202601060003' }))).toEqual([]);
    expect(paths(coverage('{"cid":"2.5"}', { id: 2, productNumber: 'JS202601060002' }))).toEqual([]);
    expect(paths(coverage('{"cid":"7"}', { id: 7, productNumber: 'JS202601060007' }))).toEqual([]);
    // A member planted beside the id (the coverage pass's server-owned-field class) names no record.
    expect(paths(coverage('{"cid":"7","status":987654321}', { id: 7, status: 1 }))).toEqual([]);
  });
});
