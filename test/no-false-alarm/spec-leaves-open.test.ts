import { describe, expect, it } from 'vitest';
import { cleanBody, exchangeOf, HTTP_DATE, samplePayload } from '../support/exchange.js';
import { findingsOn } from '../support/judge.js';

type Json = Record<string, unknown>;

function answered(operationId: string, rewrite: (body: Json) => Json, payload: Json = samplePayload(operationId)) {
  return exchangeOf(operationId, { payload, body: rewrite(cleanBody(operationId, payload)) });
}

const mapList = (body: Json, rewrite: (record: Json) => Json) => {
  const data = body.data as Json;
  return { ...body, data: { ...data, list: (data.list as Json[]).map(rewrite) } };
};

/** Where the spec says "not shown", the kit reports nothing, or less than an error. */
describe('what the spec leaves open is not a deviation', () => {
  it('createdAt as a string, a number or an object (2.10: type and format not shown)', () => {
    for (const createdAt of ['2026-11-22 10:15:00', 1795000000, { seconds: 1 }]) {
      const exchange = answered('custom-demand-list', (body) => mapList(body, (record) => ({ ...record, createdAt })), { pageSize: 5, status: 0 });
      expect(findingsOn(exchange)).toEqual([]);
    }
  });

  it('extra fields on records, on the envelope, and beside data on #14', () => {
    const list = answered('purchase-order-list', (body) => ({ ...mapList(body, (r) => ({ ...r, updatedAt: 1 })), requestId: 'x' }), {
      pageSize: 5,
      status: 1,
      cusType: '1',
    });
    const alpha = answered('alpha-order-create', (body) => ({ ...body, traceId: 'x' }));
    expect(findingsOn(list, alpha)).toEqual([]);
  });

  it('other values of code, status and message (7: not shown)', () => {
    const exchange = answered('send-code', (body) => ({ ...body, code: '0', status: 'OK', message: '' }));
    expect(findingsOn(exchange)).toEqual([]);
  });

  it('an empty list with totalPage 0, and a page past the end', () => {
    const empty = answered('bank-card-list', (body) => ({ ...body, data: { totalPage: 0, pageNo: 1, list: [] } }));
    const pastTheEnd = answered('beta-products-by-brand', (body) => body, { brandId: 1, pageSize: 50, pageNo: 99 });
    expect(findingsOn(empty, pastTheEnd)).toEqual([]);
  });

  it('an error result whose data is empty is not judged against the record (7 rule 1)', () => {
    const notFound = exchangeOf('consignee-by-id', {
      body: { data: {}, status: 'fail', code: '404', message: 'not found', error: { reason: 'not found' } },
    });
    expect(findingsOn(notFound)).toEqual(['info operation-verified /data']);
  });

  it('HTTP 429 after retries is information, not an error (8: rate limits not shown)', () => {
    const limited = exchangeOf('login', { status: 429, body: 'Too Many Requests', headers: { 'content-type': 'text/plain' } });
    expect(findingsOn(limited)).toEqual(['info rate-limited ']);
  });

  it('a hostile request refused with a 4xx and the envelope is a warning, not an error', () => {
    const refused = exchangeOf('login', { intent: 'hostile', status: 400, body: { data: {}, status: 'fail', code: '400', message: 'bad', error: { x: 1 } } });
    expect(findingsOn(refused)).toEqual(['warning http-status-client-error ']);
  });

  it('auth probes refused with HTTP 401 are observations, not deviations (5: behaviour not shown)', () => {
    // With its challenge, as RFC 9110 §11.6.1 has every 401 carry (www-authenticate reports one without).
    const challenge = { 'content-type': 'text/plain', date: HTTP_DATE, 'www-authenticate': 'Bearer realm="otp"' };
    const probe = exchangeOf('bank-card-list', { intent: 'auth-probe', path: 'auth-probe:no-header', status: 401, headers: challenge, body: 'Unauthorized' });
    expect(findingsOn(exchangeOf('bank-card-list', { payload: { pageSize: 5, status: 1 } }), probe)).toEqual([]);
  });
});
