import { describe, expect, it } from 'vitest';
import { dataSchema } from '../../src/checks/data/data-schema.js';
import { sampleTypes } from '../../src/checks/data/sample-types.js';
import { createValidator, recordSchemaId } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();
const RECORDS = 60_000;

/** A page of bank cards whose id is a string and whose accountName is missing, in every record. */
function wrongPage(records: number) {
  const list = Array.from({ length: records }, (_, i) => ({ id: `c${i}`, bankName: 'B', bankAccount: '6222', createdAt: null }));
  return exchangeOf('bank-card-list', {
    payload: { pageSize: 10, status: 1 },
    body: { data: { totalPage: 1, pageNo: 1, list }, status: 'ok', code: '200', message: '', error: {} },
  });
}

describe('a page of wrong records gives one finding per cause, counted', () => {
  it(`${RECORDS.toLocaleString('en')} records with the same two faults: two findings, each at the first record, each counting every record`, () => {
    const findings = runCheck(dataSchema, wrongPage(RECORDS), { validator });
    expect(findings.map(({ instancePath, occurrences }) => ({ instancePath, occurrences }))).toEqual([
      { instancePath: '/data/list/0/accountName', occurrences: RECORDS },
      { instancePath: '/data/list/0/id', occurrences: RECORDS },
    ]);
  });

  it('a fault in one record only is found at that record, once', () => {
    const exchange = wrongPage(0);
    const body = exchange.response!.json.ok ? (exchange.response!.json.value as { data: { list: unknown[] } }) : undefined;
    body!.data.list.push(
      { id: 1, accountName: 'A', bankName: 'B', bankAccount: '6222', createdAt: null },
      { id: 2, accountName: 7, bankName: 'B', bankAccount: '6222', createdAt: null },
    );
    expect(runCheck(dataSchema, exchange, { validator })).toEqual([
      { instancePath: '/data/list/1/accountName', expected: 'string', actual: 'integer 7', params: { type: 'string' } },
    ]);
  });

  it('arrays inside a record are folded too: order lines of a created order', () => {
    const record = { items: Array.from({ length: 1000 }, () => ({ siNum: 'x' })) };
    const issues = validator.validate(recordSchemaId('created-order'), record);
    const siNum = issues.filter((issue) => issue.instancePath === '/items/0/siNum');
    expect(siNum).toEqual([expect.objectContaining({ keyword: 'type', occurrences: 1000 })]);
    expect(issues.every((issue) => !/\/items\/[1-9]/.test(issue.instancePath))).toBe(true);
  });

  it('errors and sample-type warnings are split as before, each folded', () => {
    const list = Array.from({ length: 500 }, (_, i) => ({ soId: i, soCaMobile: '13800000000' }));
    const exchange = exchangeOf('alpha-orders-list', {
      payload: { pageSize: 10, pageNo: 1 },
      body: { data: { totalPage: 1, pageNo: 1, list }, status: 'ok', code: '200', message: '', error: {} },
    });
    const warnings = runCheck(sampleTypes, exchange, { validator });
    expect(warnings.find((finding) => finding.instancePath === '/data/list/0/soCaMobile')?.occurrences).toBe(500);
    expect(runCheck(dataSchema, exchange, { validator }).every((finding) => finding.instancePath.startsWith('/data/list/0/'))).toBe(true);
  });
});
