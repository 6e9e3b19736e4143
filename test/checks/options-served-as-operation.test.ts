/** options-served-as-operation: an OPTIONS without a token answered as the operation, told from an OPTIONS answered for the path. */
import { describe, expect, it } from 'vitest';
import { optionsServedAsOperation } from '../../src/checks/abuse/options-served-as-operation.js';
import { recordOf } from '../../src/checks/call-record.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { notFound, refused, unauthorized } from './cases/fixtures.js';

const validator = createValidator();
const emptySuccess = { data: {}, status: 'success', code: '200', message: 'ok', error: {} };

/**
 * The documented call, a second valid call whose record is gone, a hostile call refused as bad input,
 * the call with no header (refused), and the OPTIONS probe answered with `options`.
 */
function judge(operationId: string, options: unknown, payload: Record<string, unknown> = { id: 3 }) {
  const exchanges: Exchange[] = [
    exchangeOf(operationId, { payload }),
    exchangeOf(operationId, { path: 'conforming:1', payload: { id: 4 }, body: notFound }),
    exchangeOf(operationId, { intent: 'hostile', path: 'hostile:0', payload: { id: -1 }, body: refused }),
    exchangeOf(operationId, { intent: 'auth-probe', path: 'auth-probe:no-header', payload, body: unauthorized }),
    exchangeOf(operationId, { intent: 'http-probe', path: 'http-probe:options', payload, ...(options === undefined ? {} : { body: options }) }),
  ];
  return optionsServedAsOperation.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    { validator },
  );
}

describe('options-served-as-operation', () => {
  it('a read whose OPTIONS answers its record: one finding', () => {
    expect(judge('bank-card-by-id', undefined)).toHaveLength(1);
  });

  it('a read whose OPTIONS answers an empty success envelope, or "no such record": none of its data, quiet', () => {
    expect(judge('bank-card-by-id', emptySuccess)).toEqual([]);
    expect(judge('bank-card-by-id', notFound)).toEqual([]);
  });

  it('a delete whose OPTIONS gets "no such record", as calls with the token do once the record is gone: one finding', () => {
    expect(judge('consignee-delete', notFound)).toHaveLength(1);
  });

  it('a delete whose OPTIONS gets a refusal of bad input that calls with the token got too, as a method the server does not take may: quiet', () => {
    expect(judge('consignee-delete', refused)).toEqual([]);
  });

  it('an OPTIONS answered with no body, or refused as the call with no header is, is quiet', () => {
    expect(judge('consignee-delete', '')).toEqual([]);
    expect(judge('consignee-delete', unauthorized)).toEqual([]);
  });

  it('not judged where the call with no header is served too', () => {
    const exchanges = [
      exchangeOf('consignee-delete', { intent: 'auth-probe', path: 'auth-probe:no-header', payload: { id: 3 } }),
      exchangeOf('consignee-delete', { intent: 'http-probe', path: 'http-probe:options', payload: { id: 3 } }),
    ];
    expect(
      optionsServedAsOperation.run(
        exchanges.map((exchange, rank) => recordOf(exchange, rank)),
        { validator },
      ),
    ).toEqual([]);
  });
});
