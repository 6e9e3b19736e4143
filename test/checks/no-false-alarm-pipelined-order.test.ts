/**
 * pipelined-order stays quiet where the answers cannot be told apart, where the server answered
 * only the first request, and where the token is refused to the documented calls as well.
 */
import { describe, expect, it } from 'vitest';
import { recordOf } from '../../src/checks/call-record.js';
import { pipelinedOrder } from '../../src/checks/transport/pipelined-order.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { unauthorized } from './cases/fixtures.js';

const validator = createValidator();
const findings = (exchanges: readonly Exchange[]) =>
  pipelinedOrder.run(
    exchanges.map((exchange, rank) => recordOf(exchange, rank)),
    { validator },
  );
const probe = (path: string, shape: Parameters<typeof exchangeOf>[1] = {}) =>
  exchangeOf('bank-card-list', { intent: 'http-probe', path: `http-probe:${path}`, ...shape });

describe('pipelined-order', () => {
  it('no false alarm: a server that closed after the first answer, leaving the second unanswered', () => {
    expect(findings([exchangeOf('bank-card-list'), probe('pipelined')])).toEqual([]);
    expect(findings([exchangeOf('bank-card-list'), probe('pipelined', { body: unauthorized })])).toEqual([]);
  });

  it('no false alarm: an operation served without a token, both answers alike', () => {
    expect(findings([exchangeOf('bank-card-list'), probe('pipelined'), probe('pipelined-without-token')])).toEqual([]);
  });

  it('no false alarm: a token the server refuses to the documented calls too', () => {
    const calls = [exchangeOf('bank-card-list', { body: unauthorized }), probe('pipelined', { body: unauthorized }), probe('pipelined-without-token')];
    expect(findings(calls)).toEqual([]);
  });

  it('the refusal answered first, the call with the token second: reported once, naming both calls', () => {
    const found = findings([exchangeOf('bank-card-list'), probe('pipelined', { body: unauthorized }), probe('pipelined-without-token')]);
    expect(found).toHaveLength(1);
    expect(found[0]!.calls!.map((call) => call.path)).toEqual(['http-probe:pipelined', 'http-probe:pipelined-without-token']);
  });
});
