import { describe, expect, it } from 'vitest';
import { listSelector } from '../../src/checks/asked/list-selector.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf } from '../support/exchange.js';

const context = { validator: createValidator() };
const brandOnePage = cleanBody('beta-products-by-brand', { brandId: 1, pageSize: 10, pageNo: 1 });
const findings = (...exchanges: Exchange[]) =>
  listSelector.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    context,
  );

/** A call of the coverage pass: judged as hostile, its class in the payload, its body as sent. */
function coverageCall(body: string, coverageClass: string): Exchange {
  const exchange = exchangeOf('beta-products-by-brand', { intent: 'hostile', path: 'coverage:3', payload: { kind: coverageClass }, body: brandOnePage });
  return { ...exchange, request: { ...exchange.request, body } };
}

describe('list-selector: two values of the field a list is named after, two sets of records', () => {
  it('fires on a coverage-pass call that answers brand 1’s records for another brand', () => {
    const brandOne = exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 10, pageNo: 1 } });
    const other = coverageCall('{"brandId":2147483647,"pageSize":10,"pageNo":1}', 'int32-max');
    expect(findings(brandOne, other).map((finding) => finding.actual)).toEqual(['the same 10 records for brandId 1 and 2147483647']);
  });

  it('judges no member written twice, and no value of another type than the documented integer', () => {
    const brandOne = exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 10, pageNo: 1 } });
    // A server may read either of the two brandIds: the first is 1.
    expect(findings(brandOne, coverageCall('{"brandId":1,"pageSize":10,"pageNo":1,"brandId":0}', 'duplicate-key'))).toEqual([]);
    // A server may read true or 1.5 as 1.
    expect(findings(brandOne, coverageCall('{"brandId":true,"pageSize":10,"pageNo":1}', 'wrong-type'))).toEqual([]);
    expect(findings(brandOne, coverageCall('{"brandId":1.5,"pageSize":10,"pageNo":1}', 'decimal'))).toEqual([]);
    // 0 and -1 name no brand: a server may read them as every brand.
    const everyBrand = (value: number) => coverageCall(`{"brandId":${value},"pageSize":10,"pageNo":1}`, 'zero');
    expect(findings(everyBrand(0), everyBrand(-1))).toEqual([]);
  });

  it('compares only calls alike but for the brand: other pages of one brand are not judged', () => {
    const pageOne = exchangeOf('beta-products-by-brand', { payload: { brandId: 1, pageSize: 10, pageNo: 1 } });
    const pageTwoSameRecords = exchangeOf('beta-products-by-brand', { payload: { brandId: 2, pageSize: 10, pageNo: 2 }, body: brandOnePage });
    expect(findings(pageOne, pageTwoSameRecords)).toEqual([]);
  });
});
