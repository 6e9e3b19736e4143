import { describe, expect, it } from 'vitest';
import { headContent } from '../../src/checks/transport/head-content.js';
import type { Exchange } from '../../src/checks/types.js';
import { createValidator } from '../../src/validation/validator.js';
import { exchangeOf } from '../support/exchange.js';
import { runCheck } from '../support/run-check.js';

const validator = createValidator();
const headProbe = (connection: Exchange['connection']): Exchange => {
  const exchange = exchangeOf('custom-demand-delete', { intent: 'http-probe', path: 'http-probe:head', body: '' });
  return { ...exchange, request: { ...exchange.request, method: 'HEAD', body: undefined }, connection };
};

describe('head-content', () => {
  it('gives the octets that came after the answer to a HEAD', () => {
    const [finding] = runCheck(headContent, headProbe({ octetsAfterAnswer: 92 }), { validator });
    expect(finding!.actual).toBe('HTTP 200 to HEAD, then 92 octets before the connection closed');
  });

  it('says "more than" the cap where the server sent more than --max-body lets the kit read', () => {
    const [finding] = runCheck(headContent, headProbe({ octetsAfterAnswer: 262_144, octetsAfterAnswerBeyondCap: true }), { validator });
    expect(finding!.actual).toContain('more than 262144 octets (the kit stopped reading at --max-body)');
  });
});
