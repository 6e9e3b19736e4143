import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../support/exchange.js';
import { findingsOn } from '../support/judge.js';

/**
 * Found while running the hostile payloads: #14 "carries only data", so a server has no `error`
 * to refuse an order with; its `{ "data": {} }` was judged against the created order and flagged.
 * An empty `data` there is a refusal, not a broken record.
 */
describe('no false alarm: the alpha create-order refusal', () => {
  it('{ data: {} } on #14 is not checked against the created order', () => {
    const refusal = exchangeOf('alpha-order-create', { body: { data: {} } });
    expect(findingsOn(refusal)).toEqual(['info operation-verified /data']);
  });
});
