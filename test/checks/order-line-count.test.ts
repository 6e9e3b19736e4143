import { describe, expect, it } from 'vitest';
import { orderLineCount } from '../../src/checks/orders/order-line-count.js';
import { createValidator } from '../../src/validation/validator.js';
import { cleanBody, exchangeOf } from '../support/exchange.js';
import { findingsOn } from '../support/judge.js';
import { orderHeader } from '../support/orders.js';
import { runCheck } from '../support/run-check.js';

type Json = Record<string, unknown>;
const context = { validator: createValidator() };

const order = (items: Json[]) => ({ ...orderHeader, items });
const line = (pCode: string, num = '2') => ({ pCode, brandId: '1', num });

/** The beta create-order answer to `payload`, its lines rewritten. */
function answered(payload: Json, rewrite: (lines: Json[]) => Json[]) {
  const body = cleanBody('beta-order-create', payload);
  const data = body.data as Json;
  return exchangeOf('beta-order-create', { payload, body: { ...body, data: { ...data, items: rewrite(data.items as Json[]) } } });
}

describe('order-line-count: as many lines for a product as items ordered', () => {
  it('a line repeated is one finding at the repeat; the first line is not', () => {
    const exchange = answered(order([line('A100001'), line('A100002')]), (lines) => [...lines, lines[1]!]);
    expect(runCheck(orderLineCount, exchange, context).map((finding) => finding.instancePath)).toEqual(['/data/items/2']);
  });

  it('a product ordered twice may have two lines', () => {
    const exchange = answered(order([line('A100001', '1'), line('A100001', '3')]), (lines) => lines);
    expect(runCheck(orderLineCount, exchange, context)).toEqual([]);
  });

  it('one finding per cause: a dropped line is order-lines-complete’s, a foreign one order-line-codes’, a repeat this check’s', () => {
    const payload = order([line('A100001'), line('A100002')]);
    expect(findingsOn(answered(payload, (lines) => lines.slice(0, 1)))).toEqual(['warning order-lines-complete /data/items']);
    expect(findingsOn(answered(payload, (lines) => [lines[0]!, { ...lines[1]!, pCode: 'Z9' }]))).toEqual([
      'warning order-line-codes /data/items/1/pCode',
      'warning order-lines-complete /data/items',
    ]);
    expect(findingsOn(answered(payload, (lines) => [lines[0]!, lines[0]!, lines[1]!]))).toEqual(['warning order-line-count /data/items/1']);
  });
});
