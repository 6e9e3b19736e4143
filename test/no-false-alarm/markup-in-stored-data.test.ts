import { describe, expect, it } from 'vitest';
import { cleanBody, exchangeOf, samplePayload } from '../support/exchange.js';
import { findingsOn } from '../support/judge.js';

/**
 * Found while building the hostile payloads: a server that stores a street of `<script>…` and
 * returns it in the created order was flagged as echoing markup. Records in `data` are the
 * client's to escape; only the result hints (and error pages) are what pages show as they are.
 */
describe('no false alarm: markup stored and returned in data', () => {
  it('markup-echo stays quiet when the markup comes back inside a record', () => {
    const payload = { ...samplePayload('beta-order-create'), soCaStreet: '<script>alert(1)</script>' };
    const body = cleanBody('beta-order-create', payload);
    const exchange = exchangeOf('beta-order-create', { intent: 'hostile', payload, body });
    expect(findingsOn(exchange).filter((f) => f.includes('markup-echo'))).toEqual([]);
  });
});
