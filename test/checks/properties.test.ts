import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/catalogue/operations.js';
import { validPayload } from '../../src/generators/payloads.js';
import { cleanBody, exchangeOf } from '../support/exchange.js';
import { findingsOn } from '../support/judge.js';

describe('checks, as properties', () => {
  for (const operation of operations) {
    it(`${operation.id}: the reference answer to any valid payload yields no finding, and the same one each time`, () => {
      fc.assert(
        fc.property(validPayload(operation.id), (payload) => {
          const exchange = exchangeOf(operation.id, { payload, body: cleanBody(operation.id, payload) });
          const first = findingsOn(exchange);
          expect(first).toEqual([]);
          expect(findingsOn(exchange)).toEqual(first);
        }),
        { seed: 20261122, numRuns: 40 },
      );
    });
  }

  it('dropping any documented field of a record yields exactly data-schema at that field', () => {
    const payload = { pageSize: 3, status: 1 };
    const body = cleanBody('custom-demand-list', payload);
    const record = ((body.data as Record<string, unknown>).list as Record<string, unknown>[])[0]!;
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(record)), (field) => {
        const { [field]: _dropped, ...rest } = record;
        const exchange = exchangeOf('custom-demand-list', { payload, body: { ...body, data: { ...(body.data as object), list: [rest] } } });
        expect(findingsOn(exchange)).toEqual([`error data-schema /data/list/0/${field}`]);
      }),
      { seed: 7, numRuns: 30 },
    );
  });
});
